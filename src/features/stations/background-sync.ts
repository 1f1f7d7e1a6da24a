/**
 * Stores the station lists in the background, so that the locator and every station page
 * of the site work offline even when the visitor never opened them online ("synced on
 * first visit"): the locale's country first, then the other two, one after the other
 * (docs/stations.md "Offline"). On Save-Data or a 2g link only the locale's country is
 * kept (the others would cost a metered connection about twice as much again). The app
 * shell runs this through the PWA feature once a service worker controls the page and the
 * connection allows prefetch (src/app/client-extras.tsx); the locator itself still syncs
 * its country whenever it opens.
 */
import { connectionBudget, type ConnectionInfo } from '#shared/connection-budget';
import type { Locale } from '#shared/locales';
import { LOCALE_COUNTRY, type StationCountry } from '#shared/station-constants';
import { countryOrder } from './country-order';
import { readListMeta } from './station-db';
import { syncStations, type SyncOptions, type SyncOutcome } from './station-sync';

/**
 * A list confirmed this recently is not asked for again from other pages. **Decision**: one
 * conditional request (usually a 304) per hour of browsing and country, not one per page view.
 */
export const BACKGROUND_SYNC_INTERVAL_MS = 60 * 60 * 1000;

export type BackgroundOutcome = SyncOutcome | 'fresh';

export interface BackgroundSyncOptions extends SyncOptions {
  /**
   * Whether the connection allows the other countries' lists, asked again before each
   * (it may turn to Save-Data meanwhile). By default the shared connection budget of
   * `navigator.connection`: not on Save-Data, 2g or a slow link.
   */
  othersAllowed?: () => boolean;
}

function connectionAllowsMore(): boolean {
  if (typeof navigator === 'undefined') return true;
  const connection = (navigator as Navigator & { connection?: ConnectionInfo }).connection;
  return connectionBudget(connection) !== 'none';
}

/** Syncs one country's list unless it was confirmed within the interval. */
async function syncIfDue(country: StationCountry, locale: Locale, options: SyncOptions): Promise<BackgroundOutcome> {
  const now = options.now ?? Date.now;
  const meta = await readListMeta(country);
  if (meta && now() - meta.syncedAt >= 0 && now() - meta.syncedAt < BACKGROUND_SYNC_INTERVAL_MS) return 'fresh';
  return syncStations(country, locale, options);
}

/**
 * Syncs the locale's country, then (when the connection allows) the others in the
 * locator's country order; each is skipped while its stored list is fresh. Returns what
 * happened per country, in the order they were synced.
 */
export async function syncStationLists(
  locale: Locale,
  options: BackgroundSyncOptions = {},
): Promise<Array<[StationCountry, BackgroundOutcome]>> {
  const { othersAllowed = connectionAllowsMore, ...syncOptions } = options;
  const [home, ...others] = countryOrder(LOCALE_COUNTRY[locale]);
  const done: Array<[StationCountry, BackgroundOutcome]> = [[home!, await syncIfDue(home!, locale, syncOptions)]];
  for (const country of others) {
    if (!othersAllowed()) break;
    done.push([country, await syncIfDue(country, locale, syncOptions)]);
  }
  return done;
}
