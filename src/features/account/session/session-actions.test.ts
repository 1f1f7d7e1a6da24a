/**
 * The session transitions of spec §4 with the site server answered by a stub fetch:
 * AUTHORIZED loads the customer and sets loggedIn; UNAUTHORIZED and an empty customer
 * record reset the user; logout clears user and flag, or on failure keeps them and shows
 * 'messages.something-went-wrong'.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { notificationsStore } from '@/ui/notifications-store';
import { checkSession, logout, sessionCheck } from './session-actions';
import { session } from '@/ui/session-store';
import { userLabel } from './user-label';

type Answer = { status: number; headers?: Record<string, string>; body?: unknown };

function stubFetch(answers: Record<string, Answer>) {
  const calls: Array<{ url: string; headers: Record<string, string> }> = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    calls.push({ url, headers: init.headers as Record<string, string> });
    const answer = answers[url];
    if (!answer) throw new TypeError('Failed to fetch');
    return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), {
      status: answer.status,
      headers: answer.headers ?? {},
    });
  });
  return calls;
}

const customer = {
  firstName: 'Matti',
  lastName: 'Meikäläinen',
  emailToken: 'matti@example.fi',
  phoneNumber: '+358401234567',
  marketing: ['email'],
};
const card = {
  id: 'c1',
  kind: 'fuel',
  maskedNumber: '•••• 4821',
  holder: 'Matti',
  expires: '2028-06',
  status: 'active',
};

beforeEach(() => {
  // Notifications are let in only after hydration in a browser; the test plays the browser.
  vi.stubGlobal('window', globalThis);
  notificationsStore.ready = true;
  notificationsStore.items = [];
});

afterEach(() => {
  vi.unstubAllGlobals();
  session.loggedIn = false;
  session.user = null;
  sessionCheck.done = false;
});

describe('checkSession', () => {
  it('AUTHORIZED loads the customer and cards and sets loggedIn', async () => {
    const calls = stubFetch({
      '/api/v1/auth': { status: 204, headers: { 'user-status': 'AUTHORIZED' } },
      '/proxy/customers/v1/customer': { status: 200, body: customer },
      '/proxy/customers/v1/cards': { status: 200, body: [card] },
    });
    await checkSession('sv-SE');
    expect(session.loggedIn).toBe(true);
    expect(session.user).toMatchObject({
      firstname: 'Matti',
      lastname: 'Meikäläinen',
      email: 'matti@example.fi',
      emailConfirmation: 'matti@example.fi',
      phone: '+358401234567',
      telephonePrefix: 'FIN|358',
      telephoneNumber: '401234567',
      marketing: ['email'],
    });
    expect(session.user?.cards).toHaveLength(1);
    expect(sessionCheck.done).toBe(true);
    // Every call carries the locale header (spec §7).
    expect(calls.every((call) => call.headers['x-st1-locale'] === 'sv-SE')).toBe(true);
  });

  it('UNAUTHORIZED leaves (or makes) the visitor a guest without loading the customer', async () => {
    session.loggedIn = true;
    session.user = { firstname: 'Old' } as never;
    const calls = stubFetch({ '/api/v1/auth': { status: 204, headers: { 'user-status': 'UNAUTHORIZED' } } });
    await checkSession('fi-FI');
    expect(session.loggedIn).toBe(false);
    expect(session.user).toBeNull();
    expect(calls.map((call) => call.url)).toEqual(['/api/v1/auth']);
  });

  it('an empty customer record resets the user', async () => {
    stubFetch({
      '/api/v1/auth': { status: 204, headers: { 'user-status': 'AUTHORIZED' } },
      '/proxy/customers/v1/customer': { status: 200, body: {} },
      '/proxy/customers/v1/cards': { status: 200, body: [] },
    });
    await checkSession('fi-FI');
    expect(session.loggedIn).toBe(false);
    expect(session.user).toBeNull();
  });

  it('a failed check (network) leaves a guest and still ends the check', async () => {
    stubFetch({});
    await checkSession('fi-FI');
    expect(session.loggedIn).toBe(false);
    expect(sessionCheck.done).toBe(true);
  });
});

/**
 * A fetch whose auth checks answer in the order the test releases them: each call to
 * /api/v1/auth waits for `answerAuth(status)`; the customer and cards answer at once.
 */
function stubHeldAuth() {
  const held: Array<(status: string) => void> = [];
  vi.stubGlobal('fetch', async (url: string) => {
    if (url === '/api/v1/auth') {
      const status = await new Promise<string>((resolve) => held.push(resolve));
      return new Response(null, { status: 204, headers: { 'user-status': status } });
    }
    if (url === '/proxy/customers/v1/customer') return new Response(JSON.stringify(customer), { status: 200 });
    if (url === '/proxy/customers/v1/cards') return new Response('[]', { status: 200 });
    if (url === '/api/v1/logout') return new Response(null, { status: 204 });
    throw new TypeError('Failed to fetch');
  });
  const nextCheck = async () => {
    await vi.waitFor(() => expect(held.length).toBeGreaterThan(0));
    return held.shift()!;
  };
  return { checksSent: () => held.length, nextCheck };
}

describe('a check sent before a login or logout', () => {
  it("a login answered while the page's first check is out shows the customer, not that check's guest", async () => {
    const auth = stubHeldAuth();
    const first = checkSession('en-EU');
    const answerFirst = await auth.nextCheck();
    // The login has answered (its cookie is set): the login form asks again.
    const afterLogin = checkSession('en-EU', { sessionChanged: true });
    const answerAfterLogin = await auth.nextCheck();
    answerAfterLogin('AUTHORIZED');
    await afterLogin;
    expect(session.loggedIn).toBe(true);
    expect(userLabel(session.user?.firstname ?? null, 'Log in')).toBe('Matti');
    // The first check, sent as a guest, answers last: its answer is for a session that is gone.
    answerFirst('UNAUTHORIZED');
    await first;
    expect(session.loggedIn).toBe(true);
    expect(sessionCheck.done).toBe(true);
  });

  it('a check sent before a logout does not sign the customer back in', async () => {
    session.loggedIn = true;
    session.user = { firstname: 'Matti' } as never;
    const auth = stubHeldAuth();
    const check = checkSession('fi-FI');
    const answer = await auth.nextCheck();
    expect(await logout('fi-FI')).toBe(true);
    answer('AUTHORIZED');
    await check;
    expect(session.loggedIn).toBe(false);
    expect(session.user).toBeNull();
  });

  it('checks for the same session share one request', async () => {
    const auth = stubHeldAuth();
    const first = checkSession('fi-FI');
    const second = checkSession('fi-FI');
    (await auth.nextCheck())('UNAUTHORIZED');
    await Promise.all([first, second]);
    expect(auth.checksSent()).toBe(0);
    expect(sessionCheck.done).toBe(true);
  });
});

describe('logout', () => {
  beforeEach(() => {
    session.loggedIn = true;
    session.user = { firstname: 'Matti' } as never;
  });

  it('calls the endpoint, then clears the user and the flag', async () => {
    const calls = stubFetch({ '/api/v1/logout': { status: 204 } });
    expect(await logout('fi-FI')).toBe(true);
    expect(calls.map((call) => call.url)).toEqual(['/api/v1/logout']);
    expect(session.loggedIn).toBe(false);
    expect(session.user).toBeNull();
    expect(notificationsStore.items).toHaveLength(0);
  });

  it("on failure keeps the user and shows 'messages.something-went-wrong'", async () => {
    stubFetch({ '/api/v1/logout': { status: 502, body: { status: 502, code: 'BAD_GATEWAY', message: 'x' } } });
    expect(await logout('fi-FI')).toBe(false);
    expect(session.loggedIn).toBe(true);
    expect(notificationsStore.items).toMatchObject([
      { type: 'error', message: 'messages.something-went-wrong', translate: true },
    ]);
  });
});

describe('userLabel (spec §4)', () => {
  it('is the first name when logged in, else the login text', () => {
    expect(userLabel('Matti', 'Kirjaudu')).toBe('Matti');
    expect(userLabel(null, 'Kirjaudu')).toBe('Kirjaudu');
    expect(userLabel('  ', 'login')).toBe('login');
  });
});
