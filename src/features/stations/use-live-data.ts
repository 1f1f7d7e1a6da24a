/**
 * A station page's prices and charge points: the page's own, replaced per grade and per
 * charger by newer ones this device holds in its station list (live-data-merge.ts), and
 * again whenever a sync of the country lands while the page is open.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { useMemo } from 'react';
import type { StationDetails } from '#shared/stations';
import { newestLiveData } from './live-data-merge';
import { readStoredStation } from './station-db';

export function useLiveData(station: Pick<StationDetails, 'id' | 'country' | 'prices' | 'chargePoints'>) {
  const { id, country } = station;
  // A live query: a sync that lands while the page is open shows at once. No storage
  // (blocked IndexedDB): the page's own data stands.
  const stored = useLiveQuery(() => readStoredStation(country, id).catch(() => undefined), [country, id]);
  return useMemo(() => newestLiveData(station, stored), [station, stored]);
}
