/**
 * Keeps the stored station list of a country current: the first visit loads the
 * full list; later visits ask for the changes since the stored version, conditionally on
 * its ETag, so that an unchanged list costs a 304.
 */
import type { Locale } from '#shared/locales';
import type { StationCountry, StationList } from '#shared/stations';
import { fetchStationList } from './api/stations-api';
import { applyList, countStations, LIST_FORMAT, readListMeta, touchList } from './station-db';

export type SyncOutcome = 'replaced' | 'updated' | 'unchanged';

/** A full list as it arrived, before it is stored. */
type FullListListener = (list: StationList) => void;

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
      onFullList: (list) => listeners.forEach((listener) => listener(list)),
    }).finally(() => inFlight.delete(key));
    call = { running, listeners };
    inFlight.set(key, call);
  }
  if (options.onFullList) call.listeners.add(options.onFullList);
  return call.running;
}

async function syncOnce(country: StationCountry, locale: Locale, options: SyncOptions): Promise<SyncOutcome> {
  const now = options.now ?? Date.now;
  // A list without stations (cleared storage) starts over. Counted, not read: at 13,000
  // stations reading the stored list cost more than the delta itself (docs/performance.md).
  const meta = await readListMeta(country);
  // A list stored in an older shape starts over too, so that every station gains the new fields.
  const since = meta && meta.format === LIST_FORMAT && (await countStations(country)) > 0 ? meta.version : 0;
  const answer = await fetchStationList(country, locale, {
    since,
    // The history the stored version belongs to: another one (a restored origin database) answers in full.
    ...(since > 0 && meta?.dataset ? { dataset: meta.dataset } : {}),
    ...(since > 0 && meta?.etag ? { etag: meta.etag } : {}),
    ...(options.fetch ? { fetch: options.fetch } : {}),
    ...(options.signal ? { signal: options.signal } : {}),
  });
  if (answer.unchanged) {
    await touchList(country, now());
    return 'unchanged';
  }
  const { list, etag } = answer;
  if (list.full) options.onFullList?.(list);
  await applyList(country, list, etag, now());
  return list.full ? 'replaced' : 'updated';
}
