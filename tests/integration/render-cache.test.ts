/**
 * The site server's render cache keeps a page until it changes (server/site/render-cache.ts,
 * docs/operations.md "A cache in front"): at its default TTL, with no shared cache in front
 * and no purge address configured, a content change and a price import reach the page
 * through the origin's log of page changes within a couple of the cache's reads, and a page
 * that did not change keeps its render.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadSiteConfig } from '../../server/site/config';
import { CHANGES_POLL_MS, UNCONFIRMED_TTL_MS } from '../../server/site/render-cache';
import { requireProductionBuild, startSiteWithOrigin, type SiteWithOrigin } from './support/site-with-origin';
import { contentCopy, editCompanyPage, finnishStations, importPrice, type TestStation } from './support/page-changes';

const PRICE_TOKEN = 'render-cache-price-token-0123456789abcdef';
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36';
/** A change reaches the cache at its next read; a couple of reads on a busy machine. */
const WITHIN_MS = 4 * CHANGES_POLL_MS;

let product: SiteWithOrigin;
let site: FastifyInstance;
let content: ReturnType<typeof contentCopy>;
let stations: TestStation[];

beforeAll(async () => {
  requireProductionBuild('render-cache.test.ts');
  product = await startSiteWithOrigin('render-cache', { originEnv: { PRICE_IMPORT_TOKEN: PRICE_TOKEN } });
  site = await product.site({ RENDER_CACHE_TTL_MS: String(loadSiteConfig({}).renderCacheTtlMs) });
  // Renders made before the cache's first read of the log are not kept (render-cache.ts).
  await new Promise((resolve) => setTimeout(resolve, 2 * CHANGES_POLL_MS));
  content = contentCopy('render-cache');
  stations = await finnishStations(product, 2);
}, 120_000);

afterAll(async () => {
  await product?.close();
  content?.remove();
});

async function get(url: string) {
  const response = await site.inject({ url, headers: { host: 'localhost', 'user-agent': BROWSER } });
  return response.body;
}

/** Each render names the time it was made: equal times, one render. */
const renderedAt = (html: string) => /"renderedAt":(\d+)/.exec(html)?.[1];

async function eventually(check: () => Promise<boolean>): Promise<void> {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > WITHIN_MS) throw new Error(`not within ${WITHIN_MS} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('the render cache at its default TTL', () => {
  it('keeps a render of a page that did not change', async () => {
    const first = renderedAt(await get('/en-EU/about-us'));
    expect(first).toMatch(/^\d+$/);
    // Past the 5 s of the micro-cache it replaces: the log of changes says the page is current.
    await new Promise((resolve) => setTimeout(resolve, UNCONFIRMED_TTL_MS + CHANGES_POLL_MS));
    expect(renderedAt(await get('/en-EU/about-us'))).toBe(first);
  });

  it('drops a render when a content sync changes its page, and keeps the others', async () => {
    const unchanged = renderedAt(await get('/en-EU/private'));
    expect(await get('/en-EU/company')).not.toContain('Company (edited)');
    await editCompanyPage(product, content.dir);
    await eventually(async () => (await get('/en-EU/company')).includes('Company (edited)'));
    expect(renderedAt(await get('/en-EU/private'))).toBe(unchanged);
  });

  it('drops the render of exactly the stations a price import changed', async () => {
    const [changed, other] = stations;
    const pathOf = (slug: string) => `/en-EU/stations/${slug}`;
    await get(pathOf(changed!.slug));
    const otherRender = renderedAt(await get(pathOf(other!.slug)));
    await importPrice(product, PRICE_TOKEN, changed!.id, 1.357);
    await eventually(async () => (await get(pathOf(changed!.slug))).includes('1.357'));
    expect(renderedAt(await get(pathOf(other!.slug)))).toBe(otherRender);
  });
});
