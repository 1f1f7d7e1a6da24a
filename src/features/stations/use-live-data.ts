/**
 * A station page's prices and charge points: the page's own, replaced per grade and per
 * charger by newer ones this device holds in its station list (live-data-merge.ts), and
 * again whenever a sync of the country lands while the page is open.
 */
import { useEffect, useMemo, useState } from 'react';
import type { StationDetails, StationSummary } from '@/shared/stations';
import { newestLiveData } from './live-data-merge';
import { readStoredStation } from './station-db';
import { onStationsSynced } from './station-sync';

export function useLiveData(station: Pick<StationDetails, 'id' | 'country' | 'prices' | 'chargePoints'>) {
  const [stored, setStored] = useState<StationSummary | undefined>(undefined);
  const { id, country } = station;
  useEffect(() => {
    let cancelled = false;
    const read = () =>
      readStoredStation(country, id).then(
        (value) => {
          if (!cancelled) setStored(value);
        },
        () => undefined, // No storage (blocked IndexedDB): the page's own data stands.
      );
    void read();
    const unsubscribe = onStationsSynced((synced) => {
      if (synced === country) void read();
    });
    return () => {
      cancelled = true;
      unsubscribe();
    };
  }, [country, id]);
  return useMemo(() => newestLiveData(station, stored), [station, stored]);
}
