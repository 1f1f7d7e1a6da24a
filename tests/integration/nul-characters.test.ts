/**
 * A NUL character (U+0000) in request text is a 400 on both servers and both databases
 * (server/common/nul-characters.ts). PostgreSQL's text cannot hold it: before, a login,
 * reset or confirmation by code with one in the e-mail, or a cart with one in its
 * discount code, failed with a 500 and a stack in the log (issue 27, finding 6).
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requireProductionBuild, startSiteWithOrigin, type SiteWithOrigin } from './support/site-with-origin';

requireProductionBuild('tests/integration/nul-characters.test.ts');

const sameSite = {
  'content-type': 'application/json',
  host: 'localhost',
  origin: 'http://localhost',
  'x-st1-locale': 'fi-FI',
};
const NUL_EMAIL = 'a\u0000@example.fi';

let env: SiteWithOrigin;
let site: FastifyInstance;
let address = 0;
beforeAll(async () => {
  env = await startSiteWithOrigin('nul-characters');
  site = await env.site();
}, 60_000);
afterAll(() => env?.close());

const cases: Array<[string, string, unknown]> = [
  ['login', '/api/v1/login', { email: NUL_EMAIL, password: 'wrong password' }],
  ['forgot password', '/api/v1/account/forgot-password', { email: NUL_EMAIL }],
  ['confirm by code', '/api/v1/account/confirm-email', { email: NUL_EMAIL, code: '123456' }],
  ['register', '/api/v1/account/register', { email: NUL_EMAIL, password: 'Long-enough-123', firstName: 'A\u0000' }],
  [
    'cart discount code',
    '/proxy/digital-order/v1/cart/validate',
    { items: [{ code: 'WASH-BASIC', quantity: 1 }], discountCode: 'KESÄ\u0000' },
  ],
];

describe('NUL in request text', () => {
  it.each(cases)('the site server answers a %s with NUL with a 400', async (_name, url, payload) => {
    const response = await site.inject({
      method: 'POST',
      url,
      headers: sameSite,
      payload: JSON.stringify(payload),
      remoteAddress: `192.0.2.${(address += 1)}`,
    });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toMatchObject({ code: 'BAD_REQUEST', message: expect.stringContaining('NUL') });
  });

  it('the origin answers NUL in a body or a query with a 400, not a database error', async () => {
    const login = await fetch(`${env.origin.url}/customers/v1/sessions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-st1-locale': 'fi-FI' },
      body: JSON.stringify({ email: NUL_EMAIL, password: 'wrong password' }),
    });
    expect(login.status).toBe(400);
    const search = await fetch(`${env.origin.url}/cms-view/v1/search?q=${encodeURIComponent('kahvi\u0000')}`, {
      headers: { 'x-st1-locale': 'fi-FI' },
    });
    expect(search.status).toBe(400);
    // Text that only looks like the escape is text like any other.
    const escaped = await site.inject({
      method: 'POST',
      url: '/api/v1/login',
      headers: sameSite,
      payload: JSON.stringify({ email: 'a\\u0000@example.fi', password: 'wrong password' }),
      remoteAddress: '192.0.2.200',
    });
    expect(escaped.statusCode).not.toBe(500);
    expect(escaped.json()).not.toMatchObject({ message: expect.stringContaining('NUL') });
  });
});
