/**
 * The stations feature through the site server: the station list is reachable at
 * /proxy with its ETag and conditional 304; station pages render; the Maps key of the
 * configuration reaches the page's boot data and the CSP allows the Maps hosts.
 * Needs the production build (DIST_DIR, default dist).
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BootData } from '#shared/boot-data';
import { stationListSchema } from '#shared/stations';
import { loadSiteConfig } from '../../server/site/config';
import { requireProductionBuild, startSiteWithOrigin, type SiteWithOrigin } from './support/site-with-origin';

requireProductionBuild('tests/integration/stations-site.test.ts');

const KEY = 'AIzaTestKey_for-integration-1234';
const UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0 Safari/537.36';
let env: SiteWithOrigin;
let app: FastifyInstance;

beforeAll(async () => {
  env = await startSiteWithOrigin('stations-site');
  app = await env.site({ GOOGLE_MAPS_API_KEY: KEY });
});

afterAll(() => env?.close());

function bootData(html: string): BootData {
  const json = /<script type="application\/json" id="__st1_boot">(.*?)<\/script>/s.exec(html)?.[1];
  if (!json) throw new Error('no boot data');
  return JSON.parse(json) as BootData;
}

describe('stations through the site server', () => {
  it('proxies the list with its ETag and answers 304 to it', async () => {
    const first = await app.inject({
      method: 'GET',
      url: '/proxy/cms-view/v1/stations',
      headers: { 'x-st1-locale': 'no-NO' },
    });
    expect(first.statusCode).toBe(200);
    const list = stationListSchema.parse(first.json());
    expect(list.country).toBe('NO');
    const etag = first.headers.etag;
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await app.inject({
      method: 'GET',
      url: '/proxy/cms-view/v1/stations?country=NO&since=0',
      headers: { 'x-st1-locale': 'no-NO', 'if-none-match': String(etag) },
    });
    expect(again.statusCode).toBe(304);
    const bad = await app.inject({ method: 'GET', url: '/proxy/cms-view/v1/stations?country=XX' });
    expect(bad.statusCode).toBe(400);
    const post = await app.inject({ method: 'POST', url: '/proxy/cms-view/v1/stations', payload: {} });
    expect(post.statusCode).toBe(404);
  });

  it('renders a station page and its payload; the Maps key reaches the boot data; the CSP allows Maps', async () => {
    const list = stationListSchema.parse(
      (await app.inject({ method: 'GET', url: '/proxy/cms-view/v1/stations?country=SE' })).json(),
    );
    const station = list.stations[3]!;
    const page = await app.inject({
      method: 'GET',
      url: `/sv-SE/stationer/${station.slug}`,
      headers: { 'user-agent': UA },
    });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(`<h1>${station.name}</h1>`);
    expect(page.body).toMatch(new RegExp(`<link rel="canonical" href="[^"]*/sv-SE/stationer/${station.slug}"`));
    expect(bootData(page.body).publicConfig).toEqual({ googleMapsApiKey: KEY });
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toMatch(/script-src [^;]*https:\/\/maps\.googleapis\.com/);
    expect(csp).toMatch(/img-src [^;]*https:\/\/\*\.gstatic\.com/);
    expect(csp).toMatch(/connect-src [^;]*https:\/\/\*\.googleapis\.com/);
    expect(csp).not.toMatch(/unsafe-inline|unsafe-eval/);

    const payload = await app.inject({ method: 'GET', url: `/sv-SE/stationer/${station.slug}/_payload.json` });
    expect(payload.statusCode).toBe(200);
    expect(payload.json()).toMatchObject({ page: { content: { contentType: 'stationPage', title: station.name } } });
    const missing = await app.inject({
      method: 'GET',
      url: '/sv-SE/stationer/no-such-station',
      headers: { 'user-agent': UA },
    });
    expect(missing.statusCode).toBe(404);
  });

  it('refuses a malformed Maps key at start-up', () => {
    expect(() => loadSiteConfig({ GOOGLE_MAPS_API_KEY: 'not a key!' } as NodeJS.ProcessEnv)).toThrow(
      /GOOGLE_MAPS_API_KEY/,
    );
  });
});
