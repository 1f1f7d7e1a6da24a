import { afterEach, describe, expect, it } from 'vitest';
import { customerEmail, session, type User } from './session-store';

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
