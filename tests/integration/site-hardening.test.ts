/**
 * Findings of the launch audit (issue 11) against the site server and a real origin:
 * forwarded addresses and rate limits, the www redirect, the Permissions-Policy header,
 * the locale cookie behind TLS and source maps.
 */
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requireProductionBuild, startSiteWithOrigin, type SiteWithOrigin } from './support/site-with-origin';

requireProductionBuild('tests/integration/site-hardening.test.ts');

let env: SiteWithOrigin;

beforeAll(async () => {
  env = await startSiteWithOrigin('site-hardening');
});

afterAll(() => env?.close());

const sameSite = {
  'content-type': 'application/json',
  host: 'localhost',
  origin: 'http://localhost',
  'x-st1-locale': 'fi-FI',
};
const BROWSER_UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0 Safari/537.36';

describe('TRUST_PROXY and per-address rate limits', () => {
  /** The wash-code check allows 30 a client address in 10 minutes (proxy-allow-list.ts). */
  const LIMIT = 30;
  let attempt = 0;
  const check = (app: FastifyInstance, remoteAddress: string, forwardedFor: string) =>
    app.inject({
      method: 'POST',
      url: '/proxy/digital-order/v1/wash-codes/check',
      headers: { ...sameSite, 'x-forwarded-for': forwardedFor },
      payload: { code: 'ST1-000000000000' },
      remoteAddress,
    });
  const rotating = () => {
    attempt += 1;
    return `198.18.${Math.floor(attempt / 250)}.${(attempt % 250) + 1}`;
  };

  it('a client that reaches the server directly cannot pick its address with X-Forwarded-For', async () => {
    const app = await env.site({ TRUST_PROXY: '127.0.0.1' });
    const statuses: number[] = [];
    for (let index = 0; index <= LIMIT; index += 1)
      statuses.push((await check(app, '203.0.113.9', rotating())).statusCode);
    expect(statuses.slice(0, LIMIT).every((status) => status === 200)).toBe(true);
    expect(statuses[LIMIT]).toBe(429);
  });

  it('behind the trusted proxy the limit follows the address the proxy saw, not what the client wrote', async () => {
    const app = await env.site({ TRUST_PROXY: '127.0.0.1' });
    const statuses: number[] = [];
    // The proxy appends the address it saw to whatever the client sent.
    for (let index = 0; index <= LIMIT; index += 1)
      statuses.push((await check(app, '127.0.0.1', `${rotating()}, 198.51.100.7`)).statusCode);
    expect(statuses.slice(0, LIMIT).every((status) => status === 200)).toBe(true);
    expect(statuses[LIMIT]).toBe(429);
    // Another visitor behind the same proxy keeps its own count.
    expect((await check(app, '127.0.0.1', '198.51.100.8')).statusCode).toBe(200);
  });
});

describe('the www redirect', () => {
  const page = (app: FastifyInstance, host: string, url = '/yrityksille?a=1') =>
    app.inject({ method: 'GET', url, headers: { host, 'user-agent': BROWSER_UA } } satisfies InjectOptions);

  it('sends www.<configured host> to the host, keeping path and query', async () => {
    const app = await env.site({ SITE_HOSTS: 'st1.com, localhost' });
    const response = await page(app, 'www.st1.com');
    expect(response.statusCode).toBe(307);
    expect(response.headers.location).toBe('http://st1.com/yrityksille?a=1');
    expect((await page(app, 'www.localhost:3000')).headers.location).toBe('http://localhost:3000/yrityksille?a=1');
  });

  it('sends a www locale domain to the domain', async () => {
    const app = await env.site({ LOCALE_DOMAINS: 'fi-FI=st1.fi,sv-SE=st1.se' });
    const response = await page(app, 'www.st1.se', '/');
    expect(response.statusCode).toBe(307);
    expect(response.headers.location).toBe('http://st1.se/');
  });

  it('never redirects to a host the Host header made up', async () => {
    const app = await env.site({ SITE_HOSTS: 'st1.com', LOCALE_DOMAINS: 'fi-FI=st1.fi' });
    for (const host of ['www.evil.example', 'www.st1.com.evil.example', 'www.www.st1.com']) {
      const response = await page(app, host);
      expect(response.statusCode, host).toBe(200);
      expect(response.headers.location, host).toBeUndefined();
    }
  });
});
