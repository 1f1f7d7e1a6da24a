/**
 * Site search with the words customers type (docs/stations.md "Site search"): towns find
 * stations with a link to the filtered locator, inflected forms and everyday synonyms find
 * pages in each of the four languages, against the seeded content and stations.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { searchResultSchema, type SearchResult } from '#shared/content-schema';
import type { Locale } from '#shared/locales';
import { startSeededOrigin, type SeededOrigin } from './support/seeded-origin';

let origin: SeededOrigin;
let app: FastifyInstance;

beforeAll(async () => {
  origin = await startSeededOrigin('site-search');
  ({ app } = origin);
});

afterAll(() => origin?.close());

async function search(locale: Locale, q: string): Promise<SearchResult> {
  const response = await app.inject({
    method: 'GET',
    url: '/cms-view/v1/search',
    query: { q },
    headers: { 'x-st1-locale': locale },
  });
  expect(response.statusCode, response.body).toBe(200);
  return searchResultSchema.parse(response.json());
}

describe('stations in the site search', () => {
  it.each([
    ['fi-FI', 'Tampere', 'Tampere', '/asemahaku?q=Tampere'],
    ['fi-FI', 'tampere', 'Tampere', '/asemahaku?q=Tampere'],
    ['fi-FI', 'asemat Tampereella', 'Tampere', '/asemahaku?q=Tampere'],
    ['en-EU', 'Oslo', 'Oslo', '/stationsearch?q=Oslo&country=NO'],
    ['en-EU', 'stations in Bergen', 'Bergen', '/stationsearch?q=Bergen&country=NO'],
    ['no-NO', 'Bergen', 'Bergen', '/finn-stasjon?q=Bergen'],
    ['no-NO', 'bensinstasjon Oslo', 'Oslo', '/finn-stasjon?q=Oslo'],
    ['sv-SE', 'Göteborg', 'Göteborg', '/hitta-station?q=G%C3%B6teborg'],
    ['sv-SE', 'goteborg', 'Göteborg', '/hitta-station?q=G%C3%B6teborg'],
  ] as const)('%s "%s" names the town %s and links to %s', async (locale, query, town, locatorPath) => {
    const { stations } = await search(locale, query);
    expect(stations?.town).toBe(town);
    expect(stations?.locatorPath).toBe(locatorPath);
    expect(stations?.total).toBeGreaterThan(0);
    expect(stations?.hits.length).toBeGreaterThan(0);
    for (const hit of stations!.hits) expect(hit.city).toBe(town);
  });

  it('links each station to its page in the locale, and counts what the filtered locator lists', async () => {
    const { stations } = await search('en-EU', 'Tampere');
    expect(stations!.hits.every((hit) => hit.path.startsWith('/stations/'))).toBe(true);
    expect(stations!.hits.length).toBeLessThanOrEqual(Math.min(5, stations!.total));
    const page = await app.inject({
      method: 'GET',
      url: '/cms-view/v1/content/page',
      query: { path: stations!.hits[0]!.path },
      headers: { 'x-st1-locale': 'en-EU' },
    });
    expect(page.statusCode).toBe(200);
  });

  it('a charging or car-wash word filters the locator by that service', async () => {
    const charging = await search('fi-FI', 'lataus Tampere');
    expect(charging.stations?.locatorPath).toBe('/asemahaku?q=Tampere&service=ev');
    const all = await search('fi-FI', 'Tampere');
    expect(charging.stations!.total).toBeLessThanOrEqual(all.stations!.total);
    const wash = await search('sv-SE', 'biltvätt Malmö');
    expect(wash.stations?.locatorPath).toBe('/hitta-station?q=Malm%C3%B6&service=carwash');
  });

  it('finds a station by its street and town', async () => {
    const list = await app.inject({ method: 'GET', url: '/cms-view/v1/stations', query: { country: 'FI' } });
    const station = (list.json() as { stations: Array<{ name: string; address: string; city: string }> }).stations[0]!;
    const street = station.address.replace(/\s*\d+$/, '');
    const { stations } = await search('fi-FI', `${street} ${station.city}`);
    expect(stations?.hits.map((hit) => hit.name)).toContain(station.name);
  });

  it.each([
    ['fi-FI', 'Helsingissä', 'Helsinki', [], '/asemahaku?q=Helsinki'],
    ['fi-FI', 'Turussa', 'Turku', [], '/asemahaku?q=Turku'],
    ['fi-FI', 'Lahdessa', 'Lahti', [], '/asemahaku?q=Lahti'],
    ['sv-SE', 'Göteborgs', 'Göteborg', [], '/hitta-station?q=G%C3%B6teborg'],
    ['sv-SE', 'Helsingfors', 'Helsinki', [], '/hitta-station?q=Helsinki&country=FI'],
    ['fi-FI', 'diesel Tampere', 'Tampere', ['diesel'], '/asemahaku?q=Tampere&service=diesel'],
    ['fi-FI', 'pesu Oulu', 'Oulu', ['carwash'], '/asemahaku?q=Oulu&service=carwash'],
    ['fi-FI', 'pikalataus Helsingissä', 'Helsinki', ['ev'], '/asemahaku?q=Helsinki&service=ev'],
    ['fi-FI', 'HVO Vantaa', 'Vantaa', ['HVO'], '/asemahaku?q=Vantaa&service=HVO'],
    ['en-EU', 'charging Helsinki', 'Helsinki', ['ev'], '/stationsearch?q=Helsinki&service=ev'],
    ['sv-SE', 'laddning Stockholm', 'Stockholm', ['ev'], '/hitta-station?q=Stockholm&service=ev'],
    ['no-NO', 'vaskehall Oslo', 'Oslo', ['carwash'], '/finn-stasjon?q=Oslo&service=carwash'],
  ] as const)(
    '%s "%s": the stations of %s with %j, linked to %s',
    async (locale, query, town, filters, locatorPath) => {
      const { stations } = await search(locale, query);
      expect(stations).toMatchObject({ town, filters, locatorPath });
      for (const hit of stations!.hits) expect(hit.city).toBe(town);
      // The count is the town's stations with the filters, not all of the town's.
      const all = (await search(locale, town)).stations!;
      if (filters.length === 0) expect(stations!.total).toBe(all.total);
      else expect(stations!.total).toBeLessThanOrEqual(all.total);
      if (filters.includes('ev' as never)) expect(stations!.total).toBeLessThan(all.total);
    },
  );

  it('answers a service word alone with the stations of the locale\'s country that have it ("vaskehall")', async () => {
    const { stations } = await search('no-NO', 'vaskehall');
    expect(stations).toMatchObject({ town: null, filters: ['carwash'], locatorPath: '/finn-stasjon?service=carwash' });
    expect(stations!.total).toBeGreaterThan(0);
    expect((await search('fi-FI', 'autopesu')).stations).toMatchObject({
      filters: ['carwash'],
      locatorPath: '/asemahaku?service=carwash',
    });
  });

  it('answers no stations for words that name no place and no station', async () => {
    expect((await search('fi-FI', 'tuulivoimaan')).stations).toBeUndefined();
    expect((await search('fi-FI', 'asemat')).stations).toBeUndefined();
    expect((await search('en-EU', 'xyzzy')).stations).toBeUndefined();
  });
});

describe('pages by stems and synonyms, with the words customers type', () => {
  const paths = async (locale: Locale, query: string) => (await search(locale, query)).hits.map((hit) => hit.path);

  it.each([
    // Everyday Swedish for fuel; the pages say "drivmedel".
    ['sv-SE', 'bränsle'],
    ['sv-SE', 'bränslen'],
    ['no-NO', 'drivstoff'],
    ['en-EU', 'fuel'],
    ['en-EU', 'fuels'],
    ['fi-FI', 'polttoaine'],
    ['fi-FI', 'polttoaineet'],
    // Charging words in each language.
    ['fi-FI', 'lataus'],
    ['fi-FI', 'sähköauton lataus'],
    ['en-EU', 'charging'],
    ['en-EU', 'chargers'],
    ['sv-SE', 'laddning'],
    ['sv-SE', 'laddstationer'],
    ['no-NO', 'lading'],
    ['no-NO', 'elbil'],
    // Car washes.
    ['fi-FI', 'autopesu'],
    ['en-EU', 'car wash'],
    ['sv-SE', 'biltvätt'],
    ['no-NO', 'bilvask'],
  ] as const)('%s "%s" finds pages', async (locale, query) => {
    expect(await paths(locale, query)).not.toEqual([]);
  });

  it('finds inflected forms: the same pages for "pesu", "pesut" and "pesun"', async () => {
    const base = await paths('fi-FI', 'pesu');
    expect(base.length).toBeGreaterThan(0);
    for (const form of ['pesut', 'pesun']) expect(await paths('fi-FI', form)).toEqual(expect.arrayContaining(base));
  });

  it('a synonym of another language leads to the words of the page language', async () => {
    // "charging" on a Finnish page searches the Finnish charging words.
    expect(await paths('fi-FI', 'charging')).toEqual(expect.arrayContaining(await paths('fi-FI', 'lataus')));
  });
});
