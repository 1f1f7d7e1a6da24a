/**
 * Keeps the stored station list of a country current: the first visit loads the
 * full list; later visits ask for the changes since the stored version, conditionally on
 * its ETag, so that an unchanged list costs a 304.
 */
import type { Locale } from '@/shared/locales';
import type { StationCountry } from '@/shared/stations';
import { fetchStationList } from './api/stations-api';
import { applyList, countStations, LIST_FORMAT, readListMeta, touchList } from './station-db';

export type SyncOutcome = 'replaced' | 'updated' | 'unchanged';

export interface SyncOptions {
  fetch?: typeof fetch;
  now?: () => number;
  signal?: AbortSignal;
}

const inFlight = new Map<string, Promise<SyncOutcome>>();

/**
 * Brings the stored list of a country up to date. Calls that overlap (the locator opening
 * while the background sync of ./background-sync.ts runs) share one request.
 */
export function syncStations(country: StationCountry, locale: Locale, options: SyncOptions = {}): Promise<SyncOutcome> {
  // A caller with its own fetch or abort signal (tests, a locator that unmounts) runs alone.
  if (options.fetch || options.signal) return syncOnce(country, locale, options);
  const key = `${country}|${locale}`;
  let running = inFlight.get(key);
  if (!running) {
    running = syncOnce(country, locale, options).finally(() => inFlight.delete(key));
    inFlight.set(key, running);
  }
  return running;
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
  await applyList(country, list, etag, now());
  return list.full ? 'replaced' : 'updated';
}
