/**
 * The schemas client navigation reads a payload with (#shared/payload-content) take every
 * payload the site server renders as it is: each published seed page in its locale, a
 * station page, the locator, a search, a missing page. A block the server renders that the
 * schemas do not know, or read differently (a default filled, a field dropped), fails here
 * instead of as a "bad answer" in a visitor's browser.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getHref, slugToPath } from '#shared/locales';
import { isPagePayload, payloadUrl } from '#shared/payload';
import { readPayloadContent } from '#shared/payload-content';
import { readSeedPages } from '../../server/origin/content-files';
import { requireProductionBuild, startSiteWithOrigin, type SiteWithOrigin } from './support/site-with-origin';

requireProductionBuild('tests/integration/payload-content.test.ts');

let env: SiteWithOrigin;
let app: FastifyInstance;

beforeAll(async () => {
  env = await startSiteWithOrigin('payload-content');
  app = await env.site();
});
afterAll(async () => {
  await env?.close();
});

async function payloadAt(path: string): Promise<unknown> {
  const answer = await app.inject({ method: 'GET', url: payloadUrl(path), headers: { host: 'localhost' } });
  return answer.json();
}

function expectReadAsIs(path: string, payload: unknown) {
  expect(isPagePayload(payload), path).toBe(true);
  if (!isPagePayload(payload)) return;
  expect(readPayloadContent(payload), path).toEqual(payload);
}

describe('payloads as client navigation reads them', () => {
  it('takes every published seed page as the site server renders it', async () => {
    const pages = (await readSeedPages('content')).filter((page) => page.status === 'published');
    expect(pages.length).toBeGreaterThan(50);
    for (const page of pages) {
      const path = getHref(page.locale, slugToPath(page.content.slug));
      expectReadAsIs(path, await payloadAt(path));
    }
  });

  it('takes a station page, the locators, the search page and a missing page', async () => {
    const stations = (await (
      await app.inject({
        method: 'GET',
        url: '/proxy/cms-view/v1/stations?country=FI',
        headers: { 'x-st1-locale': 'fi-FI' },
      })
    ).json()) as { stations: Array<{ slug: string }> };
    const paths = [
      `/asemat/${stations.stations[0]!.slug}`,
      '/asemahaku',
      '/en-EU/stationsearch',
      '/haku',
      '/en-EU/no-such-page',
    ];
    for (const path of paths) expectReadAsIs(path, await payloadAt(path));
  });
});
