import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it } from 'vitest';
import type { StationCountry } from '#shared/stations';
import { encodeFacts, encodeLive } from '#shared/station-wire';
import { BACKGROUND_SYNC_INTERVAL_MS, syncStationLists } from './background-sync';
import { readList, StationsDatabase, setStationsDb } from './station-db';

let counter = 0;
beforeEach(() => {
  setStationsDb(new StationsDatabase(`background-${++counter}`));
});

/** An origin with one station per country, answering both channels; records the facts asked for. */
function origin() {
  const requests: Array<{ url: string; locale: string | undefined }> = [];
  const fetchImpl = (async (url: string, init: RequestInit) => {
    const headers = init.headers as Record<string, string>;
    const country = new URL(url, 'http://x').searchParams.get('country') as StationCountry;
    if (!url.includes('station-live')) requests.push({ url, locale: headers['x-st1-locale'] });
    if (headers['if-none-match'] === '"v1"') return new Response(null, { status: 304 });
    if (url.includes('station-live'))
      return Response.json(
        encodeLive({ country, version: 1, full: true, prices: [], statuses: [], tariffs: [] }, 1_800_000_000),
        { headers: { etag: '"v1"' } },
      );
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
    return Response.json(encodeFacts({ country, version: 1, full: true, stations: [station], removed: [] }), {
      headers: { etag: '"v1"' },
    });
  }) as unknown as typeof fetch;
  return { requests, fetchImpl };
}

describe('background station sync', () => {
  const countriesAsked = (requests: Array<{ url: string; locale: string | undefined }>) =>
    requests.map((request) => [new URL(request.url, 'http://x').searchParams.get('country'), request.locale]);
  const homeOnly = { othersAllowed: () => false };

  it("stores the locale's country: FI for fi-FI and en-EU, SE for sv-SE, NO for no-NO", async () => {
    const { requests, fetchImpl } = origin();
    await expect(syncStationLists('sv-SE', { fetch: fetchImpl, ...homeOnly })).resolves.toEqual([['SE', 'replaced']]);
    await syncStationLists('no-NO', { fetch: fetchImpl, ...homeOnly });
    await syncStationLists('en-EU', { fetch: fetchImpl, ...homeOnly });
    expect(countriesAsked(requests)).toEqual([
      ['SE', 'sv-SE'],
      ['NO', 'no-NO'],
      ['FI', 'en-EU'],
    ]);
    expect((await readList('SE')).stations.map((station) => station.id)).toEqual(['SE-1']);
    expect((await readList('FI')).stations).toHaveLength(1);
  });

  it('then the other countries, one after the other in the locator order; on Save-Data or 2g only its own', async () => {
    const { requests, fetchImpl } = origin();
    await expect(syncStationLists('fi-FI', { fetch: fetchImpl, othersAllowed: () => true })).resolves.toEqual([
      ['FI', 'replaced'],
      ['NO', 'replaced'],
      ['SE', 'replaced'],
    ]);
    expect(countriesAsked(requests)).toEqual([
      ['FI', 'fi-FI'],
      ['NO', 'fi-FI'],
      ['SE', 'fi-FI'],
    ]);
    for (const country of ['FI', 'SE', 'NO'] as const) expect((await readList(country)).stations).toHaveLength(1);

    // A connection that turns to Save-Data stops before the next other country.
    setStationsDb(new StationsDatabase(`background-${++counter}`));
    requests.length = 0;
    let asked = 0;
    await syncStationLists('sv-SE', {
      fetch: fetchImpl,
      othersAllowed: () => {
        asked += 1;
        return asked < 2;
      },
    });
    expect(countriesAsked(requests).map(([country]) => country)).toEqual(['SE', 'NO']);
    expect((await readList('FI')).stations).toHaveLength(0);
  });

  it('follows the connection budget of navigator.connection by default', async () => {
    const { requests, fetchImpl } = origin();
    const connection = { saveData: true };
    Object.defineProperty(globalThis.navigator, 'connection', { value: connection, configurable: true });
    try {
      await syncStationLists('fi-FI', { fetch: fetchImpl });
      expect(countriesAsked(requests).map(([country]) => country)).toEqual(['FI']);
      connection.saveData = false;
      await syncStationLists('fi-FI', { fetch: fetchImpl });
      expect(countriesAsked(requests).map(([country]) => country)).toEqual(['FI', 'NO', 'SE']);
    } finally {
      delete (globalThis.navigator as { connection?: unknown }).connection;
    }
  });

  it('asks again only when the stored list is older than the interval', async () => {
    const { requests, fetchImpl } = origin();
    const start = 1_800_000_000_000;
    const sync = (at: number) => syncStationLists('fi-FI', { fetch: fetchImpl, now: () => at, ...homeOnly });
    await sync(start);
    await expect(sync(start + BACKGROUND_SYNC_INTERVAL_MS - 1)).resolves.toEqual([['FI', 'fresh']]);
    expect(requests).toHaveLength(1);
    await expect(sync(start + BACKGROUND_SYNC_INTERVAL_MS)).resolves.toEqual([['FI', 'unchanged']]);
    expect(requests).toHaveLength(2);
    // A clock set back (sync time in the future) does not stop syncing for good.
    await expect(sync(start - 1)).resolves.toEqual([['FI', 'unchanged']]);
  });
});
