/**
 * The browser's live stream rules (live-stream.ts): open only while visible, online and
 * not on Save-Data / 2g / a slow link, and only with a stored list to resume from; close
 * on hidden and reopen from the stored version on visible; on a break or `resync` fall
 * back to the delta sync and wait (5 s, then 15 s) before a new stream; one stream per
 * country for every page of the tab. And the store's side: an event patches the stored
 * list like the delta sync, once, and only when it continues it (fake-indexeddb).
 */
import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it } from 'vitest';
import { connectionBudget, type ConnectionInfo } from '#shared/connection-budget';
import type { StationCountry } from '#shared/station-constants';
import { encodeLive, type LiveList } from '#shared/station-wire';
import {
  browserLiveStreamEnvironment,
  createLiveStreamController,
  type EventSourceLike,
  type LiveStreamEnvironment,
} from './live-stream';
import { applyList, readListMeta, readStoredStation, setStationsDb, StationsDatabase } from './station-db';
import { fullRecords } from './station-records';
import { stationFacts } from './station-facts.fixture';

class FakeSource implements EventSourceLike {
  closed = false;
  private listeners = new Map<string, Array<(event: { data?: unknown }) => void>>();
  constructor(readonly url: string) {}
  addEventListener(type: string, listener: (event: { data?: unknown }) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  emit(type: string, data?: string) {
    for (const listener of this.listeners.get(type) ?? []) listener({ data });
  }
  close() {
    this.closed = true;
  }
}

/** A tab: its visibility, connection, stored versions, timers and what it was asked to do. */
function fakeTab() {
  const state = {
    visible: true,
    online: true,
    connection: { effectiveType: '4g' } as ConnectionInfo,
    held: new Map<StationCountry, { liveVersion: number; dataset: string | undefined }>([
      ['FI', { liveVersion: 7, dataset: 'd1' }],
    ]),
    applyResult: 'applied' as 'applied' | 'stale' | 'other-list',
  };
  const sources: FakeSource[] = [];
  const timers: Array<{ run: () => void; ms: number; cancelled: boolean }> = [];
  const syncs: StationCountry[] = [];
  const applied: string[] = [];
  let listener: (() => void) | undefined;
  const env: LiveStreamEnvironment = {
    isVisible: () => state.visible,
    isOnline: () => state.online,
    connectionAllows: () => connectionBudget(state.connection) !== 'none',
    onChange(next) {
      listener = next;
      return () => {
        listener = undefined;
      };
    },
    open(url) {
      const source = new FakeSource(url);
      sources.push(source);
      return source;
    },
    setTimer(run, ms) {
      const timer = { run, ms, cancelled: false };
      timers.push(timer);
      return () => {
        timer.cancelled = true;
      };
    },
    held: async (country) => state.held.get(country),
    async apply(_country, data) {
      applied.push(data);
      return state.applyResult;
    },
    async sync(country) {
      syncs.push(country);
    },
  };
  return {
    state,
    env,
    sources,
    syncs,
    applied,
    timers,
    open: () => sources.filter((source) => !source.closed),
    change: async () => {
      listener?.();
      await settle();
    },
    /** Runs the pending timers (the backoff's wait has passed). */
    elapse: async () => {
      for (const timer of timers.splice(0)) if (!timer.cancelled) timer.run();
      await settle();
    },
    listening: () => listener !== undefined,
  };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('live stream rules', () => {
  it('opens one stream per country while visible, from the stored live version and history', async () => {
    const tab = fakeTab();
    const controller = createLiveStreamController(tab.env);
    const releaseLocator = controller.watch('FI', 'fi-FI');
    const releasePage = controller.watch('FI', 'fi-FI');
    await settle();
    expect(tab.sources.map((source) => source.url)).toEqual([
      '/api/v1/stations/live-stream?country=FI&since=7&dataset=d1',
    ]);
    releaseLocator();
    expect(tab.open()).toHaveLength(1);
    releasePage();
    expect(tab.open()).toHaveLength(0);
    expect(tab.listening()).toBe(false);
  });

  it('opens no stream on Save-Data, on 2g or a slow link, offline, hidden, or without a stored list', async () => {
    for (const connection of [
      { saveData: true },
      { effectiveType: '2g' },
      { effectiveType: 'slow-2g' },
      { effectiveType: '3g', rtt: 900 },
    ] satisfies ConnectionInfo[]) {
      const tab = fakeTab();
      tab.state.connection = connection;
      createLiveStreamController(tab.env).watch('FI', 'fi-FI');
      await settle();
      expect(tab.sources, JSON.stringify(connection)).toHaveLength(0);
    }
    const offline = fakeTab();
    offline.state.online = false;
    createLiveStreamController(offline.env).watch('FI', 'fi-FI');
    const hidden = fakeTab();
    hidden.state.visible = false;
    createLiveStreamController(hidden.env).watch('FI', 'fi-FI');
    const nothingStored = fakeTab();
    createLiveStreamController(nothingStored.env).watch('SE', 'sv-SE');
    await settle();
    expect([offline.sources, hidden.sources, nothingStored.sources].map((sources) => sources.length)).toEqual([
      0, 0, 0,
    ]);
  });

  it('closes the stream when the tab is hidden or Save-Data turns on, and reopens from the version stored meanwhile', async () => {
    const tab = fakeTab();
    createLiveStreamController(tab.env).watch('FI', 'fi-FI');
    await settle();
    tab.state.visible = false;
    await tab.change();
    expect(tab.open()).toHaveLength(0);
    tab.state.held.set('FI', { liveVersion: 9, dataset: 'd1' });
    tab.state.visible = true;
    await tab.change();
    expect(tab.open().map((source) => source.url)).toEqual([
      '/api/v1/stations/live-stream?country=FI&since=9&dataset=d1',
    ]);
    tab.state.connection = { saveData: true };
    await tab.change();
    expect(tab.open()).toHaveLength(0);
    // No sync for a hidden tab: the stream's resume is the catch-up.
    expect(tab.syncs).toEqual([]);
  });

  it('stores each live event; falls back to the delta sync and backs off when the stream breaks', async () => {
    const tab = fakeTab();
    createLiveStreamController(tab.env).watch('FI', 'fi-FI');
    await settle();
    const [first] = tab.sources;
    first!.emit('open');
    first!.emit('live', '{"version":8}');
    await settle();
    expect(tab.applied).toEqual(['{"version":8}']);

    first!.emit('error');
    await settle();
    expect(first!.closed).toBe(true);
    expect(tab.syncs).toEqual(['FI']);
    expect(tab.timers.map((timer) => timer.ms)).toEqual([5000]);
    expect(tab.open()).toHaveLength(0);
    await tab.elapse();
    const second = tab.open()[0]!;
    // Failing again before it opened: a longer wait.
    second.emit('error');
    await settle();
    expect(tab.timers.map((timer) => timer.ms)).toEqual([15_000]);
    // Visibility changes during the wait do not open a stream early.
    await tab.change();
    expect(tab.open()).toHaveLength(0);
    await tab.elapse();
    const third = tab.open()[0]!;
    third.emit('open');
    third.emit('error');
    await settle();
    // An opened stream resets the count.
    expect(tab.timers.map((timer) => timer.ms)).toEqual([5000]);
  });

  it('syncs and opens again later when the server says resync, or an event does not continue the stored list', async () => {
    const tab = fakeTab();
    createLiveStreamController(tab.env).watch('FI', 'fi-FI');
    await settle();
    tab.sources[0]!.emit('resync', '{}');
    await settle();
    expect(tab.syncs).toEqual(['FI']);
    expect(tab.open()).toHaveLength(0);
    await tab.elapse();
    tab.state.applyResult = 'other-list';
    tab.open()[0]!.emit('live', '{"version":12}');
    await settle();
    expect(tab.syncs).toEqual(['FI', 'FI']);
    expect(tab.open()).toHaveLength(0);
  });
});

describe('a live event in the store', () => {
  let counter = 0;
  beforeEach(() => {
    setStationsDb(new StationsDatabase(`live-stream-test-${++counter}`));
  });

  const facts = stationFacts('FI-1');
  const live = (version: number, price: number, dataset = 'd1'): LiveList => ({
    country: 'FI',
    version,
    dataset,
    full: false,
    prices: [{ station: 'FI-1', grade: '95', price, setAt: '2026-11-29T03:00:00Z' }],
    statuses: [],
    tariffs: [],
  });
  const event = (list: LiveList) => JSON.stringify(encodeLive(list, 1_800_000_000));

  it('patches the stored station and the live version once, keeping syncedAt; refuses what does not continue the list', async () => {
    const start = live(3, 1.899);
    await applyList(
      'FI',
      { full: true, version: 2, dataset: 'd1', stations: fullRecords([facts], start), removed: [] },
      '"facts"',
      1000,
      { liveVersion: 3, liveEtag: '"live-3"', tariffs: {} },
    );
    const env = browserLiveStreamEnvironment();
    expect(await env.apply('FI', event(live(4, 1.959)))).toBe('applied');
    expect((await readStoredStation('FI', 'FI-1'))?.prices).toEqual([
      expect.objectContaining({ grade: '95', price: 1.959 }),
    ]);
    expect(await readListMeta('FI')).toMatchObject({ liveVersion: 4, liveEtag: null, syncedAt: 1000, version: 2 });
    // Again, or older: already held.
    expect(await env.apply('FI', event(live(4, 1.959)))).toBe('stale');
    expect(await env.apply('FI', event(live(3, 1.5)))).toBe('stale');
    expect((await readStoredStation('FI', 'FI-1'))?.prices?.[0]?.price).toBe(1.959);
    // Another history, a broken event, a country not stored: the app syncs instead.
    expect(await env.apply('FI', event(live(5, 2, 'd2')))).toBe('other-list');
    expect(await env.apply('FI', '{"version":')).toBe('other-list');
    expect(await env.apply('SE', event({ ...live(5, 2), country: 'SE' }))).toBe('other-list');
    expect((await readListMeta('FI'))?.liveVersion).toBe(4);
  });
});
