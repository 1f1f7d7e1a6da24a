/**
 * Stations in the origin: the seed of at least 1,200 stations across Finland,
 * Sweden and Norway, the compact list with version (ETag) and deltas, station pages
 * through the page endpoint, the locator's server list and the sitemap — against a real
 * SQLite file. Bad input gets a 4xx with the JSON error body.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pageSchema } from '#shared/content-schema';
import { readErrorBody } from '#shared/api/errors';
import { LOCALES } from '#shared/locales';
import { stationListSchema, type StationList } from '#shared/stations';
import type { Db } from '../../server/origin/db';
import { createStationsRepository } from '../../server/origin/stations/stations-repository';
import { generateSeedStations, seedStationsIfEmpty } from '../../server/origin/stations/seed/stations-seed';
import { createOriginUnitOfWork } from '../../server/origin/origin-unit-of-work';
import { startSeededOrigin, type SeededOrigin } from './support/seeded-origin';

let origin: SeededOrigin;
let db: Db;
let app: FastifyInstance;

beforeAll(async () => {
  origin = await startSeededOrigin('stations');
  ({ db, app } = origin);
});

afterAll(() => origin?.close());

async function list(query: string, headers: Record<string, string> = {}) {
  const response = await app.inject({ method: 'GET', url: `/cms-view/v1/stations${query}`, headers });
  return { response, body: response.statusCode === 200 ? stationListSchema.parse(response.json()) : undefined };
}

describe('seed', () => {
  it('has at least 1,200 stations in three countries, generated deterministically', async () => {
    const [first, second] = await Promise.all([generateSeedStations('content'), generateSeedStations('content')]);
    expect(first.length).toBeGreaterThanOrEqual(1200);
    expect(JSON.stringify(first)).toBe(JSON.stringify(second));
    expect(new Set(first.map((station) => station.country))).toEqual(new Set(['FI', 'SE', 'NO']));
    expect(new Set(first.map((station) => station.slug)).size).toBe(first.length);
    const formats = new Set(first.map((station) => station.hours.format));
    expect(formats).toEqual(new Set(['A', 'B', 'malformed']));
    const services = new Set(first.flatMap((station) => station.services));
    for (const code of [
      'norwegianshellcarwash',
      'truckfacilities',
      'servicestation',
      'elbilsladdning150',
      'elbilsladdning400',
      'HVO',
      'adblue',
    ])
      expect(services).toContain(code);
    expect(first.some((station) => station.express)).toBe(true);
    expect(first.some((station) => station.lunchDishes && station.features.lunchList)).toBe(true);
    expect(first.some((station) => station.foodMenu && station.features.foodMenu)).toBe(true);
    expect(await createStationsRepository(db).count()).toBe(first.length);
  });

  it('does not seed twice', async () => {
    expect(await seedStationsIfEmpty(createOriginUnitOfWork(db).transaction, 'content')).toMatchObject({
      seeded: false,
    });
  });
});

describe('GET cms-view/v1/stations', () => {
  it('answers the compact list of the locale country with a version and an ETag', async () => {
    const fi = await list('');
    expect(fi.response.statusCode).toBe(200);
    expect(fi.body).toMatchObject({ country: 'FI', full: true, removed: [] });
    expect(fi.body!.stations).toHaveLength(650);
    expect(fi.response.headers.etag).toMatch(/^"[\w-]+"$/);
    const sv = await list('', { 'x-st1-locale': 'sv-SE' });
    expect(sv.body!.country).toBe('SE');
    expect((await list('', { 'x-st1-locale': 'no-NO' })).body!.country).toBe('NO');
    expect(
      (await list('?country=NO', { 'x-st1-locale': 'fi-FI' })).body!.stations.every((s) => s.country === 'NO'),
    ).toBe(true);
    // Malformed CMS hours reach the list as "unknown" (null), never as a crash.
    expect(fi.body!.stations.some((station) => station.hours === null)).toBe(true);
  });

  it('answers 304 to the ETag of the version the browser holds', async () => {
    const first = await list('?country=SE');
    const delta = await list(`?country=SE&since=${first.body!.version}`);
    expect(delta.body).toMatchObject({ full: false, stations: [], removed: [] });
    const conditional = await app.inject({
      method: 'GET',
      url: `/cms-view/v1/stations?country=SE&since=${first.body!.version}`,
      headers: { 'if-none-match': String(delta.response.headers.etag) },
    });
    expect(conditional.statusCode).toBe(304);
    expect(conditional.body).toBe('');
    const stale = await app.inject({
      method: 'GET',
      url: `/cms-view/v1/stations?country=SE&since=${first.body!.version}`,
      headers: { 'if-none-match': '"something-else"' },
    });
    expect(stale.statusCode).toBe(200);
  });

  it('answers 304 to the next sync right after a full list: the ETag names the version held, not the request', async () => {
    const full = await list('?country=FI');
    const next = await app.inject({
      method: 'GET',
      url: `/cms-view/v1/stations?country=FI&since=${full.body!.version}`,
      headers: { 'if-none-match': String(full.response.headers.etag) },
    });
    expect(next.statusCode).toBe(304);
  });

  it('serves the same full list again, and a change at once (the kept full list follows the version)', async () => {
    const first = await list('?country=SE');
    const again = await list('?country=SE');
    expect(again.response.body).toBe(first.response.body);
    expect(again.response.headers['content-type']).toMatch(/^application\/json/);
    const repository = createStationsRepository(db);
    const summary = first.body!.stations[5]!;
    const record = (await repository.findBySlug(summary.slug))!;
    await repository.save({ ...record, name: `${record.name} (new owner)` });
    const changed = await list('?country=SE');
    expect(changed.response.headers.etag).not.toBe(first.response.headers.etag);
    expect(changed.body!.version).toBeGreaterThan(first.body!.version);
    expect(changed.body!.stations.find((station) => station.id === summary.id)!.name).toBe(
      `${record.name} (new owner)`,
    );
    // The browser holding the first list gets just that station.
    const delta = await list(`?country=SE&since=${first.body!.version}`, {
      'if-none-match': String(first.response.headers.etag),
    });
    expect(delta.response.statusCode).toBe(200);
    expect(delta.body!.stations.map((station) => station.id)).toEqual([summary.id]);
  });

  it('answers in full to a version of another database history, even one lower than ours', async () => {
    const fi = (await list('?country=FI')).body!;
    expect(fi.dataset).toMatch(/^[\w-]{8,64}$/);
    const restored = await list('?country=FI&since=1&dataset=another-history');
    expect(restored.body).toMatchObject({ full: true, dataset: fi.dataset });
    expect(restored.body!.stations).toHaveLength(fi.stations.length);
    // The same history: a delta; an app older than the dataset id (none sent): a delta as before.
    expect((await list(`?country=FI&since=${fi.version}&dataset=${fi.dataset}`)).body).toMatchObject({ full: false });
    expect((await list(`?country=FI&since=${fi.version}`)).body).toMatchObject({ full: false });
    // The history is the database's own: it stays across requests and restarts of the app.
    expect((await list('?country=SE')).body!.dataset).toBe(fi.dataset);
  });

  it('gives the changes and removals since a version (delta), other countries untouched', async () => {
    const repository = createStationsRepository(db);
    const before: StationList = (await list('?country=NO')).body!;
    const [changed, removed] = before.stations;
    const record = (await generateSeedStations('content')).find((station) => station.id === changed!.id)!;
    const version = await repository.save({ ...record, name: `${record.name} (renovated)` });
    const removedVersion = await repository.remove(removed!.id);
    expect(removedVersion).toBe(version + 1);
    expect(await repository.remove(removed!.id)).toBeUndefined();

    const delta = (await list(`?country=NO&since=${before.version}`)).body!;
    expect(delta).toMatchObject({ full: false, version: removedVersion, removed: [removed!.id] });
    expect(delta.stations.map((station) => station.name)).toEqual([`${record.name} (renovated)`]);
    // Nothing changed in Finland since its version.
    const fi = (await list('?country=FI')).body!;
    expect((await list(`?country=FI&since=${fi.version}`)).body).toMatchObject({
      full: false,
      stations: [],
      removed: [],
    });
    // A version from another database (newer than ours) starts over with the full list.
    expect((await list('?country=NO&since=999999')).body).toMatchObject({ full: true });
    // The removed station's page is gone.
    const page = await app.inject({ method: 'GET', url: `/cms-view/v1/content/page?path=/stasjoner/${removed!.slug}` });
    expect(page.statusCode).toBe(404);
  });

  it.each([
    ['?country=DK', {}],
    ['?since=-1', {}],
    ['?since=abc', {}],
    ['?since=3&dataset=a%2Fb', {}],
    ['', { 'x-st1-locale': 'xx-XX' }],
  ])('answers 400 to bad input %s %j', async (query, headers) => {
    const response = await app.inject({ method: 'GET', url: `/cms-view/v1/stations${query}`, headers });
    expect(response.statusCode).toBe(400);
    expect(readErrorBody(response.json()).status).toBe(400);
  });
});

describe('station pages through the page endpoint', () => {
  it('serves /asemat/{slug} and its siblings in every locale with station, image and the page fields', async () => {
    const station = (await list('?country=FI')).body!.stations[10]!;
    for (const [locale, path] of [
      ['fi-FI', `/asemat/${station.slug}`],
      ['en-EU', `/stations/${station.slug}`],
      ['sv-SE', `/stationer/${station.slug}`],
      ['no-NO', `/stasjoner/${station.slug}`],
    ] as const) {
      const response = await app.inject({
        method: 'GET',
        url: `/cms-view/v1/content/page?path=${encodeURIComponent(path)}`,
        headers: { 'x-st1-locale': locale },
      });
      expect(response.statusCode, path).toBe(200);
      const page = pageSchema.parse(response.json());
      expect(page.content.contentType).toBe('stationPage');
      expect(page.content.title).toBe(station.name);
      expect(page.content.station?.id).toBe(station.id);
      expect(page.content.image?.src).toBe('/images/hero-stations');
      expect(Object.keys(page.localizedPagePaths).sort()).toEqual([...LOCALES].sort());
      expect(page.localizedPagePaths[locale]).toBe(path);
    }
  });

  it('serves shape A or B hours for the days from yesterday, and malformed records as they are', async () => {
    const seeds = await generateSeedStations('content');
    const pageOf = async (slug: string) =>
      pageSchema.parse(
        (await app.inject({ method: 'GET', url: `/cms-view/v1/content/page?path=/asemat/${slug}` })).json(),
      ).content.station!;
    const a = seeds.find((station) => station.country === 'FI' && station.hours.format === 'A')!;
    const b = seeds.find((station) => station.country === 'FI' && station.hours.format === 'B')!;
    const bad = seeds.find((station) => station.country === 'FI' && station.hours.format === 'malformed')!;
    const shapeA = (await pageOf(a.slug)).openingHours as Array<{ date: string; openHours: unknown[] }>;
    expect(shapeA).toHaveLength(8);
    expect(shapeA[0]!.date < shapeA[1]!.date).toBe(true);
    expect(shapeA[0]).toHaveProperty('openHours');
    expect((await pageOf(b.slug)).openingHours).toHaveProperty('store24h');
    expect((await pageOf(bad.slug)).openingHours).toEqual(bad.hours.format === 'malformed' ? bad.hours.raw : undefined);
  });

  it('404s an unknown station and a station path of another locale', async () => {
    const unknown = await app.inject({ method: 'GET', url: '/cms-view/v1/content/page?path=/asemat/no-such-station' });
    expect(unknown.statusCode).toBe(404);
    const station = (await list('?country=FI')).body!.stations[0]!;
    const wrong = await app.inject({
      method: 'GET',
      url: `/cms-view/v1/content/page?path=/asemat/${station.slug}`,
      headers: { 'x-st1-locale': 'en-EU' },
    });
    expect(wrong.statusCode).toBe(404);
  });

  it('fills the locator block with a short server list and lists every station page in the sitemap', async () => {
    const locator = pageSchema.parse(
      (await app.inject({ method: 'GET', url: '/cms-view/v1/content/page?path=/asemahaku' })).json(),
    );
    const block = locator.content.body.find((candidate) => candidate.type === 'stationLocator') as
      { initial: unknown[]; total: number } | undefined;
    expect(block?.initial.length).toBeGreaterThan(0);
    expect(block!.initial.length).toBeLessThanOrEqual(10);
    expect(block!.total).toBe(650);
    const sitemap = (
      await app.inject({ method: 'GET', url: '/cms-view/v1/sitemap', headers: { 'x-st1-locale': 'sv-SE' } })
    ).json() as Array<{ path: string }>;
    expect(sitemap.filter((entry) => entry.path.startsWith('/stationer/')).length).toBeGreaterThanOrEqual(1200);
  });
});
