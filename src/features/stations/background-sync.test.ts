import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it } from 'vitest';
import { BACKGROUND_SYNC_INTERVAL_MS, syncHomeStations } from './background-sync';
import { readList, StationsDatabase, setStationsDb } from './station-db';

let counter = 0;
beforeEach(() => {
  setStationsDb(new StationsDatabase(`background-${++counter}`));
});

/** An origin with one station per country; records what was asked. */
function origin() {
  const requests: Array<{ url: string; locale: string | undefined }> = [];
  const fetchImpl = (async (url: string, init: RequestInit) => {
    const headers = init.headers as Record<string, string>;
    requests.push({ url, locale: headers['x-st1-locale'] });
    const country = new URL(url, 'http://x').searchParams.get('country')!;
    if (headers['if-none-match'] === '"v1"') return new Response(null, { status: 304 });
    const station = {
      id: `${country}-1`,
      slug: `${country.toLowerCase()}-1`,
      name: 'St1',
      address: 'Katu 1',
      postalCode: '00100',
      city: 'Town',
      country,
      lat: 60,
      lng: 20,
      services: [],
      express: false,
      hours: null,
    };
    return Response.json(
      { country, version: 1, full: true, stations: [station], removed: [] },
      { headers: { etag: '"v1"' } },
    );
  }) as unknown as typeof fetch;
  return { requests, fetchImpl };
}

describe('background station sync', () => {
  it("stores the locale's country: FI for fi-FI and en-EU, SE for sv-SE, NO for no-NO", async () => {
    const { requests, fetchImpl } = origin();
    await expect(syncHomeStations('sv-SE', { fetch: fetchImpl })).resolves.toBe('replaced');
    await syncHomeStations('no-NO', { fetch: fetchImpl });
    await syncHomeStations('en-EU', { fetch: fetchImpl });
    expect(
      requests.map((request) => [new URL(request.url, 'http://x').searchParams.get('country'), request.locale]),
    ).toEqual([
      ['SE', 'sv-SE'],
      ['NO', 'no-NO'],
      ['FI', 'en-EU'],
    ]);
    expect((await readList('SE')).stations.map((station) => station.id)).toEqual(['SE-1']);
    expect((await readList('FI')).stations).toHaveLength(1);
  });

  it('asks again only when the stored list is older than the interval', async () => {
    const { requests, fetchImpl } = origin();
    const start = 1_800_000_000_000;
    await syncHomeStations('fi-FI', { fetch: fetchImpl, now: () => start });
    await expect(
      syncHomeStations('fi-FI', { fetch: fetchImpl, now: () => start + BACKGROUND_SYNC_INTERVAL_MS - 1 }),
    ).resolves.toBe('fresh');
    expect(requests).toHaveLength(1);
    await expect(
      syncHomeStations('fi-FI', { fetch: fetchImpl, now: () => start + BACKGROUND_SYNC_INTERVAL_MS }),
    ).resolves.toBe('unchanged');
    expect(requests).toHaveLength(2);
    // A clock set back (sync time in the future) does not stop syncing for good.
    await expect(syncHomeStations('fi-FI', { fetch: fetchImpl, now: () => start - 1 })).resolves.toBe('unchanged');
  });
});
