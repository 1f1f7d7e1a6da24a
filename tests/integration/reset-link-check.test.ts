/**
 * The reset page checks its link on opening (docs/accounts.md): POST
 * /api/v1/account/reset-password/check answers 200 for a usable token without using it up,
 * and 400 INVALID_TOKEN for a used, superseded or unknown one. Too many attempts are a 429
 * with Retry-After, which the form turns into a wait time.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_CUSTOMERS } from '../../server/origin/accounts/seed-accounts';
import { createOutboxRepository } from '../../server/origin/outbox/outbox-repository';
import { RATE_LIMITS } from '../../server/site/routes/account';
import { requireProductionBuild, startSiteWithOrigin, type SiteWithOrigin } from './support/site-with-origin';

requireProductionBuild('tests/integration/reset-link-check.test.ts');

const [customer] = DEMO_CUSTOMERS;
let env: SiteWithOrigin;
let site: FastifyInstance;
let address = 1;

beforeAll(async () => {
  env = await startSiteWithOrigin('reset-link-check');
  site = await env.site();
});
afterAll(() => env?.close());

const post = async (url: string, payload: Record<string, unknown>, remoteAddress = `10.88.0.${address++}`) =>
  site.inject({
    method: 'POST',
    url,
    payload,
    remoteAddress,
    headers: { host: 'localhost', origin: 'http://localhost', 'x-st1-locale': 'en-EU' },
  });

async function mailedResetToken(): Promise<string> {
  expect((await post('/api/v1/account/forgot-password', { email: customer!.email })).statusCode).toBe(202);
  const [mail] = await createOutboxRepository(env.origin.db).listFor(customer!.email, 1);
  const token = /token=([A-Za-z0-9_-]+)/.exec(mail?.body ?? '')?.[1];
  if (!token) throw new Error('no reset link in the newest mail');
  return token;
}

describe('the reset link check', () => {
  it('says a usable link is usable, twice, without using it up; once used it is dead', async () => {
    const token = await mailedResetToken();
    for (let time = 0; time < 2; time += 1) {
      const check = await post('/api/v1/account/reset-password/check', { token });
      expect(check.statusCode, check.body).toBe(200);
      expect(check.json()).toEqual({ valid: true });
    }
    const reset = await post('/api/v1/account/reset-password', { token, password: 'A-new-password-123' });
    expect(reset.statusCode, reset.body).toBe(200);
    const dead = await post('/api/v1/account/reset-password/check', { token });
    expect(dead.statusCode).toBe(400);
    expect(dead.json()).toMatchObject({ code: 'INVALID_TOKEN' });
  });

  it('says a superseded or unknown link is dead', async () => {
    const older = await mailedResetToken();
    await mailedResetToken();
    expect((await post('/api/v1/account/reset-password/check', { token: older })).json()).toMatchObject({
      code: 'INVALID_TOKEN',
    });
    expect((await post('/api/v1/account/reset-password/check', { token: 'x'.repeat(43) })).json()).toMatchObject({
      code: 'INVALID_TOKEN',
    });
  });

  it('refuses a malformed token and extra fields go nowhere', async () => {
    const response = await post('/api/v1/account/reset-password/check', { token: '<x>' });
    expect(response.statusCode).toBe(400);
  });

  it('too many attempts from one address: 429 with Retry-After in seconds', async () => {
    const remote = '10.99.0.1';
    // The check has its own count; the resets have the account limit's (each limit its own key).
    let last = await post('/api/v1/account/reset-password/check', { token: 'y'.repeat(43) }, remote);
    for (let attempt = 0; attempt <= RATE_LIMITS.accountPerAddress.max; attempt += 1)
      last = await post(
        '/api/v1/account/reset-password',
        { token: 'y'.repeat(43), password: 'A-new-password-123' },
        remote,
      );
    expect(last.statusCode).toBe(429);
    expect(Number(last.headers['retry-after'])).toBeGreaterThan(0);
  });
});
