import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ChargeTariff } from '#shared/charge-points';
import type { StationSummary } from '#shared/stations';
import {
  encodeFacts,
  encodeLive,
  type FactsList,
  type LiveList,
  type LivePrice,
  type LiveStatus,
  type StationFacts,
} from '#shared/station-wire';
import {
  LIST_FORMAT,
  MAX_STORED_PAGES,
  readFavourites,
  readList,
  readPage,
  readStoredStation,
  savePage,
  setFavourite,
  stationsDb,
  StationsDatabase,
  setStationsDb,
} from './station-db';
import { stationFacts } from './station-facts.fixture';
import { syncStations } from './station-sync';

const station = stationFacts;

/** A fake origin holding versions of both channels, answering like cms-view/v1/station-facts and …/station-live. */
function fakeOrigin() {
  const state = {
    dataset: 'd1',
    version: 1,
    stations: new Map([
      ['FI-1', station('FI-1')],
      ['FI-2', station('FI-2')],
    ]),
    removed: [] as Array<[string, number]>,
    changed: new Map<string, number>([
      ['FI-1', 1],
      ['FI-2', 1],
    ]),
    liveVersion: 1,
    /** Live rows with the live version of their last change. */
    prices: [] as Array<LivePrice & { v: number }>,
    statuses: [] as Array<LiveStatus & { v: number }>,
    tariffs: [] as Array<{ id: string; tariff: ChargeTariff; v: number }>,
  };
  const requests: Array<{ url: string; headers: Record<string, string> }> = [];
  const etags = {
    facts: () => `"${state.dataset}-v${state.version}"`,
    live: () => `"${state.dataset}-l${state.liveVersion}"`,
  };
  const answer = (body: unknown, etag: string) =>
    new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json', etag } });
  const fetchImpl = (async (url: string, init: RequestInit) => {
    const headers = init.headers as Record<string, string>;
    requests.push({ url, headers });
    const query = new URL(url, 'http://x').searchParams;
    const since = Number(query.get('since'));
    const dataset = query.get('dataset');
    const channel = url.includes('station-live') ? 'live' : 'facts';
    if (headers['if-none-match'] === etags[channel]()) return new Response(null, { status: 304 });
    if (channel === 'live') {
      const full = since === 0 || since > state.liveVersion || (dataset !== null && dataset !== state.dataset);
      const newer = <T extends { v: number }>(rows: T[]) =>
        rows.filter((row) => full || row.v > since).map(({ v: _v, ...row }) => row);
      const list: LiveList = {
        country: 'FI',
        version: state.liveVersion,
        dataset: state.dataset,
        full,
        prices: newer(state.prices),
        statuses: newer(state.statuses),
        tariffs: newer(state.tariffs),
      };
      return answer(encodeLive(list, 1_800_000_000), etags.live());
    }
    const full = since === 0 || (dataset !== null && dataset !== state.dataset);
    const stations = [...state.stations.values()].filter((s) => full || state.changed.get(s.id)! > since);
    const removed = full ? [] : state.removed.filter(([, v]) => v > since).map(([id]) => id);
    const list: FactsList = { country: 'FI', version: state.version, dataset: state.dataset, full, stations, removed };
    return answer(encodeFacts(list), etags.facts());
  }) as unknown as typeof fetch;
  return { state, requests, fetchImpl };
}

let counter = 0;
beforeEach(() => {
  setStationsDb(new StationsDatabase(`test-${++counter}`));
});

describe('station list sync', () => {
  it('loads the full list first, then deltas, and 304 when nothing changed', async () => {
    const origin = fakeOrigin();
    expect(await syncStations('FI', 'fi-FI', { fetch: origin.fetchImpl, now: () => 1000 })).toBe('replaced');
    let stored = await readList('FI');
    expect(stored.stations.map((s) => s.id).sort()).toEqual(['FI-1', 'FI-2']);
    expect(stored.meta).toMatchObject({
      version: 1,
      dataset: 'd1',
      etag: '"d1-v1"',
      liveVersion: 1,
      liveEtag: '"d1-l1"',
      syncedAt: 1000,
    });

    expect(await syncStations('FI', 'fi-FI', { fetch: origin.fetchImpl, now: () => 2000 })).toBe('unchanged');
    const [facts, live] = origin.requests.slice(2);
    expect(facts!.headers['if-none-match']).toBe('"d1-v1"');
    expect(facts!.url).toContain('station-facts?country=FI&since=1&dataset=d1');
    expect(live!.headers['if-none-match']).toBe('"d1-l1"');
    expect(live!.url).toContain('station-live?country=FI&since=1&dataset=d1');
    expect((await readList('FI')).meta?.syncedAt).toBe(2000);

    // An editor renames FI-2, removes FI-1 and adds FI-3.
    origin.state.version = 3;
    origin.state.stations.set('FI-2', station('FI-2', 'St1 Renamed'));
    origin.state.changed.set('FI-2', 2);
    origin.state.stations.delete('FI-1');
    origin.state.removed.push(['FI-1', 3]);
    origin.state.stations.set('FI-3', station('FI-3'));
    origin.state.changed.set('FI-3', 3);
    expect(await syncStations('FI', 'fi-FI', { fetch: origin.fetchImpl, now: () => 3000 })).toBe('updated');
    expect(origin.requests[4]!.url).toContain('since=1');
    stored = await readList('FI');
    expect(stored.stations.map((s) => `${s.id}:${s.name}`).sort()).toEqual(['FI-2:St1 Renamed', 'FI-3:St1 FI-3']);
    expect(stored.meta?.version).toBe(3);
  });

  it('hands a full list to onFullList before storing it, and no delta; a list of many stations lands whole', async () => {
    const origin = fakeOrigin();
    for (let n = 3; n <= 260; n++) {
      origin.state.stations.set(`FI-${n}`, station(`FI-${n}`));
      origin.state.changed.set(`FI-${n}`, 1);
    }
    const heard: Array<{ count: number; storedThen: number }> = [];
    const onFullList = (list: { stations: StationSummary[] }) =>
      void readList('FI').then((stored) =>
        heard.push({ count: list.stations.length, storedThen: stored.stations.length }),
      );
    await syncStations('FI', 'fi-FI', { fetch: origin.fetchImpl, onFullList });
    expect(heard).toEqual([{ count: 260, storedThen: 0 }]);
    // Written in batches inside one transaction: every station and the version together.
    const stored = await readList('FI');
    expect(stored.stations).toHaveLength(260);
    expect(stored.meta?.version).toBe(1);

    origin.state.version = 2;
    origin.state.stations.set('FI-2', station('FI-2', 'St1 Renamed'));
    origin.state.changed.set('FI-2', 2);
    expect(await syncStations('FI', 'fi-FI', { fetch: origin.fetchImpl, onFullList })).toBe('updated');
    expect(heard).toHaveLength(1);
  });

  it('starts over with the full list when the origin holds another history (a restored database)', async () => {
    const origin = fakeOrigin();
    origin.state.version = 5;
    await syncStations('FI', 'fi-FI', { fetch: origin.fetchImpl });
    // Restored from a backup: another history, a lower version, FI-2 not in it.
    origin.state.dataset = 'd2';
    origin.state.version = 2;
    origin.state.stations.delete('FI-2');
    expect(await syncStations('FI', 'fi-FI', { fetch: origin.fetchImpl })).toBe('replaced');
    expect(origin.requests[2]!.url).toContain('since=5&dataset=d1');
    const stored = await readList('FI');
    expect(stored.stations.map((s) => s.id)).toEqual(['FI-1']);
    expect(stored.meta).toMatchObject({ version: 2, dataset: 'd2' });
  });

  it('keeps what it has when the answer is broken or an error', async () => {
    const origin = fakeOrigin();
    await syncStations('FI', 'fi-FI', { fetch: origin.fetchImpl });
    const broken = (async () => new Response('{"nope":1}', { status: 200 })) as unknown as typeof fetch;
    await expect(syncStations('FI', 'fi-FI', { fetch: broken })).rejects.toThrow(/unexpected envelope/);
    const failing = (async () => new Response('', { status: 503 })) as unknown as typeof fetch;
    await expect(syncStations('FI', 'fi-FI', { fetch: failing })).rejects.toThrow(/503/);
    expect((await readList('FI')).stations).toHaveLength(2);
  });

  it('shares one request between overlapping syncs of the same list (locator and background)', async () => {
    const origin = fakeOrigin();
    vi.stubGlobal('fetch', origin.fetchImpl);
    try {
      const outcomes = await Promise.all([syncStations('FI', 'fi-FI'), syncStations('FI', 'fi-FI')]);
      expect(outcomes).toEqual(['replaced', 'replaced']);
      expect(origin.requests).toHaveLength(2);
      // Once done, the next sync asks again.
      await expect(syncStations('FI', 'fi-FI')).resolves.toBe('unchanged');
      expect(origin.requests).toHaveLength(4);
    } finally {
      vi.unstubAllGlobals();
    }
  });
});

describe('the live-data channel', () => {
  const withCharger = (id: string): StationFacts => ({
    ...station(id),
    chargePoints: [
      { uid: `${id}-1`, connectors: [{ standard: 'IEC_62196_T2_COMBO', kw: 150 }], tariffId: 'HPC' },
      { uid: `${id}-2`, connectors: [{ standard: 'IEC_62196_T2', kw: 22 }] },
    ],
  });
  const at = (minute: number) => new Date(Date.UTC(2026, 10, 29, 12, minute)).toISOString();

  it('brings a changed price or status alone, keeps it across a facts change, and reprices by a new tariff', async () => {
    const origin = fakeOrigin();
    origin.state.stations.set('FI-1', withCharger('FI-1'));
    origin.state.prices.push({ station: 'FI-1', grade: '95', price: 1.899, setAt: at(0), v: 1 });
    origin.state.prices.push({ station: 'FI-1', grade: 'diesel', price: 1.799, setAt: at(0), v: 1 });
    origin.state.statuses.push({ station: 'FI-1', uid: 'FI-1-1', status: 'AVAILABLE', statusAt: at(0), v: 1 });
    origin.state.statuses.push({ station: 'FI-1', uid: 'FI-1-2', status: 'CHARGING', statusAt: at(0), v: 1 });
    origin.state.tariffs.push({ id: 'HPC', tariff: { kwh: 0.59 }, v: 1 });
    await syncStations('FI', 'fi-FI', { fetch: origin.fetchImpl });
    const first = (await readStoredStation('FI', 'FI-1'))!;
    expect(first.prices?.map((p) => `${p.grade} ${p.price}`)).toEqual(['95 1.899', 'diesel 1.799']);
    expect(first.chargePoints?.map((p) => `${p.uid} ${p.status} ${p.tariff?.kwh}`)).toEqual([
      'FI-1-1 AVAILABLE 0.59',
      'FI-1-2 CHARGING undefined',
    ]);

    // A new 95 price and a status: the live channel alone changes; its delta names them only.
    origin.state.liveVersion = 2;
    origin.state.prices[0] = { station: 'FI-1', grade: '95', price: 1.859, setAt: at(5), v: 2 };
    origin.state.statuses[1] = { station: 'FI-1', uid: 'FI-1-2', status: 'AVAILABLE', statusAt: at(6), v: 2 };
    expect(await syncStations('FI', 'fi-FI', { fetch: origin.fetchImpl })).toBe('updated');
    const [facts, live] = origin.requests.slice(-2);
    const liveAnswer = await (await origin.fetchImpl(live!.url, { headers: {} })).json();
    expect(liveAnswer).toMatchObject({ full: false, prices: [['FI-1', 0, 1859, expect.any(Number)]] });
    expect(liveAnswer.statuses).toHaveLength(1);
    expect(facts!.url).toContain('station-facts');
    let stored = (await readStoredStation('FI', 'FI-1'))!;
    expect(stored.prices?.map((p) => `${p.grade} ${p.price} ${p.setAt}`)).toEqual([
      `95 1.859 ${at(5)}`,
      `diesel 1.799 ${at(0)}`,
    ]);
    expect(stored.chargePoints?.map((p) => `${p.status} ${p.statusAt}`)).toEqual([
      `AVAILABLE ${at(0)}`,
      `AVAILABLE ${at(6)}`,
    ]);

    // An editor renames the station: the facts delta keeps its prices and statuses.
    origin.state.version = 2;
    origin.state.stations.set('FI-1', { ...withCharger('FI-1'), name: 'St1 Renamed' });
    origin.state.changed.set('FI-1', 2);
    await syncStations('FI', 'fi-FI', { fetch: origin.fetchImpl });
    stored = (await readStoredStation('FI', 'FI-1'))!;
    expect(stored.name).toBe('St1 Renamed');
    expect(stored.prices).toHaveLength(2);
    expect(stored.chargePoints?.[1]?.statusAt).toBe(at(6));

    // A new tariff reaches the charger priced by it.
    origin.state.liveVersion = 3;
    origin.state.tariffs[0] = { id: 'HPC', tariff: { kwh: 0.65, session: 1 }, v: 3 };
    await syncStations('FI', 'fi-FI', { fetch: origin.fetchImpl });
    stored = (await readStoredStation('FI', 'FI-1'))!;
    expect(stored.chargePoints?.[0]?.tariff).toEqual({ kwh: 0.65, session: 1 });
    expect((await readList('FI')).meta).toMatchObject({ version: 2, liveVersion: 3 });
  });

  it('asks for all live data again when the stations start over', async () => {
    const origin = fakeOrigin();
    origin.state.prices.push({ station: 'FI-2', grade: '95', price: 1.899, setAt: at(0), v: 1 });
    await syncStations('FI', 'fi-FI', { fetch: origin.fetchImpl });
    origin.state.dataset = 'd2';
    origin.state.liveVersion = 4;
    origin.state.prices[0]!.v = 0;
    await syncStations('FI', 'fi-FI', { fetch: origin.fetchImpl });
    expect((await readStoredStation('FI', 'FI-2'))?.prices?.[0]?.price).toBe(1.899);
    expect((await readList('FI')).meta).toMatchObject({ dataset: 'd2', liveVersion: 4 });
  });
});

describe('offline pages', () => {
  it('keeps visited pages, the newest MAX_STORED_PAGES of them', async () => {
    const payload = { locale: 'fi-FI' } as never;
    for (let i = 0; i <= MAX_STORED_PAGES; i++) await savePage(`/asemat/s${i}`, payload, i);
    expect(await readPage('/asemat/s0')).toBeUndefined();
    expect((await readPage(`/asemat/s${MAX_STORED_PAGES}`))?.payload).toEqual(payload);
  });
});

describe('favourite stations', () => {
  it('are kept in the order starred, and unstarring removes one', async () => {
    await setFavourite({ id: 'SE-0002', country: 'SE' }, true, 1);
    await setFavourite({ id: 'FI-0001', country: 'FI' }, true, 2);
    await setFavourite({ id: 'SE-0002', country: 'SE' }, true, 1);
    expect((await readFavourites()).map((favourite) => favourite.id)).toEqual(['SE-0002', 'FI-0001']);
    await setFavourite({ id: 'SE-0002', country: 'SE' }, false);
    expect(await readFavourites()).toEqual([{ id: 'FI-0001', country: 'FI', savedAt: 2 }]);
  });
});

describe('a list stored in an older shape', () => {
  it('is fetched in full once, so that every station gains the new fields', async () => {
    const origin = fakeOrigin();
    await syncStations('FI', 'fi-FI', { fetch: origin.fetchImpl });
    expect((await readList('FI')).meta?.format).toBe(LIST_FORMAT);
    // An app from before stored the same version without a format.
    await stationsDb().lists.update('FI', { format: undefined });
    await syncStations('FI', 'fi-FI', { fetch: origin.fetchImpl });
    expect(origin.requests.at(-2)?.url).toMatch(/station-facts\?country=FI&since=0\b/);
    expect(origin.requests.at(-1)?.url).toMatch(/station-live\?country=FI&since=0\b/);
    expect((await readList('FI')).meta?.format).toBe(LIST_FORMAT);
  });
});
