/**
 * The station list of a country for the locator: what this device has stored (at once,
 * offline too), then refreshed from the origin by version/delta when online, and again
 * whenever another sync of the country lands (the background sync of an installed app
 * resumed with the locator open: src/features/pwa/background-tasks.ts).
 */
import { useEffect, useState } from 'react';
import type { Locale } from '@/shared/locales';
import type { StationCountry, StationSummary } from '@/shared/stations';
import { useOnlineStatus } from '@/ui/use-online-status';
import { readList, readListMeta } from './station-db';
import { fetchStationList } from './api/stations-api';
import { onStationsSynced, syncStations } from './station-sync';

export interface StationListState {
  /** null until storage has been read (the server render and hydration). */
  stations: StationSummary[] | null;
  /** When the stored list was last confirmed with the origin; null when never. */
  syncedAt: number | null;
  syncing: boolean;
  syncFailed: boolean;
  storageFailed: boolean;
}

const INITIAL: StationListState = {
  stations: null,
  syncedAt: null,
  syncing: false,
  syncFailed: false,
  storageFailed: false,
};

export function useStationList(country: StationCountry, locale: Locale): StationListState {
  const online = useOnlineStatus();
  const [state, setState] = useState<{ country: StationCountry; value: StationListState }>({ country, value: INITIAL });
  const value = state.country === country ? state.value : INITIAL;

  useEffect(() => {
    let cancelled = false;
    const update = (change: Partial<StationListState>) => {
      if (!cancelled)
        setState((previous) => ({
          country,
          value: { ...(previous.country === country ? previous.value : INITIAL), ...change },
        }));
    };
    // An empty store before the first sync is "loading", not "no stations".
    const read = async (final: boolean) => {
      const { meta, stations } = await readList(country);
      update({
        stations: stations.length > 0 || final ? stations : null,
        syncedAt: meta && stations.length > 0 ? meta.syncedAt : null,
      });
    };
    // Every sync of this country shows here: this hook's own and any other.
    const unsubscribe = onStationsSynced((synced, outcome) => {
      if (synced !== country || cancelled) return;
      const reading =
        outcome === 'unchanged'
          ? readListMeta(country).then((meta) => update(meta ? { syncedAt: meta.syncedAt } : {}))
          : read(true);
      reading.catch((error: unknown) => console.warn('Could not read the stored station list', error));
    });
    void (async () => {
      try {
        await read(!online);
      } catch (error) {
        console.warn('Station storage is not available', error);
        update({ storageFailed: true });
        // Without storage (a private window, storage blocked) the list comes straight from the network.
        if (online) {
          try {
            const answer = await fetchStationList(country, locale);
            if (answer.unchanged)
              throw new Error('The station list answered 304 to an unconditional request', { cause: error });
            update({ stations: answer.list.stations, syncedAt: Date.now() });
          } catch (fetchError) {
            console.warn('Could not load the station list', fetchError);
            update({ syncFailed: true });
          }
        }
        return;
      }
      if (!online) return;
      update({ syncing: true, syncFailed: false });
      try {
        // The listener above reads what the sync stored.
        await syncStations(country, locale);
        update({ syncing: false });
      } catch (error) {
        console.warn('Could not update the station list', error);
        update({ syncing: false, syncFailed: true });
        await read(true).catch(() => {});
      }
    })();
    return () => {
      cancelled = true;
      unsubscribe();
    };
  }, [country, locale, online]);

  return value;
}
