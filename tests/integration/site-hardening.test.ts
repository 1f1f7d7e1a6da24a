/**
 * Findings of the launch audit against the site server and a real origin:
 * forwarded addresses and rate limits, the www redirect, the Permissions-Policy header,
 * the locale cookie behind TLS, source maps, and raw paths that only a socket can send.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { connect } from 'node:net';
import { join } from 'node:path';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { distDir, requireProductionBuild, startSiteWithOrigin, type SiteWithOrigin } from './support/site-with-origin';

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

describe('Permissions-Policy', () => {
  const policyOf = (header: unknown) =>
    new Map(
      String(header)
        .split(',')
        .map((part) => part.trim().split('=') as [string, string]),
    );

  it('allows geolocation to the site itself and denies the features it does not use', async () => {
    const app = await env.site();
    const script = readdirSync(join(distDir, 'client', 'assets')).find((file) => file.endsWith('.js'))!;
    for (const url of ['/asemahaku', `/assets/${script}`, '/proxy/cms-view/v1/content/layout']) {
      const response = await app.inject({ method: 'GET', url, headers: { 'user-agent': BROWSER_UA } });
      expect(response.statusCode, url).toBe(200);
      const policy = policyOf(response.headers['permissions-policy']);
      expect(policy.get('geolocation'), url).toBe('(self)');
      for (const feature of ['camera', 'microphone', 'payment', 'usb', 'display-capture', 'browsing-topics'])
        expect(policy.get(feature), `${url} ${feature}`).toBe('()');
    }
  });
});

describe('the locale cookie', () => {
  const firstVisit = (app: FastifyInstance, headers: Record<string, string>) =>
    app.inject({
      method: 'GET',
      url: '/',
      headers: { 'user-agent': BROWSER_UA, 'accept-language': 'sv-SE,sv;q=0.9', ...headers },
    });
  const localeCookie = (response: Awaited<ReturnType<FastifyInstance['inject']>>) =>
    response.cookies.find((cookie) => cookie.name === 'i18n_redirected');

  it('is Secure when the request came over https through the trusted proxy', async () => {
    const app = await env.site({ TRUST_PROXY: '127.0.0.1' });
    const response = await firstVisit(app, { 'x-forwarded-proto': 'https' });
    expect(response.statusCode).toBe(307);
    expect(localeCookie(response)).toMatchObject({ value: 'sv-SE', secure: true, sameSite: 'Lax', path: '/' });
  });

  it('is not Secure over plain http, nor when an untrusted client claims https', async () => {
    const trusting = await env.site({ TRUST_PROXY: '127.0.0.1' });
    expect(localeCookie(await firstVisit(trusting, {}))?.secure).toBeFalsy();
    const direct = await env.site();
    const claimed = localeCookie(await firstVisit(direct, { 'x-forwarded-proto': 'https' }));
    expect(claimed?.value).toBe('sv-SE');
    expect(claimed?.secure).toBeFalsy();
  });
});

describe('source maps', () => {
  const clientDir = join(distDir, 'client');
  const scripts = readdirSync(join(clientDir, 'assets')).filter((file) => file.endsWith('.js'));

  it('are kept out of the served folder and the precache, beside the build instead', () => {
    const served = readdirSync(clientDir, { recursive: true, encoding: 'utf8' }).filter((file) =>
      file.endsWith('.map'),
    );
    expect(served).toEqual([]);
    expect(readFileSync(join(clientDir, 'sw.js'), 'utf8')).not.toMatch(/\.map["']/);
    for (const script of scripts)
      expect(readFileSync(join(clientDir, 'assets', script), 'utf8'), script).not.toContain('sourceMappingURL');
    expect(existsSync(join(distDir, 'sourcemaps', 'assets', `${scripts[0]}.map`))).toBe(true);
  });

  it('are not served', async () => {
    const app = await env.site();
    for (const url of [`/assets/${scripts[0]}.map`, '/sw.js.map']) {
      const response = await app.inject({ method: 'GET', url, headers: { 'user-agent': BROWSER_UA } });
      expect(response.statusCode, url).toBe(404);
      expect(response.body).not.toContain('"mappings"');
    }
  });
});

describe('raw paths that no browser sends', () => {
  /** The status line of a GET of `path` written as it is on a real socket (inject parses it as a URL first). */
  async function rawStatusLine(port: number, path: string): Promise<string> {
    const socket = connect(port, '127.0.0.1');
    socket.write(`GET ${path} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n`);
    let answer = '';
    for await (const chunk of socket) answer += String(chunk);
    return answer.split('\r\n')[0]!;
  }

  // Found by the hostile-input fuzz test: after a backslash, WHATWG URL parsing reads
  // "g:&[O|" as a host and port, so light-my-request could not inject the path at all.
  it.each(['/\\g:&[O|/_payload.json/PAY-ABCDEFGHIJ12', '/\\g:&[O|/x', '/\\\\evil.example/x'])(
    '%s gets a 400, not a server error',
    async (path) => {
      const app = await env.site();
      await app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = app.server.address() as { port: number };
      expect(await rawStatusLine(port, path)).toBe('HTTP/1.1 400 Bad Request');
    },
  );
});
