/**
 * The installable app on the site server: the per-locale web app manifests, the manifest link in every
 * page's head, and the service worker script's headers. Needs the production build
 * (`npm run build`, or DIST_DIR pointing at one).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getHref, LOCALE_INFO, LOCALES, LOCALIZED_PATHS, type Locale } from '#shared/locales';
import type { WebAppManifest } from '../../server/site/web-app-manifest';
import { PUBLIC_CACHE_CONTROL } from '../../server/site/edge-cache';
import { SHOP_PATHS } from '#shared/shop/shop-paths';
import { requireProductionBuild, startSiteWithOrigin, type SiteWithOrigin } from './support/site-with-origin';

requireProductionBuild('tests/integration/pwa-site.test.ts');

const BROWSER_UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0 Safari/537.36';
let env: SiteWithOrigin;
let app: FastifyInstance;
let domainApp: FastifyInstance;

/** One message of a locale's `app` catalog, read from the .po file. */
function appText(locale: Locale, id: string): string {
  const po = readFileSync(join('locales', locale, 'app.po'), 'utf8');
  const match = new RegExp(`^msgid "${id.replace(/\./g, '\\.')}"\\nmsgstr "((?:[^"\\\\]|\\\\.)*)"`, 'm').exec(po);
  if (!match) throw new Error(`no ${id} in ${locale}/app.po`);
  return JSON.parse(`"${match[1]}"`) as string;
}

beforeAll(async () => {
  env = await startSiteWithOrigin('pwa');
  app = await env.site();
  domainApp = await env.site({ LOCALE_DOMAINS: 'fi-FI=st1.fi,sv-SE=st1.se' });
  // Seeding an empty database (pages, stations, products) takes a while on 2 cores.
}, 60_000);

afterAll(() => env?.close());

describe('web app manifests', () => {
  for (const locale of LOCALES) {
    it(`${locale}: names in its language, start URL and scope with its prefix, icons that exist`, async () => {
      const response = await app.inject({ url: `/manifests/${locale}.webmanifest` });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('application/manifest+json; charset=utf-8');
      expect(response.headers['cache-control']).toBe(PUBLIC_CACHE_CONTROL);
      const manifest = response.json<WebAppManifest>();
      expect(manifest.name).toBe(appText(locale, 'app.manifest.name'));
      expect(manifest.short_name).toBe(appText(locale, 'app.manifest.shortName'));
      expect(manifest.short_name.length).toBeLessThanOrEqual(12);
      expect(manifest.lang).toBe(LOCALE_INFO[locale].htmlLang);
      expect(manifest.start_url).toBe(getHref(locale, '/'));
      expect(manifest.scope).toBe(getHref(locale, '/'));
      expect(manifest.id).toBe(manifest.start_url);
      expect(manifest.display).toBe('standalone');
      expect(manifest.theme_color).toBe('#c8102e');
      const sizes = (purpose: string) =>
        manifest.icons.filter((icon) => icon.purpose === purpose).map((icon) => icon.sizes);
      expect(sizes('any')).toEqual(['192x192', '512x512']);
      expect(sizes('maskable')).toEqual(['192x192', '512x512']);
      for (const icon of manifest.icons) {
        const file = await app.inject({ url: icon.src });
        expect(file.statusCode, icon.src).toBe(200);
        expect(file.headers['content-type']).toBe('image/png');
      }
      expect(manifest.shortcuts).toEqual([
        expect.objectContaining({
          name: appText(locale, 'app.manifest.shortcut.stationLocator'),
          url: getHref(locale, LOCALIZED_PATHS.stationLocator[locale]),
        }),
        expect.objectContaining({
          name: appText(locale, 'app.manifest.shortcut.myStations'),
          url: `${getHref(locale, LOCALIZED_PATHS.stationLocator[locale])}#my-stations`,
        }),
        expect.objectContaining({
          name: appText(locale, 'app.manifest.shortcut.cart'),
          url: getHref(locale, SHOP_PATHS.cart[locale]),
        }),
      ]);
      // Every shortcut leads to a page that exists.
      for (const shortcut of manifest.shortcuts) {
        const page = await app.inject({ url: shortcut.url, headers: { 'user-agent': BROWSER_UA } });
        expect(page.statusCode, shortcut.url).toBe(200);
      }
    });
  }

  it('answers 404 for anything else under /manifests', async () => {
    for (const url of ['/manifests/xx-XX.webmanifest', '/manifests/fi-FI.json', '/manifests/fi-fi.webmanifest']) {
      const response = await app.inject({ url });
      expect(response.statusCode, url).toBe(404);
      expect(response.json()).toMatchObject({ status: 404, code: 'NOT_FOUND' });
    }
    // A name longer than any manifest's fails the route schema.
    const long = await app.inject({ url: `/manifests/${'a'.repeat(80)}` });
    expect(long.statusCode).toBe(400);
    expect(long.json()).toMatchObject({ status: 400, code: 'BAD_REQUEST' });
    expect(long.json().message).toMatch(/^Invalid path parameters: file: /);
    expect(long.headers['cache-control']).toBe('no-store');
  });

  it('in domain mode serves only the host locale, with unprefixed paths', async () => {
    const sv = await domainApp.inject({ url: '/manifests/sv-SE.webmanifest', headers: { host: 'st1.se' } });
    expect(sv.statusCode).toBe(200);
    expect(sv.json<WebAppManifest>()).toMatchObject({ start_url: '/', scope: '/' });
    expect(sv.json<WebAppManifest>().shortcuts[0]?.url).toBe('/hitta-station');
    const other = await domainApp.inject({ url: '/manifests/fi-FI.webmanifest', headers: { host: 'st1.se' } });
    expect(other.statusCode).toBe(404);
  });
});

describe('pages and the service worker script', () => {
  it('every locale links its own manifest, and the iOS tags are there', async () => {
    for (const locale of LOCALES) {
      const path = getHref(locale, LOCALIZED_PATHS.stationLocator[locale]);
      const response = await app.inject({ url: path, headers: { 'user-agent': BROWSER_UA } });
      expect(response.statusCode, path).toBe(200);
      const links = [...response.body.matchAll(/<link rel="manifest" href="([^"]+)"/g)].map((match) => match[1]);
      expect(links).toEqual([`/manifests/${locale}.webmanifest`]);
      expect(response.body).toContain('<link rel="apple-touch-icon" href="/icons/apple-touch-icon.png"');
      expect(response.body).toContain('<meta name="apple-mobile-web-app-capable" content="yes"');
    }
  });

  it('serves sw.js as JavaScript that is revalidated on every use', async () => {
    const response = await app.inject({ url: '/sw.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^(?:application|text)\/javascript/);
    expect(response.headers['cache-control']).toBe('no-cache');
    // The precache manifest was injected, without the HTML template.
    expect(response.body).not.toContain('self.__WB_MANIFEST');
    expect(response.body).toMatch(/assets\/index-[\w-]+\.js/);
    expect(response.body).not.toMatch(/url:\s*[`'"]index\.html/);
  });
});

describe('app shell documents (the offline fallback of pages never saved)', () => {
  function bootOf(html: string) {
    const json = /<script type="application\/json" id="__st1_boot">([\s\S]*?)<\/script>/.exec(html)?.[1];
    if (!json) throw new Error('no boot data');
    return JSON.parse(json) as {
      basename: string;
      payload: { locale: string; offline?: { kind: string }; layout: unknown; page: unknown };
    };
  }

  for (const locale of LOCALES) {
    it(`${locale}: a storable document with the locale's layout, an empty page and its basename`, async () => {
      const response = await app.inject({ url: `/_app-shell/${locale}` });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.headers['x-robots-tag']).toBe('noindex');
      expect(response.body).toContain(`<html lang="${LOCALE_INFO[locale].htmlLang}"`);
      const boot = bootOf(response.body);
      expect(boot.basename).toBe(LOCALE_INFO[locale].prefix);
      expect(boot.payload).toMatchObject({ locale, offline: { kind: 'shell' }, page: null });
      expect(boot.payload.layout).not.toBeNull();
      // The header and footer are rendered, around an empty main.
      expect(response.body).toMatch(/<footer/);
    });
  }

  it('refuses an unknown locale (400), and on a locale domain another locale (404)', async () => {
    expect((await app.inject({ url: '/_app-shell/xx-XX' })).statusCode).toBe(400);
    const own = await domainApp.inject({ url: '/_app-shell/sv-SE', headers: { host: 'st1.se' } });
    expect(own.statusCode).toBe(200);
    expect(bootOf(own.body).basename).toBe('');
    const other = await domainApp.inject({ url: '/_app-shell/fi-FI', headers: { host: 'st1.se' } });
    expect(other.statusCode).toBe(404);
  });
});
