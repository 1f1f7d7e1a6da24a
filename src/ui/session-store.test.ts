import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  customerEmail,
  provideSessionCheck,
  session,
  sessionCheck,
  whenSessionKnown,
  type User,
} from './session-store';

const user: User = {
  firstname: 'Matti',
  lastname: 'Meikäläinen',
  email: 'matti@example.fi',
  emailConfirmation: 'matti@example.fi',
  phone: '+358401234567',
  telephonePrefix: 'FIN|358',
  telephoneNumber: '401234567',
  marketing: [],
  cards: [],
};

afterEach(() => {
  session.loggedIn = false;
  session.user = null;
});

describe('customerEmail', () => {
  it('is undefined for a guest', () => {
    expect(customerEmail()).toBeUndefined();
  });
  it('is the account e-mail when logged in', () => {
    session.user = user;
    session.loggedIn = true;
    expect(customerEmail()).toBe('matti@example.fi');
  });
  it('is undefined when a user is known but not logged in, or the e-mail is blank', () => {
    session.user = user;
    expect(customerEmail()).toBeUndefined();
    session.loggedIn = true;
    session.user = { ...user, email: ' ' };
    expect(customerEmail()).toBeUndefined();
  });
});

describe('whenSessionKnown', () => {
  afterEach(() => {
    sessionCheck.done = false;
    provideSessionCheck(() => {});
    vi.useRealTimers();
  });

  it('starts the check when nobody has (a first add before the client extras), and not once it is done', async () => {
    const start = vi.fn(() => {
      queueMicrotask(() => {
        sessionCheck.done = true;
      });
    });
    provideSessionCheck(start);
    await whenSessionKnown();
    expect(start).toHaveBeenCalledTimes(1);
    await whenSessionKnown();
    expect(start).toHaveBeenCalledTimes(1);
  });

  it('waits for the first auth check, then resolves with the account known', async () => {
    let resolved = false;
    const known = whenSessionKnown().then(() => {
      resolved = true;
      return customerEmail();
    });
    await Promise.resolve();
    expect(resolved).toBe(false);
    session.user = user;
    session.loggedIn = true;
    sessionCheck.done = true;
    expect(await known).toBe('matti@example.fi');
  });

  it('resolves at once when the check is done, and after the time limit when it never ends', async () => {
    sessionCheck.done = true;
    await whenSessionKnown();
    sessionCheck.done = false;
    vi.useFakeTimers();
    const known = whenSessionKnown(1000);
    vi.advanceTimersByTime(1000);
    await known;
  });
});
