/**
 * Keeps the stored station list of a country current from its two channels, the station
 * facts and the live data (docs/stations.md "Two channels"): the first visit loads both in
 * full; later visits ask each for the changes since its own stored version, conditionally
 * on its ETag, so that an unchanged channel costs a 304 and a changed price the price alone.
 */
import type { Locale } from '#shared/locales';
import { isStationSummary } from '#shared/station-guards';
import type { StationCountry, StationList, StationSummary } from '#shared/stations';
import { fetchStationFacts, fetchStationLive } from './api/stations-api';
import { applyChanges, applyList, countStations, LIST_FORMAT, readListMeta, touchList } from './station-db';
import { mapInSlices } from '@/ui/main-thread-slices';
import { fullRecordBuilder, fullRecords, tariffsAfter } from './station-records';

export type SyncOutcome = 'replaced' | 'updated' | 'unchanged';

/** A full list as it arrived, before it is stored, with the live version it carries. */
type FullListListener = (list: StationList, liveVersion: number) => void;

export interface SyncOptions {
  fetch?: typeof fetch;
  now?: () => number;
  signal?: AbortSignal;
  /**
   * Called with a full list (a first sync) as soon as it has arrived, before it is
   * stored: the locator shows it from here instead of reading 650 stations back from
   * IndexedDB right after writing them (docs/performance.md).
   */
  onFullList?: FullListListener;
}

/**
 * Stations built and checked per task in a first sync: 650 at once was a task of about
 * 140 ms on a phone profile, in the middle of the locator's first visit.
 */
const RECORD_SLICE = 100;

const inFlight = new Map<string, { running: Promise<SyncOutcome>; listeners: Set<FullListListener> }>();

/**
 * Brings the stored list of a country up to date. Calls that overlap (the locator opening
 * while the background sync of ./background-sync.ts runs) share one request, and each
 * caller's `onFullList` hears of the list that request brings.
 */
export function syncStations(country: StationCountry, locale: Locale, options: SyncOptions = {}): Promise<SyncOutcome> {
  // A caller with its own fetch or abort signal (tests, a locator that unmounts) runs alone.
  if (options.fetch || options.signal) return syncOnce(country, locale, options);
  const key = `${country}|${locale}`;
  let call = inFlight.get(key);
  if (!call) {
    const listeners = new Set<FullListListener>();
    const running = syncOnce(country, locale, {
      ...options,
      onFullList: (list, liveVersion) => listeners.forEach((listener) => listener(list, liveVersion)),
    }).finally(() => inFlight.delete(key));
    call = { running, listeners };
    inFlight.set(key, call);
  }
  if (options.onFullList) call.listeners.add(options.onFullList);
  return call.running;
}

/** The answers of both channels for a country, the live one in full whenever the facts are. */
async function fetchBoth(
  country: StationCountry,
  locale: Locale,
  held: {
    since: number;
    dataset?: string | undefined;
    etag?: string | null | undefined;
    liveSince: number;
    liveEtag?: string | null | undefined;
  },
  options: SyncOptions,
) {
  const common = {
    ...(options.fetch ? { fetch: options.fetch } : {}),
    ...(options.signal ? { signal: options.signal } : {}),
  };
  const conditional = (since: number, etag: string | null | undefined) => ({
    since,
    // The history the stored version belongs to: another one (a restored origin database) answers in full.
    ...(since > 0 && held.dataset ? { dataset: held.dataset } : {}),
    ...(since > 0 && etag ? { etag } : {}),
    ...common,
  });
  const [facts, live] = await Promise.all([
    fetchStationFacts(country, locale, conditional(held.since, held.etag)),
    fetchStationLive(country, locale, conditional(held.liveSince, held.liveEtag)),
  ]);
  // Stations that start over start with all their live data.
  if (!facts.unchanged && facts.list.full && (live.unchanged || !live.list.full))
    return { facts, live: await fetchStationLive(country, locale, { since: 0, ...common }) };
  return { facts, live };
}

/** The records of a full list, built and checked RECORD_SLICE at a time (a record that fails its check is left out). */
async function checkedRecordsInSlices(
  facts: Parameters<typeof fullRecords>[0],
  live: Parameters<typeof fullRecords>[1],
): Promise<StationSummary[]> {
  const build = fullRecordBuilder(live);
  const records = await mapInSlices(facts, RECORD_SLICE, (station) => {
    const record = build(station);
    return isStationSummary(record) ? record : null;
  });
  return records.filter((record) => record !== null);
}

async function syncOnce(country: StationCountry, locale: Locale, options: SyncOptions): Promise<SyncOutcome> {
  const now = options.now ?? Date.now;
  // A list without stations (cleared storage) starts over. Counted, not read: at 13,000
  // stations reading the stored list cost more than the delta itself (docs/performance.md).
  const meta = await readListMeta(country);
  // A list stored in an older shape starts over too, so that every station gains the new fields.
  const kept = meta !== undefined && meta.format === LIST_FORMAT && (await countStations(country)) > 0;
  const { facts, live } = await fetchBoth(
    country,
    locale,
    {
      since: kept && meta ? meta.version : 0,
      dataset: meta?.dataset,
      etag: meta?.etag,
      liveSince: kept && meta ? (meta.liveVersion ?? 0) : 0,
      liveEtag: meta?.liveEtag,
    },
    options,
  );
  if (facts.unchanged && live.unchanged) {
    await touchList(country, now());
    return 'unchanged';
  }
  if (!facts.unchanged && facts.list.full && !live.unchanged) {
    const list: StationList = {
      country,
      version: facts.list.version,
      ...(facts.list.dataset ? { dataset: facts.list.dataset } : {}),
      full: true,
      stations: await checkedRecordsInSlices(facts.list.stations, live.list),
      removed: [],
    };
    options.onFullList?.(list, live.list.version);
    await applyList(country, list, facts.etag, now(), {
      liveVersion: live.list.version,
      liveEtag: live.etag,
      tariffs: tariffsAfter(undefined, live.list),
    });
    return 'replaced';
  }
  await applyChanges(country, facts.unchanged ? undefined : facts, live.unchanged ? undefined : live, now());
  return 'updated';
}

/**
 * A country's stations from the network alone, for a browser without storage (blocked
 * IndexedDB): both channels in full, put together as the stored records would be.
 */
export async function fetchStationsDirect(country: StationCountry, locale: Locale): Promise<StationSummary[]> {
  const { facts, live } = await fetchBoth(country, locale, { since: 0, liveSince: 0 }, {});
  if (facts.unchanged || live.unchanged) throw new Error('The station list answered 304 to an unconditional request');
  return fullRecords(facts.list.stations, live.list).filter(isStationSummary);
}
