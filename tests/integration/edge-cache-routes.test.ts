/**
 * No personal answer is ever cacheable by a shared cache (docs/operations.md "A cache in
 * front"): every route of the site server, taken from its own route table (onRoute, like
 * the hostile-input suite), is asked anonymously and with a live customer session, and
 * - an answer to a session, an answer that sets a cookie, and any answer to a POST is never
 *   `public` (nor carries `s-maxage` or surrogate keys);
 * - the personal routes (account, cart, checkout, receipt, preview, payment returns,
 *   `/api/v1/*`, `/proxy/*`) are `private` whoever asks;
 * - only the routes listed here as public may answer `public` at all, and every such
 *   answer names its surrogate keys (a new route that answers `public` fails this test
 *   until someone decides it may).
 */
import type { FastifyInstance, InjectOptions, LightMyRequestResponse, RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_PATHS, ACCOUNT_PAGES } from '#shared/account-paths';
import { LOCALES, getHref } from '#shared/locales';
import { SHOP_PATHS } from '#shared/shop/shop-paths';
import { buildSiteApp } from '../../server/site/app';
import { loadSiteConfig } from '../../server/site/config';
import { loadRenderer } from '../../server/site/renderer';
import { distDir, requireProductionBuild, startSiteWithOrigin, type SiteWithOrigin } from './support/site-with-origin';

const PREVIEW_TOKEN = 'edge-routes-preview-token-0123456789';
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36';

/** The routes a shared cache may keep answers of (each answer still decides for itself). */
const MAY_BE_PUBLIC = new Set(['GET /*', 'HEAD /*', 'GET /manifests/:file', 'HEAD /manifests/:file']);
/**
 * Files that change only with a release, `public` without keys: the hashed assets
 * (immutable) and the crawler files (an hour).
 */
const STATIC_FILES = /^\/(assets\/|robots\.txt$|\.well-known\/security\.txt$)/;

/** Concrete addresses for each route pattern; a pattern not listed gets its parameters as "x". */
function addressesOf(route: string): string[] {
  if (route === '/*') {
    const personal = LOCALES.flatMap((locale) => [
      ...ACCOUNT_PAGES.map((page) => getHref(locale, ACCOUNT_PATHS[page][locale])),
      getHref(locale, SHOP_PATHS.cart[locale]),
      getHref(locale, SHOP_PATHS.checkout[locale]),
      getHref(locale, SHOP_PATHS.confirmation[locale]),
    ]);
    return [
      '/',
      '/yrityksille',
      '/yrityksille/_payload.json',
      '/en-EU/company',
      '/en-EU/stationsearch',
      '/asemahaku?service=MAIN',
      '/en-EU/sitemap.xml',
      '/en-EU/no-such-page',
      `/preview/en-EU/company?preview_token=${PREVIEW_TOKEN}`,
      '/preview/en-EU/company',
      ...personal,
      ...personal.map((path) => `${path}/_payload.json`),
    ];
  }
  if (route === '/manifests/:file') return ['/manifests/fi-FI.webmanifest'];
  if (route === '/proxy/*')
    return [
      '/proxy/cms-view/v1/stations?country=FI',
      '/proxy/customers/v1/customer',
      '/proxy/customers/v1/orders',
      '/proxy/digital-order/v1/products',
    ];
  if (route === '/images/:id') return ['/images/hero-business?w=640&format=webp'];
  return [route.replace(/:[A-Za-z]+/g, 'x').replace(/\*/g, 'x')];
}

/** Personal whoever asks: never public, even anonymous. */
function isPersonalAddress(path: string): boolean {
  if (/^\/(api|proxy|preview|payment-return|payment-callback|payment-gateway)(\/|\?|$)/.test(path)) return true;
  const local = path.replace(/\/_payload\.json$/, '');
  return LOCALES.some(
    (locale) =>
      ACCOUNT_PAGES.some((page) => local === getHref(locale, ACCOUNT_PATHS[page][locale])) ||
      (['cart', 'checkout', 'confirmation'] as const).some(
        (page) => local === getHref(locale, SHOP_PATHS[page][locale]),
      ),
  );
}

function isPublic(response: LightMyRequestResponse): boolean {
  const cacheControl = String(response.headers['cache-control'] ?? '');
  return /(^|,)\s*(public|s-maxage)/.test(cacheControl) || response.headers['surrogate-key'] !== undefined;
}

describe('cache headers on every route of the site server', () => {
  let product: SiteWithOrigin;
  let site: FastifyInstance;
  const routes: RouteOptions[] = [];
  let session: string;

  beforeAll(async () => {
    requireProductionBuild('edge-cache-routes.test.ts');
    product = await startSiteWithOrigin('edge-routes');
    site = await buildSiteApp({
      config: {
        ...loadSiteConfig({
          RENDER_CACHE_TTL_MS: '5000',
          SHED_EVENT_LOOP_DELAY_MS: '0',
          SHED_MAX_IN_FLIGHT: '0',
          DIST_DIR: distDir,
          PREVIEW_TOKEN,
        } as NodeJS.ProcessEnv),
        originUrl: product.origin.url,
      },
      renderer: await loadRenderer(distDir),
      onRoute: (route) => routes.push(route),
    });
    await site.ready();
    const login = await product.origin.app.inject({
      method: 'POST',
      url: '/customers/v1/sessions',
      headers: { 'x-st1-locale': 'fi-FI' },
      payload: { email: 'matti.meikalainen@example.fi', password: 'Demo-salasana-1' },
    });
    session = (login.json() as { token: string }).token;
  }, 120_000);

  afterAll(async () => {
    await site?.close();
    await product?.close();
  });

  it('never marks a personal answer public', async () => {
    const seen = new Set<string>();
    const checked: string[] = [];
    const problems: string[] = [];
    for (const route of routes) {
      for (const method of [route.method].flat()) {
        const key = `${method} ${route.url}`;
        if (seen.has(key) || method === 'OPTIONS') continue;
        seen.add(key);
        for (const url of addressesOf(route.url)) {
          for (const withSession of [false, true]) {
            const request: InjectOptions = {
              method: method as InjectOptions['method'],
              url,
              headers: {
                'user-agent': BROWSER,
                'accept-language': 'fi',
                ...(withSession ? { cookie: `st1_session=${session}; i18n_redirected=fi-FI` } : {}),
                ...(method === 'POST'
                  ? { 'content-type': 'application/json', origin: 'http://localhost', 'x-st1-locale': 'fi-FI' }
                  : {}),
              },
              ...(method === 'POST' ? { payload: '{}' } : {}),
            };
            const response = await site.inject(request);
            const what = `${method} ${url}${withSession ? ' (session)' : ''} → ${response.statusCode} ${String(response.headers['cache-control'])}`;
            checked.push(what);
            if (!isPublic(response)) continue;
            const immutable = /immutable/.test(String(response.headers['cache-control']));
            if (withSession && !(immutable && STATIC_FILES.test(url))) problems.push(`${what}: public to a session`);
            else if (response.headers['set-cookie']) problems.push(`${what}: public with Set-Cookie`);
            else if (method !== 'GET' && method !== 'HEAD') problems.push(`${what}: public to a ${method}`);
            else if (isPersonalAddress(url)) problems.push(`${what}: a personal route marked public`);
            else if (STATIC_FILES.test(url)) continue;
            else if (!MAY_BE_PUBLIC.has(key)) problems.push(`${what}: public, but ${key} is not a public route`);
            else if (
              !String(response.headers['surrogate-key'] ?? '')
                .split(' ')
                .includes('site')
            )
              problems.push(`${what}: public without its surrogate keys`);
          }
        }
      }
    }
    expect(problems).toEqual([]);
    // The walk reached the routes that matter, public and personal alike.
    expect(checked.some((line) => /^GET \/yrityksille \u2192 200 public/.test(line))).toBe(true);
    expect(checked.some((line) => /^GET \/en-EU\/sitemap\.xml \u2192 200 public/.test(line))).toBe(true);
    expect(checked.some((line) => /^GET \/oma-tili .*\u2192 200 private/.test(line))).toBe(true);
    expect(
      checked.some((line) =>
        /^GET \/proxy\/customers\/v1\/customer \(session\) \u2192 200 private, no-store/.test(line),
      ),
    ).toBe(true);
    expect(seen.size).toBeGreaterThan(20);
  }, 300_000);

  it('keeps the ETag of a page across renders while its content stays the same', async () => {
    const uncached = await product.site(); // render cache off: every request renders
    const first = await uncached.inject({ url: '/en-EU/company', headers: { 'user-agent': BROWSER } });
    await new Promise((resolve) => setTimeout(resolve, 5));
    const second = await uncached.inject({ url: '/en-EU/company', headers: { 'user-agent': BROWSER } });
    expect(second.headers.etag).toBe(first.headers.etag);
    const other = await uncached.inject({ url: '/en-EU/about-us', headers: { 'user-agent': BROWSER } });
    expect(other.headers.etag).not.toBe(first.headers.etag);
    const payload = await uncached.inject({ url: '/en-EU/company/_payload.json', headers: { 'user-agent': BROWSER } });
    expect(payload.headers.etag).not.toBe(first.headers.etag);
  });

  it('answers a revalidation of an unchanged page with a 304 of a few hundred bytes', async () => {
    for (const url of [
      '/yrityksille',
      '/yrityksille/_payload.json',
      '/en-EU/stations/',
      '/manifests/fi-FI.webmanifest',
    ]) {
      if (url.endsWith('/')) continue;
      const first = await site.inject({ url, headers: { 'user-agent': BROWSER, 'accept-encoding': 'br, gzip' } });
      expect(first.statusCode).toBe(200);
      const etag = String(first.headers.etag);
      expect(etag).toMatch(/^W\/"[\w-]+"$/);
      const again = await site.inject({
        url,
        headers: { 'user-agent': BROWSER, 'accept-encoding': 'br, gzip', 'if-none-match': etag },
      });
      expect(again.statusCode).toBe(304);
      expect(again.body).toBe('');
      // What the wire carries: the status line and the headers (security headers included).
      const headerBytes = Object.entries(again.headers).reduce(
        (sum, [name, value]) => sum + name.length + String(value).length + 4,
        'HTTP/1.1 304 Not Modified\r\n'.length + 2,
      );
      expect(headerBytes).toBeLessThanOrEqual(1024);
      // Another version's tag gets the whole page.
      const stale = await site.inject({ url, headers: { 'user-agent': BROWSER, 'if-none-match': 'W/"old"' } });
      expect(stale.statusCode).toBe(200);
    }
  });
});
