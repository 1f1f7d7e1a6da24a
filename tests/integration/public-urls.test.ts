/**
 * The Host header is the client's to write (docs/security.md): a Host that names no host
 * is a 400, never a 500; absolute URLs in pages (canonical, og:url, hreflang, JSON-LD,
 * sitemaps, robots.txt, security.txt) come from the configuration, so an unknown Host never
 * appears in one; the render cache keeps http and https renders apart; and every answer,
 * Fastify's own 400s for malformed addresses included, carries the security headers.
 */
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHANGES_POLL_MS } from '../../server/site/render-cache';
import { requireProductionBuild, startSiteWithOrigin, type SiteWithOrigin } from './support/site-with-origin';

requireProductionBuild('tests/integration/public-urls.test.ts');

const BROWSER_UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0 Safari/537.36';
let env: SiteWithOrigin;

beforeAll(async () => {
  env = await startSiteWithOrigin('public-urls');
});
afterAll(() => env?.close());

const get = (app: FastifyInstance, url: string, headers: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url, headers: { 'user-agent': BROWSER_UA, ...headers } } satisfies InjectOptions);

/** Every absolute http(s) URL in a body. */
const absoluteUrls = (body: string) => [...body.matchAll(/https?:\/\/[^\s"'<>\\]+/g)].map((match) => match[0]);
const canonicalOf = (html: string) => /<link rel="canonical" href="([^"]+)"/.exec(html)?.[1];
const alternateOf = (html: string, hreflang: string) =>
  new RegExp(`<link rel="alternate" href="([^"]+)" hrefLang="${hreflang}"`).exec(html)?.[1];
const ogUrlOf = (html: string) => /<meta property="og:url" content="([^"]+)"/.exec(html)?.[1];

describe('a Host header that names no host', () => {
  const INVALID_HOSTS = ['www.127.0.0.1', '1.2.3.999', '[::1', 'x:abc', 'exa mple', 'evil.example:99999', 'xn--'];

  it.each(INVALID_HOSTS)('%j is a 400 with the security headers, for pages and APIs alike', async (host) => {
    const app = await env.site();
    for (const url of ['/', '/yrityksille', '/yrityksille/_payload.json', '/sitemap.xml', '/robots.txt']) {
      const response = await get(app, url, { host });
      expect(response.statusCode, `${host} ${url}`).toBe(400);
      expect(response.json()).toMatchObject({ status: 400, code: 'BAD_REQUEST' });
      expect(response.headers['content-security-policy'], url).toBeDefined();
    }
  });

  it('the same from a trusted proxy’s X-Forwarded-Host', async () => {
    const app = await env.site({ TRUST_PROXY: '127.0.0.1' });
    const response = await get(app, '/', { host: 'localhost', 'x-forwarded-host': '1.2.3.999' });
    expect(response.statusCode).toBe(400);
  });
});

describe('absolute URLs come from the configuration', () => {
  const PAGES = ['/yrityksille', '/en-EU/company', '/asemahaku', '/sitemap.xml', '/en-EU/sitemap.xml', '/robots.txt'];

  it('with PUBLIC_URL, a forged Host appears nowhere; every absolute URL is on the public address', async () => {
    const app = await env.site({ PUBLIC_URL: 'https://www.st1.example' });
    for (const url of [...PAGES, '/.well-known/security.txt', '/yrityksille/_payload.json', '/no-such-page']) {
      const response = await get(app, url, { host: 'evil.example' });
      expect(response.statusCode, url).toBeLessThan(500);
      expect(response.body.includes('evil.example'), url).toBe(false);
      const own = absoluteUrls(response.body).filter((link) => link.includes('st1.example'));
      expect(own.length, url).toBeGreaterThan(0);
      for (const link of own) expect(link, url).toMatch(/^https:\/\/www\.st1\.example\//);
    }
    const html = (await get(app, '/en-EU/company', { host: 'evil.example' })).body;
    expect(canonicalOf(html)).toBe('https://www.st1.example/en-EU/company');
    expect(ogUrlOf(html)).toBe('https://www.st1.example/en-EU/company');
    expect(alternateOf(html, 'fi-FI')).toBe('https://www.st1.example/yrityksille');
  });

  it('on a locale domain, each locale’s URLs are on its own domain; an unknown Host gets the domains too', async () => {
    const app = await env.site({ LOCALE_DOMAINS: 'fi-FI=st1.fi,en-EU=st1.com' });
    const onDomain = (await get(app, '/yrityksille', { host: 'st1.fi' })).body;
    expect(canonicalOf(onDomain)).toBe('http://st1.fi/yrityksille');
    expect(alternateOf(onDomain, 'en')).toBe('http://st1.com/company');
    const forged = await get(app, '/en-EU/company', { host: 'evil.example' });
    expect(forged.body.includes('evil.example')).toBe(false);
    expect(canonicalOf(forged.body)).toBe('http://st1.com/company');
  });

  it('with SITE_HOSTS, an unknown Host gets the first site host', async () => {
    const app = await env.site({ SITE_HOSTS: 'st1.example' });
    const response = await get(app, '/yrityksille', { host: 'evil.example' });
    expect(response.body.includes('evil.example')).toBe(false);
    expect(canonicalOf(response.body)).toBe('http://st1.example/yrityksille');
  });

  it('without configuration (development), loopback keeps its port and any other Host gets localhost:PORT', async () => {
    const app = await env.site({ PORT: '3210' });
    expect(canonicalOf((await get(app, '/yrityksille', { host: '127.0.0.1:5173' })).body)).toBe(
      'http://127.0.0.1:5173/yrityksille',
    );
    expect(canonicalOf((await get(app, '/yrityksille', { host: 'localhost:3210' })).body)).toBe(
      'http://localhost:3210/yrityksille',
    );
    const forged = await get(app, '/yrityksille', { host: 'evil.example' });
    expect(forged.body.includes('evil.example')).toBe(false);
    expect(canonicalOf(forged.body)).toBe('http://localhost:3210/yrityksille');
    const robots = (await get(app, '/robots.txt', { host: 'evil.example' })).body;
    expect(robots).toContain('Sitemap: http://localhost:3210/sitemap.xml');
  });
});

describe('the render cache', () => {
  it('keeps an https render from answering http, and back (key: the absolute base URL)', async () => {
    const app = await env.site({ SITE_HOSTS: 'st1.example', TRUST_PROXY: '127.0.0.1', RENDER_CACHE_TTL_MS: '60000' });
    const viaProxy = (proto: string) => get(app, '/yrityksille', { host: 'st1.example', 'x-forwarded-proto': proto });
    expect(canonicalOf((await viaProxy('https')).body)).toBe('https://st1.example/yrityksille');
    expect(canonicalOf((await viaProxy('http')).body)).toBe('http://st1.example/yrityksille');
    expect(canonicalOf((await viaProxy('https')).body)).toBe('https://st1.example/yrityksille');
    const payload = await get(app, '/yrityksille/_payload.json', { host: 'st1.example', 'x-forwarded-proto': 'http' });
    expect((payload.json() as { head: { canonical: string } }).head.canonical).toBe('http://st1.example/yrityksille');
  });

  it('renders afresh for Cache-Control: no-cache (a shared cache filling its copy) and keeps that render', async () => {
    const app = await env.site({ RENDER_CACHE_TTL_MS: '60000' });
    // Renders made before the cache's first read of the log of changes are not kept.
    await new Promise((resolve) => setTimeout(resolve, 2 * CHANGES_POLL_MS));
    // Each render names the time it was made (hydration reads it): equal times, one render.
    const renderedAt = async (headers: Record<string, string> = {}) =>
      /"renderedAt":(\d+)/.exec((await get(app, '/yrityksille', { host: 'localhost', ...headers })).body)?.[1];
    const first = await renderedAt();
    expect(first).toMatch(/^\d+$/);
    expect(await renderedAt()).toBe(first);
    await new Promise((resolve) => setTimeout(resolve, 5));
    const fresh = await renderedAt({ 'cache-control': 'no-cache' });
    expect(fresh).not.toBe(first);
    expect(await renderedAt()).toBe(fresh);
    // Only no-cache asks for a new render; a browser's ordinary reload (max-age=0) takes the kept one.
    expect(await renderedAt({ 'cache-control': 'max-age=0' })).toBe(fresh);
  });
});

describe('security headers on Fastify’s own 400s', () => {
  const HEADERS = [
    'content-security-policy',
    'x-content-type-options',
    'cross-origin-opener-policy',
    'cross-origin-resource-policy',
    'referrer-policy',
    'permissions-policy',
  ];

  it.each(['/%ff', '/a%', '/proxy/x%ff', '/api/v1/%zz'])('%s is a 400 with every security header', async (url) => {
    const app = await env.site();
    const response = await get(app, url, { host: 'localhost' });
    expect(response.statusCode).toBe(400);
    for (const header of HEADERS) expect(response.headers[header], `${url} ${header}`).toBeDefined();
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });
});
