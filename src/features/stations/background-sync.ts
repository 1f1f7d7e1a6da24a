/**
 * Stores the station list of the locale's country in the background, so that the locator
 * works offline even when the visitor never opened it online ("synced on first
 * visit"). The app shell runs this through the PWA feature once a service worker controls
 * the page and the connection allows prefetch (src/app/client-extras.tsx); the locator
 * itself still syncs whenever it opens.
 */
import type { Locale } from '@/shared/locales';
import { LOCALE_COUNTRY } from '@/shared/station-constants';
import { readListMeta } from './station-db';
import { syncStations, type SyncOptions, type SyncOutcome } from './station-sync';

/**
 * A list confirmed this recently is not asked for again from other pages. **Decision**: one
 * conditional request (usually a 304) per hour of browsing, not one per page view.
 */
export const BACKGROUND_SYNC_INTERVAL_MS = 60 * 60 * 1000;

/** Syncs the locale's country unless its stored list was confirmed within the interval. */
export async function syncHomeStations(locale: Locale, options: SyncOptions = {}): Promise<SyncOutcome | 'fresh'> {
  const country = LOCALE_COUNTRY[locale];
  const now = options.now ?? Date.now;
  const meta = await readListMeta(country);
  if (meta && now() - meta.syncedAt >= 0 && now() - meta.syncedAt < BACKGROUND_SYNC_INTERVAL_MS) return 'fresh';
  return syncStations(country, locale, options);
}
