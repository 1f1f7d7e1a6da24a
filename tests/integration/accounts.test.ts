/**
 * Accounts end to end on the servers: the site server's /api/v1 account routes and
 * /proxy customer endpoints against a real origin on a fresh SQLite file.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_CUSTOMERS } from '../../server/origin/accounts/seed-accounts';
import { hashPassword, tokenHash } from '../../server/origin/auth/secrets';
import { TEST_PASSWORD_COST } from './support/password-cost';
import { createCustomersRepository } from '../../server/origin/accounts/customers-repository';
import {
  LOGIN_FAILURE_LIMIT,
  createLoginFailuresRepository,
} from '../../server/origin/accounts/login-failures-repository';
import { createOutboxRepository } from '../../server/origin/outbox/outbox-repository';
import type { RunningOrigin } from '../../server/origin/start';
import { ACCOUNT_PAGES, ACCOUNT_PATHS, accountHref } from '#shared/account-paths';
import { LOCALE_INFO, type Locale } from '#shared/locales';
import { requireProductionBuild, startSiteWithOrigin, type SiteWithOrigin } from './support/site-with-origin';

requireProductionBuild('tests/integration/accounts.test.ts');

const [matti, anna] = DEMO_CUSTOMERS;
let env: SiteWithOrigin;
let origin: RunningOrigin;
let app: FastifyInstance;

beforeAll(async () => {
  env = await startSiteWithOrigin('accounts');
  origin = env.origin;
  app = await env.site();
});

afterAll(() => env?.close());

let addressCounter = 1;
/** Each test gets its own client address, so that per-address limits do not leak between tests. */
const newAddress = () => `10.0.${Math.floor(addressCounter / 250)}.${(addressCounter++ % 250) + 1}`;

const sameSite = { origin: 'http://localhost', 'x-st1-locale': 'en-EU', host: 'localhost' };

function post(
  url: string,
  payload: unknown,
  options: { cookie?: string; headers?: Record<string, string | undefined>; address?: string } = {},
) {
  const headers: Record<string, string> = {};
  const merged = {
    ...sameSite,
    'content-type': 'application/json',
    ...(options.cookie ? { cookie: options.cookie } : {}),
    ...options.headers,
  };
  for (const [name, value] of Object.entries(merged)) if (value !== undefined) headers[name] = value;
  return app.inject({
    method: 'POST',
    url,
    payload: payload as InjectOptions['payload'],
    remoteAddress: options.address ?? '10.9.9.9',
    headers,
  });
}
function get(url: string, cookie?: string, headers: Record<string, string> = {}) {
  return app.inject({
    method: 'GET',
    url,
    headers: { host: 'localhost', 'x-st1-locale': 'en-EU', ...(cookie ? { cookie } : {}), ...headers },
  });
}

function sessionCookie(response: LightMyRequestResponse): string {
  const cookie = response.cookies.find((item) => item.name === 'st1_session');
  expect(cookie?.value).toBeTruthy();
  return `st1_session=${cookie!.value}`;
}

async function login(email: string, password: string, address = newAddress()): Promise<string> {
  const response = await post('/api/v1/login', { email, password }, { address });
  expect(response.statusCode, response.body).toBe(200);
  return sessionCookie(response);
}

async function authStatus(cookie?: string) {
  const response = await get('/api/v1/auth', cookie);
  expect(response.statusCode).toBe(204);
  return response.headers['user-status'];
}

async function latestMail(recipient: string) {
  const [message] = await createOutboxRepository(origin.db).listFor(recipient, 1);
  return message;
}
const tokenIn = (body: string) => /token=([A-Za-z0-9_-]+)/.exec(body)?.[1];

describe('login and the session', () => {
  it('logs in, sets a HttpOnly SameSite=Lax cookie, and the auth check says AUTHORIZED', async () => {
    const response = await post(
      '/api/v1/login',
      { email: matti.email, password: matti.password },
      { address: newAddress() },
    );
    expect(response.statusCode).toBe(200);
    expect(response.headers['user-status']).toBe('AUTHORIZED');
    const cookie = response.cookies.find((item) => item.name === 'st1_session')!;
    expect(cookie.httpOnly).toBe(true);
    expect(cookie.sameSite).toBe('Lax');
    expect(cookie.path).toBe('/');
    expect(cookie.secure).toBeFalsy();
    expect(cookie.maxAge).toBeGreaterThan(24 * 3600);
    expect(response.body).not.toContain(cookie.value);
    expect(await authStatus(`st1_session=${cookie.value}`)).toBe('AUTHORIZED');
    expect(await authStatus()).toBe('UNAUTHORIZED');
  });

  it('marks the cookie Secure over https (behind a trusted TLS proxy)', async () => {
    const secureApp = await env.site({ TRUST_PROXY: '10.0.0.0/8' });
    const response = await secureApp.inject({
      method: 'POST',
      url: '/api/v1/login',
      payload: { email: matti.email, password: matti.password },
      remoteAddress: newAddress(),
      headers: {
        host: 'www.st1.fi',
        'x-forwarded-proto': 'https',
        origin: 'https://www.st1.fi',
        'x-st1-locale': 'fi-FI',
      },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.cookies.find((item) => item.name === 'st1_session')?.secure).toBe(true);
  });

  it('gives the same answer for an unknown e-mail and a wrong password', async () => {
    const unknown = await post(
      '/api/v1/login',
      { email: 'nobody@example.fi', password: 'Whatever-123' },
      { address: newAddress() },
    );
    const wrong = await post(
      '/api/v1/login',
      { email: matti.email, password: 'Wrong-password-1' },
      { address: newAddress() },
    );
    expect(unknown.statusCode).toBe(401);
    expect(wrong.statusCode).toBe(401);
    expect(unknown.body).toBe(wrong.body);
    expect(unknown.cookies).toHaveLength(0);
  });

  it('rotates the session on login: the old token stops working', async () => {
    const first = await login(matti.email, matti.password);
    const response = await post(
      '/api/v1/login',
      { email: matti.email, password: matti.password },
      { cookie: first, address: newAddress() },
    );
    const second = sessionCookie(response);
    expect(second).not.toBe(first);
    expect(await authStatus(first)).toBe('UNAUTHORIZED');
    expect(await authStatus(second)).toBe('AUTHORIZED');
  });

  it('revokes the session on logout (GET and POST), and clears the cookie', async () => {
    for (const method of ['GET', 'POST'] as const) {
      const cookie = await login(matti.email, matti.password);
      const response =
        method === 'GET' ? await get('/api/v1/logout', cookie) : await post('/api/v1/logout', {}, { cookie });
      expect(response.statusCode).toBe(204);
      expect(response.cookies.find((item) => item.name === 'st1_session')?.value).toBe('');
      expect(await authStatus(cookie)).toBe('UNAUTHORIZED');
      expect((await get('/proxy/customers/v1/customer', cookie)).statusCode).toBe(401);
    }
  });

  it('ends an expired session', async () => {
    const cookie = await login(anna.email, anna.password);
    const token = cookie.split('=')[1]!;
    await origin.db
      .updateTable('customer_sessions')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('token_hash', '=', tokenHash(token))
      .execute();
    const response = await get('/api/v1/auth', cookie);
    expect(response.headers['user-status']).toBe('UNAUTHORIZED');
    expect(response.cookies.find((item) => item.name === 'st1_session')?.value).toBe('');
  });

  it('treats a malformed cookie as no session', async () => {
    expect(await authStatus('st1_session=%00%ff;;')).toBe('UNAUTHORIZED');
    expect(await authStatus(`st1_session=${'a'.repeat(5000)}`)).toBe('UNAUTHORIZED');
  });

  it('refuses malformed login bodies with 400', async () => {
    const address = newAddress();
    const invalid = await post('/api/v1/login', { email: 5 }, { address });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json()).toMatchObject({
      status: 400,
      code: 'BAD_REQUEST',
      message: expect.stringContaining('email'),
    });
    const malformed = await post('/api/v1/login', '{"email":', { address });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toEqual({
      status: 400,
      code: 'BAD_REQUEST',
      message: 'The request body is not valid JSON',
    });
  });

  // Non-JSON bodies are bad input (400) — a clear JSON error, not the framework's 415.
  const stateChanging = [
    '/api/v1/login',
    '/api/v1/logout',
    '/api/v1/form/submit',
    '/api/v1/account/register',
    '/api/v1/account/forgot-password',
    '/api/v1/account/confirm-email',
    '/api/v1/account/reset-password',
    '/api/v1/account/customer',
    '/api/v1/account/password',
  ];
  const notJson = [
    { 'content-type': 'application/x-www-form-urlencoded', payload: 'email=a&password=b' },
    { 'content-type': 'text/plain', payload: '{"email":"a","password":"b"}' },
    { 'content-type': 'multipart/form-data; boundary=x', payload: '--x\r\n\r\nb\r\n--x--' },
    { 'content-type': 'application/xml', payload: '<login/>' },
  ];

  it('answers a non-JSON body on every state-changing /api/v1 route with a 400 JSON error', async () => {
    for (const url of stateChanging) {
      for (const { 'content-type': contentType, payload } of notJson) {
        const response = await post(url, payload, { address: newAddress(), headers: { 'content-type': contentType } });
        expect(response.statusCode, `${url} ${contentType}`).toBe(400);
        expect(response.headers['content-type']).toMatch(/^application\/json/);
        expect(response.json(), `${url} ${contentType}`).toEqual({
          status: 400,
          code: 'BAD_REQUEST',
          message: 'The request body must be JSON (content-type: application/json)',
        });
      }
    }
  });

  it('answers malformed JSON on every state-changing /api/v1 route with a 400 JSON error', async () => {
    for (const url of stateChanging) {
      for (const payload of ['{"email":', 'not json', '{"a":1}}']) {
        const response = await post(url, payload, { address: newAddress() });
        expect(response.statusCode, `${url} ${payload}`).toBe(400);
        expect(response.json()).toEqual({
          status: 400,
          code: 'BAD_REQUEST',
          message: 'The request body is not valid JSON',
        });
      }
    }
  });
});

describe('rate limits', () => {
  it('limits login attempts per address', async () => {
    const address = newAddress();
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 21; attempt += 1) {
      const response = await post('/api/v1/login', { email: `x${attempt}@example.fi`, password: 'x' }, { address });
      statuses.push(response.statusCode);
    }
    expect(statuses.slice(0, 20).every((status) => status === 401)).toBe(true);
    expect(statuses[20]).toBe(429);
  });

  it('limits login attempts per account from many addresses', async () => {
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 11; attempt += 1) {
      const response = await post(
        '/api/v1/login',
        { email: 'Target@Example.fi', password: `guess-${attempt}` },
        { address: newAddress() },
      );
      statuses.push(response.statusCode);
    }
    expect(statuses.slice(0, 10).every((status) => status === 401)).toBe(true);
    expect(statuses[10]).toBe(429);
    const refused = await post(
      '/api/v1/login',
      { email: ' target@example.fi ', password: 'x' },
      { address: newAddress() },
    );
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['content-type']).toMatch(/^application\/json/);
    expect(refused.headers['cache-control']).toBe('private, no-store');
    expectRetryAfter(refused.headers['retry-after']);
    expect(refused.json()).toEqual({
      status: 429,
      code: 'TOO_MANY_REQUESTS',
      message: expect.stringMatching(/^Too many attempts, try again in \d+ s$/),
      reason: 'account-locked',
    });
  });
});

/** A retry-after in seconds, within the per-account window. */
function expectRetryAfter(value: unknown) {
  expect(value).toMatch(/^\d+$/);
  expect(Number(value)).toBeGreaterThan(0);
  expect(Number(value)).toBeLessThanOrEqual(LOGIN_FAILURE_LIMIT.windowMs / 1000);
}

/** The origin's login endpoint, called directly (as any copy of the site server does). */
function originLogin(email: string, password: string) {
  return origin.app.inject({
    method: 'POST',
    url: '/customers/v1/sessions',
    headers: { 'content-type': 'application/json', 'x-st1-locale': 'en-EU' },
    payload: { email, password },
  });
}

/** A confirmed customer of this test alone, so that locking it out touches no other test. */
async function newCustomer(email: string, password: string) {
  await createCustomersRepository(origin.db).insert({
    email,
    passwordHash: await hashPassword(password, TEST_PASSWORD_COST),
    firstName: 'Limit',
    lastName: 'Test',
    phoneNumber: '',
    marketing: [],
    locale: 'en-EU',
    emailConfirmed: true,
  });
}

describe('failed logins per account, counted by the origin', () => {
  const { max } = LOGIN_FAILURE_LIMIT;

  it('shares the count between two site server copies', async () => {
    // A second copy of the site server on the same origin (closed with the others).
    const secondApp = await env.site();
    const attempt = (server: FastifyInstance, index: number) =>
      server.inject({
        method: 'POST',
        url: '/api/v1/login',
        payload: { email: 'shared.target@example.fi', password: `guess-${index}` },
        remoteAddress: newAddress(),
        headers: { ...sameSite, 'content-type': 'application/json' },
      });
    const statuses: number[] = [];
    // Alternating copies: each sees only half the attempts, the origin sees them all.
    for (let index = 0; index < max; index += 1) {
      statuses.push((await attempt(index % 2 === 0 ? app : secondApp, index)).statusCode);
    }
    expect(statuses).toEqual(Array(max).fill(401));
    for (const server of [app, secondApp]) {
      const refused = await attempt(server, max);
      expect(refused.statusCode).toBe(429);
      expectRetryAfter(refused.headers['retry-after']);
      expect(refused.json()).toMatchObject({ status: 429, code: 'TOO_MANY_REQUESTS' });
    }
  });

  it('refuses at the origin with 429, retry-after and the JSON error shape', async () => {
    const email = 'origin.target@example.fi';
    for (let index = 0; index < max; index += 1) {
      expect((await originLogin(email, `guess-${index}`)).statusCode).toBe(401);
    }
    const refused = await originLogin(email.toUpperCase(), 'guess-again');
    expect(refused.statusCode).toBe(429);
    expectRetryAfter(refused.headers['retry-after']);
    expect(refused.json()).toEqual({
      status: 429,
      code: 'TOO_MANY_REQUESTS',
      message: `Too many attempts, try again in ${refused.headers['retry-after']} s`,
      reason: 'account-locked',
    });
  });

  it('limits an unknown e-mail like a known one, with the same answers', async () => {
    const known = 'known.target@example.fi';
    const unknown = 'unknown.target@example.fi';
    await newCustomer(known, 'Known-password-1');
    const answers: Record<string, { statuses: number[]; last401: string; refused: string }> = {};
    for (const email of [known, unknown]) {
      const statuses: number[] = [];
      let last401 = '';
      for (let index = 0; index < max; index += 1) {
        const response = await originLogin(email, `guess-${index}`);
        statuses.push(response.statusCode);
        last401 = response.body;
      }
      const refused = await originLogin(email, 'guess-again');
      statuses.push(refused.statusCode);
      expectRetryAfter(refused.headers['retry-after']);
      answers[email] = { statuses, last401, refused: refused.body.replace(/\d+ s/, 'N s') };
    }
    expect(answers[known]!.statuses).toEqual([...Array(max).fill(401), 429]);
    expect(answers[unknown]).toEqual(answers[known]);
    // Locked out: even the right password waits for the window.
    expect((await originLogin(known, 'Known-password-1')).statusCode).toBe(429);
  });

  it('clears the count on a successful login', async () => {
    const email = 'clears.target@example.fi';
    const password = 'Clears-password-1';
    await newCustomer(email, password);
    const failures = createLoginFailuresRepository(origin.db);
    for (let index = 0; index < max - 1; index += 1) {
      expect(
        (await post('/api/v1/login', { email, password: `guess-${index}` }, { address: newAddress() })).statusCode,
      ).toBe(401);
    }
    expect(await failures.failures(email)).toBe(max - 1);
    await login(email, password);
    expect(await failures.failures(email)).toBe(0);
    // A fresh allowance: max refusals again before the 429.
    const statuses: number[] = [];
    for (let index = 0; index <= max; index += 1) {
      statuses.push(
        (await post('/api/v1/login', { email, password: `again-${index}` }, { address: newAddress() })).statusCode,
      );
    }
    expect(statuses).toEqual([...Array(max).fill(401), 429]);
  });

  it('lets the owner of a locked account in through the site with the mailed unlock link', async () => {
    const email = 'unlock.through.site@example.fi';
    const password = 'Unlock-password-1';
    await newCustomer(email, password);
    for (let index = 0; index < max; index += 1)
      await post('/api/v1/login', { email, password: `guess-${index}` }, { address: newAddress() });
    const refused = await post('/api/v1/login', { email, password }, { address: newAddress() });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'TOO_MANY_REQUESTS', reason: 'account-locked' });
    const mail = await latestMail(email);
    // The link is built from the site's trusted host, to the login page of the request's locale.
    expect(mail!.body).toMatch(/http:\/\/localhost\/en-EU\/account\/login\?token=/);
    const unlockToken = tokenIn(mail!.body)!;
    const unlocked = await post('/api/v1/login', { email, password, unlockToken }, { address: newAddress() });
    expect(unlocked.statusCode, unlocked.body).toBe(200);
    expect(await authStatus(sessionCookie(unlocked))).toBe('AUTHORIZED');
  });

  it('lets no more than the limit through when attempts arrive at once', async () => {
    const email = 'burst.target@example.fi';
    const answers = await Promise.all(
      Array.from({ length: max * 2 }, (_, index) => originLogin(email, `burst-${index}`)),
    );
    const statuses = answers.map((response) => response.statusCode).sort();
    expect(statuses).toEqual([...Array(max).fill(401), ...Array(max).fill(429)]);
  });
});

describe('CSRF', () => {
  it('refuses a state-changing request without the locale header or from another origin', async () => {
    const body = { email: matti.email, password: matti.password };
    const noLocale = await post('/api/v1/login', body, {
      headers: { 'x-st1-locale': undefined },
      address: newAddress(),
    });
    const otherOrigin = await post('/api/v1/login', body, {
      headers: { origin: 'https://evil.example' },
      address: newAddress(),
    });
    const noOrigin = await post('/api/v1/login', body, { headers: { origin: undefined }, address: newAddress() });
    const crossSite = await post(
      '/api/v1/form/submit',
      { form: 'contact', fields: {} },
      { headers: { 'sec-fetch-site': 'cross-site' }, address: newAddress() },
    );
    for (const response of [noLocale, otherOrigin, noOrigin, crossSite]) {
      expect(response.statusCode).toBe(403);
      expect(response.cookies).toHaveLength(0);
    }
    const cookie = await login(matti.email, matti.password);
    const logout = await app.inject({ method: 'GET', url: '/api/v1/logout', headers: { host: 'localhost', cookie } });
    expect(logout.statusCode).toBe(403);
    expect(await authStatus(cookie)).toBe('AUTHORIZED');
    const change = await post(
      '/api/v1/account/customer',
      { firstName: 'X' },
      { cookie, headers: { origin: 'http://evil.example' } },
    );
    expect(change.statusCode).toBe(403);
  });
});

describe("customer data: one's own only", () => {
  it('reads the customer, cards and orders of the session alone, whatever the URL says', async () => {
    const mattiCookie = await login(matti.email, matti.password);
    const annaCookie = await login(anna.email, anna.password);
    const customer = JSON.parse((await get('/proxy/customers/v1/customer', mattiCookie)).body);
    expect(customer).toMatchObject({
      firstName: 'Matti',
      lastName: 'Meikäläinen',
      emailToken: matti.email,
      phoneNumber: '+358401234567',
    });
    const mattiCards = JSON.parse((await get('/proxy/customers/v1/cards', mattiCookie)).body) as Array<{
      maskedNumber: string;
    }>;
    const annaCards = JSON.parse((await get('/proxy/customers/v1/cards', annaCookie)).body) as Array<{
      maskedNumber: string;
    }>;
    expect(mattiCards.map((card) => card.maskedNumber)).toEqual(['•••• •••• •••• 4821', '•••• •••• •••• 1177']);
    expect(annaCards.map((card) => card.maskedNumber.slice(-4)).sort()).toEqual(['5512', '9034']);

    // Query strings, other paths and headers naming another customer change nothing.
    const annaRecord = JSON.parse((await get('/proxy/customers/v1/customer', annaCookie)).body) as {
      emailToken: string;
    };
    for (const url of [
      `/proxy/customers/v1/cards?customerId=${encodeURIComponent(anna.email)}`,
      `/proxy/customers/v1/cards?token=${annaCookie.split('=')[1]}`,
    ]) {
      const cards = JSON.parse((await get(url, mattiCookie)).body) as Array<{ maskedNumber: string }>;
      expect(cards.map((card) => card.maskedNumber.slice(-4))).toEqual(['4821', '1177']);
    }
    const withHeader = await get('/proxy/customers/v1/customer', mattiCookie, {
      authorization: `Bearer ${annaCookie.split('=')[1]}`,
    });
    expect(JSON.parse(withHeader.body).emailToken).toBe(matti.email);
    expect(annaRecord.emailToken).toBe(anna.email);
    expect((await get('/proxy/customers/v1/customer/other')).statusCode).toBe(404);
    expect(
      (await get('/proxy/customers/v1/cards', undefined, { authorization: `Bearer ${annaCookie.split('=')[1]}` }))
        .statusCode,
    ).toBe(401);

    // A details update names no customer either: a customerId in the body is refused or ignored.
    const update = await post(
      '/api/v1/account/customer',
      {
        firstName: 'Matias',
        lastName: 'Meikäläinen',
        phoneNumber: '+358401234567',
        marketing: [],
        customerId: 'x',
        emailToken: anna.email,
      },
      { cookie: mattiCookie },
    );
    expect(update.statusCode, update.body).toBe(200);
    expect(JSON.parse((await get('/proxy/customers/v1/customer', annaCookie)).body).firstName).toBe('Anna');
    expect(JSON.parse((await get('/proxy/customers/v1/customer', mattiCookie)).body).firstName).toBe('Matias');
  });

  it("lists one's orders with wash codes", async () => {
    const cookie = await login(matti.email, matti.password);
    const orders = JSON.parse((await get('/proxy/customers/v1/orders', cookie)).body) as Array<{
      washCodes: unknown[];
      items: unknown[];
    }>;
    const annaOrders = JSON.parse(
      (await get('/proxy/customers/v1/orders', await login(anna.email, anna.password))).body,
    ) as Array<{ id: string }>;
    expect(orders).toHaveLength(1);
    expect(orders[0]!.washCodes).toHaveLength(3);
    expect(annaOrders).toHaveLength(1);
    expect(annaOrders[0]!.id).not.toBe((orders[0] as unknown as { id: string }).id);
  });

  it("names the products of one's orders in the page's language (the catalog's names)", async () => {
    const cookie = await login(anna.email, anna.password);
    const names = async (locale: string) => {
      const [order] = JSON.parse(
        (await get('/proxy/customers/v1/orders', cookie, { 'x-st1-locale': locale })).body,
      ) as Array<{ items: Array<{ name: string }>; washCodes: Array<{ productName: string }> }>;
      return [...new Set([...order!.items.map((item) => item.name), ...order!.washCodes.map((c) => c.productName)])];
    };
    expect(await names('sv-SE')).toEqual(['Helttvätt']);
    expect(await names('en-EU')).toEqual(['Full wash']);
    expect(await names('no-NO')).toEqual(['Full vask']);
    expect(await names('fi-FI')).toEqual(['Täyspesu']);
  });

  it('validates details per field with the spec rules', async () => {
    const cookie = await login(anna.email, anna.password);
    const response = await post(
      '/api/v1/account/customer',
      { firstName: '', lastName: '<b>', phoneNumber: '+1555', marketing: [] },
      { cookie },
    );
    expect(response.statusCode).toBe(400);
    expect(JSON.parse(response.body)).toMatchObject({
      code: 'VALIDATION_FAILED',
      fields: {
        firstname: { id: 'validation.required' },
        lastname: { id: 'validation.containsForbiddenSymbols' },
        telephoneNumber: { id: 'validation.phone' },
      },
    });
    // An impossible number of an allowed country is refused too (the one phone rule).
    const impossible = await post(
      '/api/v1/account/customer',
      { firstName: 'Anna', lastName: 'A', phoneNumber: '+3581', marketing: [] },
      { cookie },
    );
    expect(JSON.parse(impossible.body)).toMatchObject({ fields: { telephoneNumber: { id: 'validation.phone' } } });
    // A Swedish number, as the checkout takes it, is stored in E.164 and read back as SE|46.
    const swedish = await post(
      '/api/v1/account/customer',
      { firstName: 'Anna', lastName: 'A', phoneNumber: '+46 70 123 45 67', marketing: [] },
      { cookie },
    );
    expect(swedish.statusCode, swedish.body).toBe(200);
    expect(JSON.parse((await get('/proxy/customers/v1/customer', cookie)).body).phoneNumber).toBe('+46701234567');
    const malformed = await post('/api/v1/account/customer', { firstName: 5 }, { cookie });
    expect(malformed.statusCode).toBe(400);
    expect((await post('/api/v1/account/customer', [1, 2], { cookie })).statusCode).toBe(400);
  });
});

describe('registration, confirmation and passwords', () => {
  it('registers, confirms through the outbox token, then logs in', async () => {
    const email = 'liisa.uusi@example.fi';
    const register = await post(
      '/api/v1/account/register',
      {
        email,
        password: 'Uusi-salasana-9',
        firstName: 'Liisa',
        lastName: 'Uusi',
        phoneNumber: '+358501112222',
        marketing: ['sms'],
      },
      { address: newAddress() },
    );
    expect(register.statusCode, register.body).toBe(202);
    const early = await post('/api/v1/login', { email, password: 'Uusi-salasana-9' }, { address: newAddress() });
    expect(early.statusCode).toBe(403);
    expect(JSON.parse(early.body).code).toBe('EMAIL_NOT_CONFIRMED');

    const mail = await latestMail(email);
    expect(mail?.body).toContain('http://localhost/en-EU/account/confirm-email?token=');
    const token = tokenIn(mail!.body)!;
    const confirm = await post('/api/v1/account/confirm-email', { token }, { address: newAddress() });
    expect(confirm.statusCode, confirm.body).toBe(200);
    expect((await post('/api/v1/account/confirm-email', { token }, { address: newAddress() })).statusCode).toBe(400);
    await login(email, 'Uusi-salasana-9');
  });

  describe('the six-digit confirmation code', () => {
    async function register(email: string) {
      const response = await post(
        '/api/v1/account/register',
        { email, password: 'Koodi-salasana-7', firstName: 'Koodi', lastName: 'Testi', phoneNumber: '', marketing: [] },
        { address: newAddress() },
      );
      expect(response.statusCode, response.body).toBe(202);
      const mail = await latestMail(email);
      const code = /: (\d{6})$/m.exec(mail!.body)?.[1];
      expect(code, mail!.body).toMatch(/^\d{6}$/);
      // The mail carries a code a person can type, not the 43-character token.
      expect(mail!.body).not.toMatch(/: [A-Za-z0-9_-]{43}$/m);
      return code!;
    }
    const confirm = (payload: Record<string, string>) =>
      post('/api/v1/account/confirm-email', payload, { address: newAddress() });

    it('confirms the address by the typed code, once', async () => {
      const email = 'koodi.kerran@example.fi';
      const code = await register(email);
      // Typed as the mail shows it to a reader, in two groups ("609 459"): the space is dropped.
      const typed = `${code.slice(0, 3)} ${code.slice(3)}`;
      expect((await confirm({ email: ` ${email.toUpperCase()} `, code: typed })).statusCode).toBe(200);
      expect((await confirm({ email, code })).statusCode).toBe(400);
      await login(email, 'Koodi-salasana-7');
    });

    it('kills the code after five wrong tries; the link still works', async () => {
      const email = 'koodi.arvaus@example.fi';
      const code = await register(email);
      const wrong = code === '000000' ? '111111' : '000000';
      for (let attempt = 0; attempt < 5; attempt += 1) {
        const response = await confirm({ email, code: wrong });
        expect(response.statusCode).toBe(400);
        expect(response.json()).toMatchObject({ code: 'INVALID_TOKEN' });
      }
      expect((await confirm({ email, code })).statusCode).toBe(400);
      const token = tokenIn((await latestMail(email))!.body)!;
      expect((await confirm({ token })).statusCode).toBe(200);
    });

    it("answers an unknown address, another customer's code and a malformed code alike or as a 400 naming the field", async () => {
      const code = await register('koodi.toinen@example.fi');
      expect((await confirm({ email: 'ei.ole@example.fi', code })).json()).toMatchObject({ code: 'INVALID_TOKEN' });
      await register('koodi.kolmas@example.fi');
      expect((await confirm({ email: 'koodi.kolmas@example.fi', code })).statusCode).toBe(400);
      const malformed = await confirm({ email: 'koodi.kolmas@example.fi', code: '12a456' });
      expect(malformed.statusCode).toBe(400);
      expect(malformed.json().message).toMatch(/code/);
      const both = await confirm({ token: 'x'.repeat(43), email: 'koodi.kolmas@example.fi', code: '123456' });
      expect(both.statusCode).toBe(400);
    });
  });

  it('answers a taken e-mail like a new one and mails its owner instead', async () => {
    const response = await post(
      '/api/v1/account/register',
      {
        email: matti.email.toUpperCase(),
        password: 'Another-pass-1',
        firstName: 'X',
        lastName: 'Y',
        phoneNumber: '',
        marketing: [],
      },
      { address: newAddress() },
    );
    expect(response.statusCode).toBe(202);
    expect((await latestMail(matti.email))?.subject).toBe('You already have an St1 account');
    await login(matti.email, matti.password);
  });

  it('refuses invalid registrations field by field', async () => {
    const response = await post(
      '/api/v1/account/register',
      { email: 'nope', password: 'short', firstName: '', lastName: 'Ok', phoneNumber: '040', marketing: ['fax'] },
      { address: newAddress() },
    );
    expect(response.statusCode).toBe(400);
    const fixedMarketing = await post(
      '/api/v1/account/register',
      { email: 'nope', password: 'short', firstName: '', lastName: 'Ok', phoneNumber: '040', marketing: [] },
      { address: newAddress() },
    );
    expect(JSON.parse(fixedMarketing.body).fields).toMatchObject({
      email: { id: 'validation.email' },
      password: { id: 'validation.minLength', values: { ruleValue: 10 } },
      firstname: { id: 'validation.required' },
      telephoneNumber: { id: 'validation.phone' },
    });
  });

  it('resets a password through the outbox token, which ends every session', async () => {
    const email = anna.email;
    const before = await login(email, anna.password);
    const request = await post('/api/v1/account/forgot-password', { email }, { address: newAddress() });
    expect(request.statusCode).toBe(202);
    const unknown = await post(
      '/api/v1/account/forgot-password',
      { email: 'ghost@example.fi' },
      { address: newAddress() },
    );
    expect(unknown.statusCode).toBe(202);
    expect(unknown.body).toBe(request.body);
    const token = tokenIn((await latestMail(email))!.body)!;
    const weak = await post('/api/v1/account/reset-password', { token, password: 'short' }, { address: newAddress() });
    expect(weak.statusCode).toBe(400);
    const reset = await post(
      '/api/v1/account/reset-password',
      { token, password: 'Brand-new-pass-7' },
      { address: newAddress() },
    );
    expect(reset.statusCode, reset.body).toBe(200);
    expect(await authStatus(before)).toBe('UNAUTHORIZED');
    expect(
      (await post('/api/v1/login', { email, password: anna.password }, { address: newAddress() })).statusCode,
    ).toBe(401);
    const after = await login(email, 'Brand-new-pass-7');
    // Put the demo password back for the other tests, through the change-password route.
    const change = await post(
      '/api/v1/account/password',
      { currentPassword: 'Brand-new-pass-7', newPassword: anna.password },
      { cookie: after, address: newAddress() },
    );
    expect(change.statusCode, change.body).toBe(200);
    expect(await authStatus(sessionCookie(change))).toBe('AUTHORIZED');
  });

  it('a password change revokes the other sessions and keeps this browser logged in', async () => {
    const other = await login(matti.email, matti.password);
    const mine = await login(matti.email, matti.password);
    const wrong = await post(
      '/api/v1/account/password',
      { currentPassword: 'not-it-at-all', newPassword: 'Changed-pass-123' },
      { cookie: mine, address: newAddress() },
    );
    expect(wrong.statusCode).toBe(400);
    expect(JSON.parse(wrong.body).fields.currentPassword.id).toBe('account.errors.wrong-password');
    const change = await post(
      '/api/v1/account/password',
      { currentPassword: matti.password, newPassword: 'Changed-pass-123' },
      { cookie: mine, address: newAddress() },
    );
    expect(change.statusCode).toBe(200);
    expect(await authStatus(other)).toBe('UNAUTHORIZED');
    expect(await authStatus(mine)).toBe('UNAUTHORIZED');
    const fresh = sessionCookie(change);
    expect(await authStatus(fresh)).toBe('AUTHORIZED');
    const back = await post(
      '/api/v1/account/password',
      { currentPassword: 'Changed-pass-123', newPassword: matti.password },
      { cookie: fresh, address: newAddress() },
    );
    expect(back.statusCode).toBe(200);
  });
});

describe('form submit', () => {
  const valid = {
    firstname: 'Maija',
    lastname: 'Mehiläinen',
    email: 'maija@example.fi',
    phone: '040 123 4567',
    topic: 'card',
    message: 'Korttini on kadonnut, mitä teen?',
  };

  it('stores a valid submission with an outbox message', async () => {
    const response = await post('/api/v1/form/submit', { form: 'contact', fields: valid }, { address: newAddress() });
    expect(response.statusCode, response.body).toBe(201);
    const mail = await latestMail('asiakaspalvelu@st1.example');
    expect(mail?.body).toContain('Korttini on kadonnut');
    const count = await origin.db
      .selectFrom('form_submissions')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirst();
    expect(Number(count?.n)).toBeGreaterThan(0);
  });

  it('answers field errors per field', async () => {
    const response = await post(
      '/api/v1/form/submit',
      { form: 'business', fields: { company: '', email: 'x', phone: 'abc', message: 'short' } },
      { address: newAddress() },
    );
    expect(response.statusCode).toBe(400);
    expect(JSON.parse(response.body).fields).toMatchObject({
      company: { id: 'validation.required' },
      firstname: { id: 'validation.required' },
      email: { id: 'validation.email' },
      phone: { id: 'validation.phone' },
      message: { id: 'validation.minLength', values: { ruleValue: 10 } },
    });
  });

  it('refuses malformed bodies, unknown forms and unknown fields with 400', async () => {
    const address = newAddress();
    expect((await post('/api/v1/form/submit', { form: 'nope', fields: {} }, { address })).statusCode).toBe(400);
    expect(
      (await post('/api/v1/form/submit', { form: 'contact', fields: { ...valid, extra: 'x' } }, { address }))
        .statusCode,
    ).toBe(400);
    expect(
      (await post('/api/v1/form/submit', { form: 'contact', fields: { ...valid, topic: 'hacking' } }, { address }))
        .statusCode,
    ).toBe(400);
    expect((await post('/api/v1/form/submit', 'not json', { address: newAddress() })).statusCode).toBe(400);
  });

  it('drops a submission whose honeypot is filled, and rate limits per address', async () => {
    const db = origin.db;
    const countBefore = Number(
      (
        await db
          .selectFrom('form_submissions')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirst()
      )?.n,
    );
    const address = newAddress();
    const bot = await post(
      '/api/v1/form/submit',
      { form: 'contact', fields: { ...valid, website: 'http://spam.example' } },
      { address },
    );
    expect(bot.statusCode).toBe(201);
    const countAfter = Number(
      (
        await db
          .selectFrom('form_submissions')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirst()
      )?.n,
    );
    expect(countAfter).toBe(countBefore);
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 5; attempt += 1)
      statuses.push((await post('/api/v1/form/submit', { form: 'contact', fields: valid }, { address })).statusCode);
    expect(statuses.slice(0, 4)).toEqual([201, 201, 201, 201]);
    expect(statuses[4]).toBe(429);
  });
});

describe('route schemas (decision 008)', () => {
  it.each([
    [
      'a login with a number for e-mail',
      '/api/v1/login',
      { email: 5, password: 'x' },
      /^Invalid request body: email: /,
    ],
    ['a form of an unknown kind', '/api/v1/form/submit', { form: 'nope', fields: {} }, /^Invalid request body: form: /],
    ['a confirmation without token', '/api/v1/account/confirm-email', {}, /^Invalid request body: token: /],
    [
      'a registration that is not an object',
      '/api/v1/account/register',
      [1],
      /^Invalid request body \(a JSON object\): /,
    ],
  ])('answers %s with a 400 BAD_REQUEST naming the field, not stored', async (_name, url, payload, message) => {
    const response = await post(url, payload, { address: newAddress() });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.headers['cache-control']).toBe('private, no-store');
    const body = JSON.parse(response.body);
    expect(body).toMatchObject({ status: 400, code: 'BAD_REQUEST' });
    expect(body.message).toMatch(message);
  });

  it('refuses a cross-site request before looking at its body (403, not 400)', async () => {
    const response = await post(
      '/api/v1/login',
      { email: 5 },
      { headers: { origin: 'https://evil.example' }, address: newAddress() },
    );
    expect(response.statusCode).toBe(403);
    expect(JSON.parse(response.body).code).toBe('FORBIDDEN');
  });
});

describe('account pages in every locale', () => {
  /** The CMS title of each account page per locale (content/pages/account-*.json). */
  const titles = new Map<string, string>();
  for (const file of readdirSync('content/pages').filter((name) => name.startsWith('account-'))) {
    const page = JSON.parse(readFileSync(join('content/pages', file), 'utf8')) as {
      locales: Record<string, { slug: string; title: string }>;
    };
    for (const [locale, entry] of Object.entries(page.locales)) titles.set(`${locale} /${entry.slug}`, entry.title);
  }
  /** Every text of a locale's account catalog. */
  const accountTexts = (locale: Locale) =>
    new Set(
      [...readFileSync(`locales/${locale}/account.po`, 'utf8').matchAll(/^msgstr "((?:[^"\\]|\\.)*)"/gm)].map(
        (match) => match[1]!,
      ),
    );
  const textOf = (html: string | undefined) => (html ?? '').replace(/<[^>]+>/g, '').trim();

  async function render(page: (typeof ACCOUNT_PAGES)[number], locale: Locale) {
    const response = await get(accountHref(page, locale));
    const main = /<main[\s\S]*<\/main>/.exec(response.body)?.[0] ?? '';
    return {
      response,
      main,
      heading: textOf(/<h1[^>]*>([\s\S]*?)<\/h1>/.exec(main)?.[1]),
      // The account block's own first text: its form heading, the "loading your account"
      // status of a page that waits for the session check, or the reset page's "no valid link".
      blockText: textOf(/<(h2|p)\b[^>]*>([\s\S]*?)<\/\1>/.exec(main.slice(main.indexOf('<div class="account"')))?.[2]),
    };
  }

  it.each(['fi-FI', 'sv-SE', 'no-NO'] as const)(
    'renders every account page in %s with a translated heading',
    async (locale) => {
      const texts = accountTexts(locale);
      for (const page of ACCOUNT_PAGES) {
        const english = await render(page, 'en-EU');
        const { response, main, heading, blockText } = await render(page, locale);
        const where = `${page} ${accountHref(page, locale)}`;
        expect(response.statusCode, where).toBe(200);
        expect(/<html lang="([^"]+)"/.exec(response.body)?.[1], where).toBe(LOCALE_INFO[locale].htmlLang);
        expect(heading, where).toBe(titles.get(`${locale} ${ACCOUNT_PATHS[page][locale]}`));
        expect(heading, where).not.toBe(english.heading);
        expect(blockText, where).not.toBe('');
        expect(texts.has(blockText), `${where}: "${blockText}" is not from ${locale}/account.po`).toBe(true);
        expect(blockText, where).not.toBe(english.blockText);
        // No message id left untranslated anywhere in the page body.
        expect(main, where).not.toMatch(/>[^<]*\b(?:account|forms|validation|messages)\.[a-zA-Z][\w.-]*[^<]*</);
      }
    },
  );
});
