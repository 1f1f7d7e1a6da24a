/**
 * Security round 3, finding 1: links in account e-mails are built from the configuration,
 * never from the browser. A POST carrying `linkBase` (or a forged Host) must not put
 * another site into a genuine reset or confirmation mail, and the origin itself refuses a
 * link base that is not a configured site URL (docs/security.md).
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_CUSTOMERS } from '../../server/origin/accounts/seed-accounts';
import { buildOriginApp } from '../../server/origin/app';
import { createOutboxRepository } from '../../server/origin/outbox/outbox-repository';
import { requireProductionBuild, startSiteWithOrigin, type SiteWithOrigin } from './support/site-with-origin';

requireProductionBuild('tests/integration/account-link-base.test.ts');

const [victim] = DEMO_CUSTOMERS;
let env: SiteWithOrigin;
let address = 1;

beforeAll(async () => {
  // The origin is configured with the site URLs of every site configuration below, as
  // server/main.ts configures the embedded origin from the site's own configuration.
  env = await startSiteWithOrigin('link-base', {
    originEnv: { SITE_URLS: 'http://localhost:3000,http://st1.com,https://www.st1.com,http://st1.eu' },
  });
});
afterAll(() => env?.close());

async function newestMailTo(recipient: string) {
  const [message] = await createOutboxRepository(env.origin.db).listFor(recipient, 1);
  return message;
}

/** A same-site POST as the victim's attacker sends it: Origin matching the forged Host. */
function attack(site: FastifyInstance, url: string, payload: Record<string, unknown>, host: string) {
  return site.inject({
    method: 'POST',
    url,
    payload,
    remoteAddress: `10.77.0.${address++}`,
    headers: { host, origin: `http://${host}`, 'x-st1-locale': 'en-EU', 'content-type': 'application/json' },
  });
}

const evil = 'https://evil.example';

describe('links in account e-mails', () => {
  it.each([
    [
      'no host configured, a foreign Host',
      {},
      'shop.example',
      'http://localhost:3000/en-EU/account/reset-password?token=',
    ],
    [
      'SITE_HOSTS set, a foreign Host',
      { SITE_HOSTS: 'st1.com' },
      'evil.example',
      'http://st1.com/en-EU/account/reset-password?token=',
    ],
    [
      'SITE_HOSTS set, the real Host',
      { SITE_HOSTS: 'st1.com' },
      'st1.com',
      'http://st1.com/en-EU/account/reset-password?token=',
    ],
    [
      'PUBLIC_URL set',
      { PUBLIC_URL: 'https://www.st1.com' },
      'shop.example',
      'https://www.st1.com/en-EU/account/reset-password?token=',
    ],
    [
      'a locale domain',
      { LOCALE_DOMAINS: 'fi-FI=st1.fi,en-EU=st1.eu' },
      'evil.example',
      'http://st1.eu/account/reset-password?token=',
    ],
  ])('a reset mail ignores a linkBase in the body (%s)', async (_name, config, host, expected) => {
    const site = await env.site(config);
    const response = await attack(
      site,
      '/api/v1/account/forgot-password',
      { email: victim.email, linkBase: evil },
      host,
    );
    expect(response.statusCode, response.body).toBe(202);
    const mail = await newestMailTo(victim.email);
    expect(mail?.body).not.toContain('evil.example');
    expect(mail?.body).toContain(expected);
  });

  it('a registration mail ignores linkBase and domainMode in the body', async () => {
    const site = await env.site({ SITE_HOSTS: 'st1.com' });
    const email = 'link.base.register@example.fi';
    const response = await attack(
      site,
      '/api/v1/account/register',
      {
        email,
        password: 'Register-password-1',
        firstName: 'Liisa',
        lastName: 'Linkki',
        phoneNumber: '',
        marketing: [],
        linkBase: evil,
        domainMode: true,
      },
      'evil.example',
    );
    expect(response.statusCode, response.body).toBe(202);
    const mail = await newestMailTo(email);
    expect(mail?.body).toContain('http://st1.com/en-EU/account/confirm-email?token=');
    expect(mail?.body).not.toContain('evil.example');
  });
});

describe('the origin checks the link base it is sent', () => {
  const resetRequest = (linkBase: string) => ({
    method: 'POST' as const,
    url: '/customers/v1/password-resets',
    headers: { 'x-st1-locale': 'en-EU' },
    payload: { email: victim.email, linkBase },
  });

  it('refuses a link base that is not a configured site URL, and mails nothing', async () => {
    const origin = buildOriginApp(env.origin.db, { siteUrls: ['https://www.st1.fi'] });
    const before = await newestMailTo(victim.email);
    // The last is no URL at all (found by the fuzz test: it once made the check throw, a 500).
    for (const linkBase of [
      evil,
      'http://localhost:3000',
      'https://www.st1.fi.evil.example',
      'https://www.st1.fi/x',
      'kQ$=r0WaD:',
    ]) {
      const response = await origin.inject(resetRequest(linkBase));
      expect(response.statusCode, linkBase).toBe(400);
    }
    expect((await newestMailTo(victim.email))?.id).toBe(before?.id);
    const allowed = await origin.inject(resetRequest('https://www.st1.fi'));
    expect(allowed.statusCode).toBe(202);
    expect((await newestMailTo(victim.email))?.body).toContain(
      'https://www.st1.fi/en-EU/account/reset-password?token=',
    );
    await origin.close();
  });

  it('takes loopback link bases only when no site URL is configured', async () => {
    const origin = buildOriginApp(env.origin.db);
    expect((await origin.inject(resetRequest('http://localhost:3000'))).statusCode).toBe(202);
    expect((await origin.inject(resetRequest(evil))).statusCode).toBe(400);
    await origin.close();
  });
});
