/**
 * What crawlers, share previews and screen readers get besides the page text (found
 * missing by the launch audit): robots.txt, security.txt, favicon.ico, x-default in the sitemaps,
 * og:image and twitter:card on every page, JSON-LD (Organization, GasStation,
 * BreadcrumbList), landing-page links for the locale switcher, the same-origin "/" rule
 * of locale detection, and alt texts in the page's language.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readAssetIndex, type SeedAsset } from '../../server/origin/images/asset-files';
import { readSeedPages } from '../../server/origin/content-files';
import { LOCALE_INFO, getHref, slugToPath, type Locale } from '#shared/locales';
import type { PagePayload } from '#shared/payload';
import { stationListSchema } from '#shared/stations';
import { requireProductionBuild, startSiteWithOrigin, type SiteWithOrigin } from './support/site-with-origin';

requireProductionBuild('tests/integration/site-metadata.test.ts');

const BROWSER_UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0 Safari/537.36';
let env: SiteWithOrigin;
let app: FastifyInstance;
let assets: Map<string, SeedAsset>;

beforeAll(async () => {
  env = await startSiteWithOrigin('site-metadata');
  app = await env.site();
  assets = await readAssetIndex('content');
});
afterAll(async () => {
  await env?.close();
});

const get = (url: string, headers: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url, headers: { 'user-agent': BROWSER_UA, host: 'localhost', ...headers } });

function meta(html: string, attribute: 'name' | 'property', key: string): string | undefined {
  const tag = new RegExp(`<meta[^>]*${attribute}="${key}"[^>]*>`).exec(html)?.[0];
  return tag ? /content="([^"]*)"/.exec(tag)?.[1]?.replace(/&amp;/g, '&') : undefined;
}

function jsonLd(html: string): Array<Record<string, unknown>> {
  return [...html.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)].map(
    (match) => JSON.parse(match[1]!) as Record<string, unknown>,
  );
}

describe('robots.txt, security.txt and favicon.ico', () => {
  it('robots.txt names every locale sitemap of a shared host and keeps crawlers off API paths', async () => {
    const response = await get('/robots.txt');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain/);
    const lines = response.body.split('\n');
    expect(lines).toContain('User-agent: *');
    for (const path of ['/api/', '/proxy/', '/preview']) expect(lines).toContain(`Disallow: ${path}`);
    expect(lines.filter((line) => line.startsWith('Sitemap: '))).toEqual([
      'Sitemap: http://localhost/sitemap.xml',
      'Sitemap: http://localhost/en-EU/sitemap.xml',
      'Sitemap: http://localhost/sv-SE/sitemap.xml',
      'Sitemap: http://localhost/no-NO/sitemap.xml',
    ]);
  });

  it('robots.txt of a locale domain names that domain’s sitemap only', async () => {
    const domainSite = await env.site({ LOCALE_DOMAINS: 'fi-FI=st1.fi,sv-SE=st1.se' });
    const response = await domainSite.inject({ method: 'GET', url: '/robots.txt', headers: { host: 'st1.se' } });
    expect(response.body.split('\n').filter((line) => line.startsWith('Sitemap: '))).toEqual([
      'Sitemap: http://st1.se/sitemap.xml',
    ]);
  });

  it('/.well-known/security.txt has the fields RFC 9116 requires, expiring within a year', async () => {
    const response = await get('/.well-known/security.txt');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain/);
    const fields = new Map(
      response.body
        .split('\n')
        .filter(Boolean)
        .map((line) => [line.slice(0, line.indexOf(':')), line.slice(line.indexOf(':') + 2)]),
    );
    expect(fields.get('Contact')).toBe('http://localhost/yksityisille/ota-yhteytta/asiakaspalvelu');
    expect(fields.get('Canonical')).toBe('http://localhost/.well-known/security.txt');
    const expires = Date.parse(fields.get('Expires') ?? '');
    expect(expires).toBeGreaterThan(Date.now());
    expect(expires).toBeLessThan(Date.now() + 366 * 24 * 60 * 60 * 1000);
  });

  it('/favicon.ico is an icon file', async () => {
    const response = await get('/favicon.ico');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/icon/);
    expect([...response.rawPayload.subarray(0, 4)]).toEqual([0, 0, 1, 0]);
  });
});

describe('sitemaps', () => {
  it('give x-default (the fi-FI page) wherever a Finnish version exists', async () => {
    const xml = (await get('/en-EU/sitemap.xml')).body;
    const company = /<url><loc>[^<]*\/en-EU\/company<\/loc>[\s\S]*?<\/url>/.exec(xml)?.[0] ?? '';
    expect(company).toMatch(/hreflang="x-default" href="http:\/\/localhost\/yrityksille"/);
    // An English-only page has no Finnish version, hence no x-default.
    const reporting = /<url><loc>[^<]*\/en-EU\/about-us\/sustainability\/reporting<\/loc>[\s\S]*?<\/url>/.exec(xml);
    expect(reporting?.[0]).toBeDefined();
    expect(reporting?.[0]).not.toContain('x-default');
  });
});

describe('share previews', () => {
  it.each(['/', '/vika-ja-hairiotiedotteet', '/en-EU/company', '/this-page-does-not-exist'])(
    '%s has an absolute og:image and a twitter:card',
    async (path) => {
      const html = (await get(path)).body;
      expect(meta(html, 'property', 'og:image')).toMatch(/^http:\/\/localhost\/images\//);
      expect(meta(html, 'name', 'twitter:card')).toBe('summary_large_image');
    },
  );

  // What structured-data-testing-tool's Google, Twitter and Facebook presets ask of a link
  // preview (issue 30 #17), checked on the tags themselves.
  it.each(['/', '/en-EU', '/asemat/{slug}', '/en-EU/stations/{slug}'])(
    '%s has og:image:alt and a full Twitter card (title, description, image and its alt)',
    async (path) => {
      // A station page: the first station of the Finnish list.
      const slug = path.includes('{slug}')
        ? stationListSchema.parse(
            (await app.inject({ method: 'GET', url: '/proxy/cms-view/v1/stations?country=FI' })).json(),
          ).stations[0]!.slug
        : '';
      const response = await get(path.replace('{slug}', slug));
      expect(response.statusCode).toBe(200);
      const html = response.body;
      const image = meta(html, 'property', 'og:image');
      expect(meta(html, 'property', 'og:image:alt')).toMatch(/\S/);
      expect(meta(html, 'name', 'twitter:card')).toBe('summary_large_image');
      expect(meta(html, 'name', 'twitter:title')).toBe(meta(html, 'property', 'og:title'));
      expect(meta(html, 'name', 'twitter:description')).toBe(meta(html, 'property', 'og:description'));
      expect(meta(html, 'name', 'twitter:image')).toBe(image);
      expect(meta(html, 'name', 'twitter:image:alt')).toBe(meta(html, 'property', 'og:image:alt'));
    },
  );

  it('uses the default share image for a page without an image of its own', async () => {
    const html = (await get('/this-page-does-not-exist')).body;
    expect(meta(html, 'property', 'og:image')).toBe('http://localhost/images/og-default.png');
    const image = await get('/images/og-default.png');
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
  });
});

describe('JSON-LD', () => {
  it('describes the organisation on the landing page', async () => {
    const data = jsonLd((await get('/', { cookie: 'i18n_redirected=fi-FI' })).body);
    expect(data).toEqual([
      expect.objectContaining({ '@context': 'https://schema.org', '@type': 'Organization', url: 'http://localhost/' }),
    ]);
  });

  it('describes a station page as a GasStation with address, geo and opening hours', async () => {
    const list = stationListSchema.parse(
      (await app.inject({ method: 'GET', url: '/proxy/cms-view/v1/stations?country=FI' })).json(),
    );
    const station = list.stations.find((candidate) => candidate.hours !== null)!;
    const html = (await get(`/asemat/${station.slug}`)).body;
    const gasStation = jsonLd(html).find((item) => item['@type'] === 'GasStation');
    expect(gasStation).toMatchObject({
      name: station.name,
      url: `http://localhost/asemat/${station.slug}`,
      address: { '@type': 'PostalAddress', streetAddress: station.address, addressCountry: 'FI' },
      geo: { '@type': 'GeoCoordinates', latitude: station.lat, longitude: station.lng },
    });
    const hours = gasStation?.openingHoursSpecification as Array<Record<string, unknown>>;
    expect(hours.length).toBeGreaterThan(0);
    for (const spec of hours) {
      expect(spec).toMatchObject({ '@type': 'OpeningHoursSpecification' });
      expect(spec.opens).toMatch(/^\d{2}:\d{2}$/);
      expect(spec.closes).toMatch(/^\d{2}:\d{2}$/);
    }
  });

  it('gives a content page a BreadcrumbList from the landing page through its navigation parents', async () => {
    const html = (await get('/yksityisille/kanta-asiakkuus')).body;
    const breadcrumbs = jsonLd(html).find((item) => item['@type'] === 'BreadcrumbList');
    expect(breadcrumbs?.itemListElement).toEqual([
      { '@type': 'ListItem', position: 1, name: 'Etusivu', item: 'http://localhost/' },
      { '@type': 'ListItem', position: 2, name: 'Yksityisille', item: 'http://localhost/yksityisille' },
      {
        '@type': 'ListItem',
        position: 3,
        name: expect.any(String),
        item: 'http://localhost/yksityisille/kanta-asiakkuus',
      },
    ]);
  });
});

describe('locale switcher and detection', () => {
  it('a page in one locale only lists every locale’s landing page for the switcher', async () => {
    const payload = (await get('/vika-ja-hairiotiedotteet/_payload.json')).json() as PagePayload;
    expect(payload.head.alternates.map((alternate) => alternate.hreflang)).toEqual(['fi-FI', 'x-default']);
    expect(payload.head.landings).toEqual([
      { hreflang: 'fi-FI', href: 'http://localhost/' },
      { hreflang: 'en', href: 'http://localhost/en-EU' },
      { hreflang: 'sv-SE', href: 'http://localhost/sv-SE' },
      { hreflang: 'nb-NO', href: 'http://localhost/no-NO' },
    ]);
  });

  it('"/" followed from a page of the site is served in Finnish to a Swedish browser and remembered', async () => {
    const response = await get('/', {
      'accept-language': 'sv-SE,sv;q=0.9',
      'sec-fetch-site': 'same-origin',
      referer: 'http://localhost/sv-SE',
    });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<html lang="fi-FI"');
    expect(String(response.headers['set-cookie'])).toMatch(/^i18n_redirected=fi-FI;/);
    expect(response.headers.vary).toContain('Sec-Fetch-Site');
    // Typed or bookmarked (no Sec-Fetch-Site: same-origin), it is still a first visit.
    const typed = await get('/', { 'accept-language': 'sv-SE,sv;q=0.9', 'sec-fetch-site': 'none' });
    expect(typed.statusCode).toBe(307);
    expect(typed.headers.location).toBe('/sv-SE');
    // A service worker's fetch of a typed-in "/" is same-origin but has no Referer of the site.
    const viaWorker = await get('/', { 'accept-language': 'sv-SE,sv;q=0.9', 'sec-fetch-site': 'same-origin' });
    expect(viaWorker.statusCode).toBe(307);
  });
});

/** Every image of a payload (objects with an /images/ src), with the alt text it carries. */
function imagesIn(value: unknown, found: Array<{ id: string; alt: string }> = []): Array<{ id: string; alt: string }> {
  if (Array.isArray(value)) for (const item of value) imagesIn(item, found);
  else if (value && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    if (typeof record.src === 'string' && record.src.startsWith('/images/') && typeof record.alt === 'string') {
      found.push({ id: record.src.slice('/images/'.length).split('?')[0]!, alt: record.alt });
    }
    for (const item of Object.values(record)) imagesIn(item, found);
  }
  return found;
}

describe('alt texts', () => {
  it('no fi-FI, sv-SE or no-NO page shows the English alt of an asset that has one in its language', async () => {
    const pages = (await readSeedPages('content')).filter(
      (page) => page.locale !== 'en-EU' && page.status === 'published',
    );
    let checked = 0;
    const english: string[] = [];
    for (const page of pages) {
      const path = getHref(page.locale, slugToPath(page.content.slug));
      const response = await get(`${path === '/' ? '' : path}/_payload.json`);
      expect(response.statusCode, path).toBe(200);
      const payload = response.json() as PagePayload;
      for (const image of imagesIn(payload.page)) {
        const asset = assets.get(image.id);
        const localized = asset?.altByLocale[page.locale as Locale];
        if (!asset || !localized) continue;
        checked += 1;
        if (image.alt === asset.asset.alt) english.push(`${path}: ${image.id} "${image.alt}"`);
      }
    }
    expect(english).toEqual([]);
    expect(checked, 'images checked').toBeGreaterThan(100);
  });

  it('every image asset has an alt text in each locale’s language', () => {
    for (const { asset, altByLocale } of assets.values()) {
      for (const locale of ['fi-FI', 'sv-SE', 'no-NO'] as const) {
        expect(altByLocale[locale], `${asset.id} in ${LOCALE_INFO[locale].displayName}`).toBeTruthy();
      }
    }
  });
});
