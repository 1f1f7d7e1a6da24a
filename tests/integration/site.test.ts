/**
 * The site server against a real origin (SQLite in a temp dir) and the production build
 * in dist/ (run `npm run build` first).
 */
import { request as httpRequest } from 'node:http';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pageSchema, searchResultSchema, type Block } from '#shared/content-schema';
import { readErrorBody } from '#shared/api/errors';
import {
  LOCALE_INFO,
  LOCALES,
  LOCALIZED_PATHS,
  getHref,
  slugToPath,
  type Locale,
  type PagePurpose,
} from '#shared/locales';
import { formatCmsDate } from '#shared/cms-date';
import type { PagePayload } from '#shared/payload';
import { readSeedPages } from '../../server/origin/content-files';
import { loadOriginConfig } from '../../server/origin/config';
import { startOrigin, type RunningOrigin } from '../../server/origin/start';
import { buildSiteApp } from '../../server/site/app';
import { loadSiteConfig, type SiteConfig } from '../../server/site/config';
import { loadRenderer, type Renderer } from '../../server/site/renderer';
import { seededDatabaseEnv } from './support/test-database';
import { TEST_PASSWORD_ENV } from './support/password-cost';

const distDir = process.env.DIST_DIR ?? 'dist';
if (!existsSync(join(distDir, 'build.json')) || !existsSync(join(distDir, 'server', 'entry-server.js'))) {
  throw new Error('tests/integration/site.test.ts needs the production build: run "npm run build" first');
}

const PREVIEW_TOKEN = 'editors-preview-token-1234';
let dataDir: string;
let origin: RunningOrigin;
let originClosed = false;
let renderer: Renderer;
let app: FastifyInstance;
let config: SiteConfig & { originUrl: string };
/** locale → locale-relative path (slug or alias) → the text of the page's <h1>. */
const headings = new Map<Locale, Map<string, string>>(LOCALES.map((locale) => [locale, new Map()]));

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'st1-site-test-'));
  origin = await startOrigin(
    loadOriginConfig({
      DATA_DIR: dataDir,
      CONTENT_DIR: 'content',
      ...TEST_PASSWORD_ENV,
      ...(await seededDatabaseEnv('site', dataDir)),
    } as NodeJS.ProcessEnv),
  );
  renderer = await loadRenderer(distDir);
  config = {
    ...loadSiteConfig({
      RENDER_CACHE_TTL_MS: '0',
      SHED_EVENT_LOOP_DELAY_MS: '0',
      DIST_DIR: distDir,
      PREVIEW_TOKEN,
    } as NodeJS.ProcessEnv),
    originUrl: origin.url,
  };
  app = await buildSiteApp({ config, renderer });
  await app.ready();
  for (const page of await readSeedPages('content')) {
    const first = page.content.body[0] as (Block & { title?: unknown }) | undefined;
    const h1 = first?.type === 'hero' && typeof first.title === 'string' ? first.title : page.content.title;
    for (const slug of [page.content.slug, ...page.aliases]) headings.get(page.locale)?.set(slugToPath(slug), h1);
  }
});

afterAll(async () => {
  await app?.close();
  if (origin && !originClosed) await origin.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

// A browser's user agent: crawlers (and inject's default agent) skip first-visit detection.
const BROWSER_UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0 Safari/537.36';
const get = (url: string, headers: InjectOptions['headers'] = {}) =>
  app.inject({ method: 'GET', url, headers: { 'user-agent': BROWSER_UA, ...headers } });

/** A GET over a real socket, with the path sent exactly as given. */
function rawGet(address: string, path: string): Promise<{ status: number; contentType: string; body: string }> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(`${address}${path}`, { method: 'GET', path }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({
          status: response.statusCode ?? 0,
          contentType: String(response.headers['content-type'] ?? ''),
          body: Buffer.concat(chunks).toString('utf8'),
        }),
      );
      response.on('error', reject);
    });
    request.on('error', reject);
    request.end();
  });
}

/** Text as React puts it into HTML. */
function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#x27;');
}

function expectHtml(response: LightMyRequestResponse, status: number): string {
  expect(response.statusCode, `${response.statusCode} ${response.body.slice(0, 300)}`).toBe(status);
  expect(response.headers['content-type']).toMatch(/^text\/html/);
  expect(response.body).toMatch(/<html lang="[^"]+"/);
  return response.body;
}

function expectJsonError(response: LightMyRequestResponse, status: number) {
  expect(response.statusCode, response.body).toBe(status);
  expect(response.headers['content-type']).toMatch(/application\/json/);
  const body = readErrorBody(response.json());
  expect(body.status).toBe(status);
  return body;
}

function poMessage(locale: Locale, id: string): string {
  const po = readFileSync(`locales/${locale}/messages.po`, 'utf8');
  const match = new RegExp(`msgid "${id.replace(/\./g, '\\.')}"\\nmsgstr "(.*)"`).exec(po);
  if (!match?.[1]) throw new Error(`${id} missing from locales/${locale}/messages.po`);
  return match[1];
}

function expectNoInternals(body: string) {
  expect(body).not.toMatch(/\bat [\w.<>]+ \(.*:\d+:\d+\)/);
  expect(body).not.toMatch(/ECONNREFUSED|OriginError|node_modules|\/work\/|SyntaxError/);
}

const purposes = (Object.keys(LOCALIZED_PATHS) as PagePurpose[]).filter((purpose) => purpose !== 'search');
const localizedPaths: Array<{ locale: Locale; path: string; url: string }> = [
  ...purposes.flatMap((purpose) => LOCALES.map((locale) => ({ locale, path: LOCALIZED_PATHS[purpose][locale] }))),
  { locale: 'no-NO' as const, path: '/befrift' },
  { locale: 'no-NO' as const, path: '/privat/kundservice' },
].map((entry) => ({ ...entry, url: getHref(entry.locale, entry.path) }));

describe('site: pages', () => {
  it.each(localizedPaths)('$url renders the $locale page with its <h1>', async ({ locale, path, url }) => {
    const html = expectHtml(await get(url, { cookie: 'i18n_redirected=fi-FI' }), 200);
    const h1 = headings.get(locale)?.get(path);
    expect(h1, `no content for ${locale} ${path}`).toBeDefined();
    const headingsInHtml = [...html.matchAll(/<h1\b[^>]*>([\s\S]*?)<\/h1>/g)].map((match) => match[1]);
    expect(headingsInHtml).toEqual([escapeHtml(h1 ?? '')]);
    expect(html).toContain(`<html lang="${LOCALE_INFO[locale].htmlLang}"`);
  });

  it('answers /{path}/_payload.json with the page payload as JSON', async () => {
    const response = await get('/en-EU/company/_payload.json');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    const payload = response.json() as PagePayload;
    expect(Object.keys(payload)).toEqual(expect.arrayContaining(['page', 'layout', 'buildId', 'head']));
    expect(pageSchema.parse(payload.page).content.slug).toBe('company');
    expect(payload.layout?.navigation.length).toBeGreaterThan(0);
    expect(payload.buildId).toBe(renderer.buildId);
    expect(payload.head.lang).toBe('en');
    expect(payload.head.title).toBe(`${payload.page?.content.title} | St1`);
    expect(payload.error).toBeNull();
  });

  it("carries an article's dates as the server printed them, and none on a page without one", async () => {
    const payload = (await get('/en-EU/article/biogas-now-at-twelve-stations/_payload.json')).json() as PagePayload;
    const created = pageSchema.parse(payload.page).content.created;
    expect(created).toBeDefined();
    expect(payload.dates?.[created!]).toBe(formatCmsDate(created!, 'en-EU'));
    const html = expectHtml(await get('/en-EU/article/biogas-now-at-twelve-stations'), 200);
    expect(html).toContain(escapeHtml(payload.dates![created!]!));
    const list = (await get('/en-EU/article/_payload.json')).json() as PagePayload;
    expect(Object.keys(list.dates ?? {}).length).toBeGreaterThan(1);
    expect(((await get('/en-EU/company/_payload.json')).json() as PagePayload).dates).toBeUndefined();
  });

  it('answers the root payload without redirecting and the payload of an unknown page with 404', async () => {
    const root = await get('/_payload.json', { 'accept-language': 'sv' });
    expect(root.statusCode).toBe(200);
    expect((root.json() as PagePayload).page?.content.slug).toBe('landing');
    const missing = await get('/en-EU/no-such-page/_payload.json');
    expect(missing.statusCode).toBe(404);
    expect((missing.json() as PagePayload).error).toMatchObject({ status: 404, reason: 'unknownRoute' });
  });

  it("answers an unknown route with a 404 page that says 'Page not found: {path}'", async () => {
    const html = expectHtml(await get('/en-EU/no-such-page'), 404);
    expect(html).toContain('Page not found: /en-EU/no-such-page');
    const fi = expectHtml(await get('/ei-tallaista-sivua'), 404);
    expect(fi).toContain(poMessage('fi-FI', 'messages.page-not-found-path').replace('{path}', '/ei-tallaista-sivua'));
  });

  it("answers a path that fails validation with 404 'Page Not Found: {path}'", async () => {
    const html = expectHtml(await get('/en-EU/Bad%20Slug!'), 404);
    expect(html).toContain('Page Not Found: /en-EU/Bad Slug!');
    expectHtml(await get('/Bad%20Slug!'), 404);
  });

  it('serves drafts only under /preview, to editors with the preview token', async () => {
    expectHtml(await get('/kampanja-2027'), 404);
    // Without the token, or with a wrong one, a draft does not exist.
    expectHtml(await get('/preview/kampanja-2027'), 404);
    expectHtml(await get('/preview/kampanja-2027?preview_token=wrong-token-wrong-token'), 404);
    expectHtml(await get('/preview/kampanja-2027', { cookie: 'st1_preview=00' }), 404);

    // The token is exchanged for an HttpOnly cookie limited to /preview, and leaves the address.
    const login = await get(`/preview/kampanja-2027?preview_token=${PREVIEW_TOKEN}&x=1`);
    expect(login.statusCode).toBe(303);
    expect(login.headers.location).toBe('/preview/kampanja-2027?x=1');
    const setCookie = String(login.headers['set-cookie']);
    expect(setCookie).toMatch(/st1_preview=[0-9a-f]{64}/);
    expect(setCookie).toMatch(/Path=\/preview/);
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).not.toContain(PREVIEW_TOKEN);
    const cookie = setCookie.split(';')[0]!;

    const preview = await get('/preview/kampanja-2027', { cookie });
    expectHtml(preview, 200);
    expect(preview.headers['cache-control']).toContain('no-store');
    expect(preview.body).toMatch(/<meta name="robots" content="noindex"/);
    const payload = await get('/preview/kampanja-2027/_payload.json', { cookie });
    expect(payload.statusCode).toBe(200);
    expect((JSON.parse(payload.body) as PagePayload).preview).toBe(true);
  });

  it('renders search results into the search page for ?q= (search without JavaScript)', async () => {
    const response = await get('/en-EU/search?q=charging');
    const html = expectHtml(response, 200);
    expect(html).toContain('site-search__list');
    expect(html).toMatch(/<input[^>]*name="q"[^>]*value="charging"/);
    // Another query renders other results: documents with a query string skip the render cache.
    const none = expectHtml(await get('/en-EU/search?q=zzqxjv'), 200);
    expect(none).not.toContain('site-search__list');
    expect(none).toContain('zzqxjv');
  });

  it('does not serve the HTML template itself', async () => {
    const response = await get('/index.html');
    expect(response.body).not.toContain('<!--app-html-->');
  });
});

describe('site: redirects and locale detection', () => {
  it('does not redirect a crawler from the root by its languages', async () => {
    const response = await get('/', {
      'accept-language': 'sv-SE',
      'user-agent': 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['set-cookie']).toBeUndefined();
  });

  it('redirects a legacy path with 307 and keeps the query string', async () => {
    const response = await get('/uutiset?utm_source=mail&x=1');
    expect(response.statusCode).toBe(307);
    expect(response.headers.location).toBe('/tietoa-meista?utm_source=mail&x=1');
    const en = await get('/en-EU/news?x=1');
    expect(en.statusCode).toBe(307);
    expect(en.headers.location).toBe('/en-EU/about-us/news-and-media/company-and-press-releases?x=1');
    const external = await get('/en-EU/en');
    expect(external.statusCode).toBe(307);
    expect(external.headers.location).toMatch(/^https:\/\//);
  });

  it("names a legacy path's target on its payload, which client navigation follows", async () => {
    const payload = await get('/uutiset/_payload.json?utm_source=mail');
    expect(payload.headers['x-st1-location']).toBe('/tietoa-meista?utm_source=mail');
    // The body is the page a client that ignores the header shows: not found.
    expect(payload.statusCode).toBe(404);
    expect((payload.json() as PagePayload).error).toMatchObject({ status: 404 });
    expect((await get('/en-EU/news/_payload.json')).headers['x-st1-location']).toBe(
      '/en-EU/about-us/news-and-media/company-and-press-releases',
    );
    expect((await get('/en-EU/company/_payload.json')).headers['x-st1-location']).toBeUndefined();
  });

  it('redirects trailing slashes and prefix case to the clean form', async () => {
    expect((await get('/yrityksille/?a=1')).headers.location).toBe('/yrityksille?a=1');
    expect((await get('/EN-eu/company')).headers.location).toBe('/en-EU/company');
    const protocolRelative = await get('//evil.example/');
    expect(protocolRelative.statusCode).toBe(307);
    expect(String(protocolRelative.headers.location).startsWith('//')).toBe(false);
  });

  it('redirects a first visit to the browser locale and sets the cookie', async () => {
    const response = await get('/', { 'accept-language': 'sv-SE,sv;q=0.9,en;q=0.8' });
    expect(response.statusCode).toBe(307);
    expect(response.headers.location).toBe('/sv-SE');
    const cookie = String(response.headers['set-cookie']);
    expect(cookie).toContain('i18n_redirected=sv-SE');
    expect(cookie).toMatch(/Max-Age=31536000/i);
    expect(cookie).toMatch(/Path=\//i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(String(response.headers.vary)).toMatch(/Accept-Language/i);
  });

  it('serves fi-FI on a first visit in Finnish, setting the cookie', async () => {
    const response = await get('/', { 'accept-language': 'fi-FI,fi;q=0.9' });
    expectHtml(response, 200);
    expect(String(response.headers['set-cookie'])).toContain('i18n_redirected=fi-FI');
  });

  it('does not redirect later visits', async () => {
    const response = await get('/', { 'accept-language': 'sv', cookie: 'i18n_redirected=fi-FI' });
    expectHtml(response, 200);
    expect(response.headers['set-cookie']).toBeUndefined();
  });
});

describe('site: bad input never gives 500', () => {
  it('answers malformed percent-encoding with a 400 page', async () => {
    const body = expectHtml(await get('/%E0%A4%A'), 400);
    expectNoInternals(body);
    expectHtml(await get('/en-EU/%zz'), 400);
  });

  it('answers an address longer than 2 KB with a 414 page', async () => {
    expectHtml(await get(`/${'a'.repeat(2100)}`), 414);
  });

  it("answers '..' segments with a 400 page", async () => {
    // app.inject() normalizes '..' away (WHATWG URL), so these go over a real socket.
    const address = await app.listen({ host: '127.0.0.1', port: 0 });
    for (const path of ['/a/../b', '/a/%2e%2e/b', '/en-EU/../../etc/passwd']) {
      const response = await rawGet(address, path);
      expect(response.status, path).toBe(400);
      expect(response.contentType, path).toMatch(/^text\/html/);
      expect(response.body, path).toMatch(/<html lang="[^"]+"/);
    }
  });

  it('answers an unknown locale prefix with a 404 page', async () => {
    expectHtml(await get('/de-DE/x'), 404);
  });

  it('ignores a garbage cookie and a garbage Accept-Language', async () => {
    expectHtml(await get('/', { cookie: 'i18n_redirected=%ZZ%<script>; other=%%%' }), 200);
    expectHtml(await get('/', { 'accept-language': ';;;,,,q=abc, *;q=x, ' + 'x'.repeat(600) }), 200);
    expectHtml(await get('/yrityksille', { 'accept-language': '\u00ff\u00fe', cookie: '=;=;i18n_redirected' }), 200);
  });
});

describe('site: /proxy', () => {
  it('answers an endpoint outside the allow-list with 404 JSON', async () => {
    expectJsonError(await get('/proxy/cms-view/v1/sitemap'), 404);
    expectJsonError(await get('/proxy/admin/secret'), 404);
    expectJsonError(await get('/proxy/digital-order/v1/cart/validate'), 404);
  });

  it('answers a POST body that is not JSON with 400', async () => {
    const plain = await app.inject({
      method: 'POST',
      url: '/proxy/cms-view/v1/search',
      headers: { 'content-type': 'text/plain' },
      payload: 'tuulivoimaan',
    });
    expectJsonError(plain, 400);
    const broken = await app.inject({
      method: 'POST',
      url: '/proxy/cms-view/v1/search',
      headers: { 'content-type': 'application/json' },
      payload: '{"query": ',
    });
    expectJsonError(broken, 400);
  });

  it('forwards a valid JSON search and returns the hits', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/proxy/cms-view/v1/search',
      // Every proxied POST gets the CSRF check of the account APIs (docs/accounts.md).
      headers: { host: 'localhost', origin: 'http://localhost', 'x-st1-locale': 'fi-FI' },
      payload: { query: 'tuulivoimaan' },
    });
    expect(response.statusCode).toBe(200);
    expect(searchResultSchema.parse(response.json()).hits.map((hit) => hit.path)).toContain('/tietoa-meista');
    expect(response.headers['cache-control']).toBe('private, no-store');
  });

  it('forwards x-st1-locale and defaults to fi-FI', async () => {
    const en = await get('/proxy/cms-view/v1/content/page?path=/company', { 'x-st1-locale': 'en-EU' });
    expect(en.statusCode).toBe(200);
    expect(pageSchema.parse(en.json()).content.slug).toBe('company');
    const fi = await get('/proxy/cms-view/v1/content/page?path=/yrityksille');
    expect(fi.statusCode).toBe(200);
    expect(pageSchema.parse(fi.json()).content.slug).toBe('yrityksille');
    expect((await get('/proxy/cms-view/v1/content/page?path=/company')).statusCode).toBe(404);
  });

  it('answers JSON nested deeper than 32 levels with 400, not a stack overflow', async () => {
    const sameSite = { host: 'localhost', origin: 'http://localhost', 'x-st1-locale': 'fi-FI' };
    const deep = `{"items":${'['.repeat(5000)}${']'.repeat(5000)}}`;
    for (const url of ['/proxy/digital-order/v1/cart/validate', '/proxy/cms-view/v1/search']) {
      const response = await app.inject({
        method: 'POST',
        url,
        headers: { ...sameSite, 'content-type': 'application/json' },
        payload: deep,
      });
      expectJsonError(response, 400);
      expect(response.json().message).toMatch(/deeper than 32/);
    }
    // Brackets inside strings do not count as nesting.
    const response = await app.inject({
      method: 'POST',
      url: '/proxy/cms-view/v1/search',
      headers: { ...sameSite, 'content-type': 'application/json' },
      payload: JSON.stringify({ query: '['.repeat(100) }),
    });
    expect(response.statusCode).toBe(200);
  });

  it('answers a query string with malformed percent-encoding with 400, and passes "../" in a query on', async () => {
    expectJsonError(await get('/proxy/cms-view/v1/content/page?path=%E0%A4%A'), 400);
    expectJsonError(await get('/proxy/cms-view/v1/search?q=%%%'), 400);
    const search = await get('/proxy/cms-view/v1/search?q=..%2F');
    expect(search.statusCode).toBe(200);
    expect(searchResultSchema.parse(search.json()).query).toBe('../');
  });

  it('answers an invalid x-st1-locale with 400 without asking the origin', async () => {
    expectJsonError(await get('/proxy/cms-view/v1/content/layout', { 'x-st1-locale': 'de-DE' }), 400);
  });
});

describe('site: sitemap, build and health', () => {
  it('answers /sitemap.xml with hreflang alternates and without noIndex pages', async () => {
    const response = await get('/sitemap.xml');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/xml/);
    const xml = response.body;
    expect(xml).toMatch(/<loc>[^<]*\/yrityksille<\/loc>/);
    expect(xml).toContain('xhtml:link');
    expect(xml).toMatch(
      /hreflang="en"[^>]*href="[^"]*\/en-EU\/company"|href="[^"]*\/en-EU\/company"[^>]*hreflang="en"/,
    );
    expect(xml).not.toMatch(/\/haku</);
    expect(xml).not.toContain('kampanja-2027');
  });

  it('answers /en-EU/sitemap.xml with the en-EU pages', async () => {
    const xml = (await get('/en-EU/sitemap.xml')).body;
    expect(xml).toMatch(/<loc>[^<]*\/en-EU\/company<\/loc>/);
    expect(xml).toContain('xhtml:link');
    expect(xml).not.toMatch(/\/en-EU\/search["<]/);
    expect(xml).not.toMatch(/<loc>[^<]*\/yrityksille<\/loc>/);
  });

  it('answers /builds/latest.json with the build id, uncached', async () => {
    const response = await get('/builds/latest.json?t=123');
    expect(response.statusCode).toBe(200);
    const body = response.json() as { id: unknown; timestamp: unknown };
    expect(body).toEqual({ id: renderer.buildId, timestamp: renderer.buildTimestamp });
    expect(typeof body.id).toBe('string');
    expect(typeof body.timestamp).toBe('number');
    expect(response.headers['cache-control']).toContain('no-cache');
  });

  it('answers /healthz with 200', async () => {
    const response = await get('/healthz');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ status: 'ok', origin: 'up' });
  });
});

describe('site: headers', () => {
  it('sends the security headers', async () => {
    const response = await get('/yrityksille');
    const csp = String(response.headers['content-security-policy']);
    const directives = new Map(
      csp
        .split(';')
        .map((part) => part.trim().split(/\s+/))
        .map(([name, ...values]) => [name, values]),
    );
    expect(directives.get('script-src')).toBeDefined();
    expect(directives.get('script-src')).not.toContain("'unsafe-inline'");
    expect(directives.get('script-src')).not.toContain("'unsafe-eval'");
    expect(directives.get('frame-ancestors')).toEqual(["'none'"]);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBeTruthy();
    expect(response.headers['strict-transport-security']).toBeUndefined();
  });

  it('sends HSTS only for https behind a trusted proxy', async () => {
    expect(
      (await get('/yrityksille', { 'x-forwarded-proto': 'https' })).headers['strict-transport-security'],
    ).toBeUndefined();
    const trusting = await buildSiteApp({ config: { ...config, trustProxy: ['127.0.0.1'] }, renderer });
    try {
      const https = await trusting.inject({
        method: 'GET',
        url: '/yrityksille',
        headers: { 'x-forwarded-proto': 'https' },
      });
      expect(https.statusCode).toBe(200);
      expect(String(https.headers['strict-transport-security'])).toMatch(/max-age=\d+/);
      const http = await trusting.inject({
        method: 'GET',
        url: '/yrityksille',
        headers: { 'x-forwarded-proto': 'http' },
      });
      expect(http.headers['strict-transport-security']).toBeUndefined();
    } finally {
      await trusting.close();
    }
  });

  it('serves hashed assets as immutable and HTML revalidated by browsers, kept by shared caches', async () => {
    const script = readdirSync(join(distDir, 'client', 'assets')).find((name) => name.endsWith('.js'));
    expect(script).toBeDefined();
    const asset = await get(`/assets/${script}`);
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    expect(asset.headers['cache-control']).toContain('max-age=31536000');
    const html = await get('/yrityksille');
    expect(html.headers['cache-control']).toMatch(/^public, max-age=0, s-maxage=\d+/);
    expect(String(html.headers['cache-control'])).not.toContain('immutable');
    const icon = await get('/favicon.svg');
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['cache-control']).toBe('no-cache');
  });

  it('compresses HTML for clients that accept gzip', async () => {
    const response = await get('/yrityksille', { 'accept-encoding': 'gzip' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(response.rawPayload).toString('utf8')).toContain('<html lang="fi-FI"');
  });

  it('has no inline executable <script> in the HTML', async () => {
    for (const url of ['/', '/en-EU/company', '/en-EU/no-such-page', '/%E0%A4%A']) {
      const html = (await get(url, { cookie: 'i18n_redirected=fi-FI' })).body;
      const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi)];
      expect(scripts.length, url).toBeGreaterThan(0);
      for (const [, attrs = '', content = ''] of scripts) {
        const external = /\ssrc=/.test(attrs) && content.trim() === '';
        // JSON and JSON-LD are data blocks: the browser never runs them.
        const data = /\stype=["']application\/(?:ld\+)?json["']/.test(attrs);
        expect(external || data, `${url}: <script${attrs}>`).toBe(true);
      }
    }
  });
});

describe('site: origin down', () => {
  beforeAll(async () => {
    await origin.close();
    originClosed = true;
  });

  it('answers pages with a 500 page in the locale, without internals', async () => {
    const fi = expectHtml(await get('/yrityksille'), 500);
    expect(fi).toContain(poMessage('fi-FI', 'httpMessages.INTERNAL_SERVER_ERROR'));
    expectNoInternals(fi);
    const en = expectHtml(await get('/en-EU/company'), 500);
    expect(en).toContain('Internal server error');
    expectNoInternals(en);
  });

  it('answers payloads with 500 JSON and /healthz with 503', async () => {
    const payload = await get('/en-EU/company/_payload.json');
    expect(payload.statusCode).toBe(500);
    expect((payload.json() as PagePayload).error).toMatchObject({ status: 500, reason: 'server' });
    expectNoInternals(payload.body);
    expect((await get('/healthz')).statusCode).toBe(503);
  });
});
