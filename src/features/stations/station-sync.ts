/**
 * Keeps the stored station list of a country current (issue 5): the first visit loads the
 * full list; later visits ask for the changes since the stored version, conditionally on
 * its ETag, so that an unchanged list costs a 304.
 */
import type { Locale } from '../../shared/locales';
import type { StationCountry, StationList, StationSummary } from '../../shared/stations';
import { applyList, countStations, readListMeta, touchList } from './station-db';

export const STATIONS_ENDPOINT = '/proxy/cms-view/v1/stations';

export type SyncOutcome = 'replaced' | 'updated' | 'unchanged';

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

function isSummary(value: unknown): value is StationSummary {
  return (
    isObject(value) &&
    typeof value.id === 'string' &&
    typeof value.slug === 'string' &&
    typeof value.name === 'string' &&
    typeof value.city === 'string' &&
    typeof value.lat === 'number' &&
    typeof value.lng === 'number' &&
    Array.isArray(value.services)
  );
}

/**
 * A light check of the answer (the browser bundle carries no zod; the origin built it from
 * checked records): the envelope must be right, a station that is not is left out.
 */
export function readStationList(value: unknown, country: StationCountry): StationList {
  if (
    !isObject(value) ||
    value.country !== country ||
    typeof value.version !== 'number' ||
    typeof value.full !== 'boolean' ||
    !Array.isArray(value.stations) ||
    !Array.isArray(value.removed)
  ) {
    throw new Error('The station list answer has an unexpected shape');
  }
  return {
    country,
    version: value.version,
    ...(typeof value.dataset === 'string' && value.dataset ? { dataset: value.dataset } : {}),
    full: value.full,
    stations: value.stations.filter(isSummary),
    removed: value.removed.filter((id): id is string => typeof id === 'string'),
  };
}

export interface SyncOptions {
  fetch?: typeof fetch;
  now?: () => number;
  signal?: AbortSignal;
}

const inFlight = new Map<string, Promise<SyncOutcome>>();

type SyncListener = (country: StationCountry, outcome: SyncOutcome) => void;
const listeners = new Set<SyncListener>();

/**
 * Calls `listener` after every successful sync of any country (also a background sync
 * while the locator is open, so that it shows the new list). Returns the unsubscribe.
 */
export function onStationsSynced(listener: SyncListener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function notify(country: StationCountry, outcome: SyncOutcome): SyncOutcome {
  for (const listener of listeners) {
    try {
      listener(country, outcome);
    } catch (error) {
      console.warn('A station sync listener failed', error);
    }
  }
  return outcome;
}

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
  const fetchImpl = options.fetch ?? fetch;
  const now = options.now ?? Date.now;
  // A list without stations (cleared storage) starts over. Counted, not read: at 13,000
  // stations reading the stored list cost more than the delta itself (docs/performance.md).
  const meta = await readListMeta(country);
  const since = meta && (await countStations(country)) > 0 ? meta.version : 0;
  const headers: Record<string, string> = { accept: 'application/json', 'x-st1-locale': locale };
  if (since > 0 && meta?.etag) headers['if-none-match'] = meta.etag;
  // The history the stored version belongs to: another one (a restored origin database) answers in full.
  const dataset = since > 0 && meta?.dataset ? `&dataset=${encodeURIComponent(meta.dataset)}` : '';
  const response = await fetchImpl(`${STATIONS_ENDPOINT}?country=${country}&since=${since}${dataset}`, {
    headers,
    ...(options.signal ? { signal: options.signal } : {}),
  });
  if (response.status === 304) {
    await touchList(country, now());
    return notify(country, 'unchanged');
  }
  if (!response.ok) throw new Error(`The station list answered ${response.status}`);
  const list = readStationList(await response.json(), country);
  await applyList(country, list, response.headers.get('etag'), now());
  return notify(country, list.full ? 'replaced' : 'updated');
}
