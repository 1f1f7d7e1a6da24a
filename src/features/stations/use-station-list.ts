/**
 * The station list of a country for the locator: what this device has stored (at once,
 * offline too), then refreshed from the origin by version/delta when online. The stored
 * list is read with a live query (dexie-react-hooks), so every sync of the country shows
 * as it lands — this hook's own, the background sync of an installed app resumed with the
 * locator open (src/features/pwa/background-tasks.ts), or a sync in another tab.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useRef, useState } from 'react';
import type { Locale } from '#shared/locales';
import type { StationCountry, StationSummary } from '#shared/stations';
import { useOnlineStatus } from '@/ui/use-online-status';
import { readList, readListMeta, type ListMeta } from './station-db';
import { fetchStationsDirect } from './station-sync';
import { stationSync } from './sync-worker/sync-client';

export interface StationListState {
  /** null until storage has been read (the server render and hydration). */
  stations: StationSummary[] | null;
  /** When the stored list was last confirmed with the origin; null when never. */
  syncedAt: number | null;
  syncing: boolean;
  syncFailed: boolean;
  storageFailed: boolean;
}

type SyncState = Pick<StationListState, 'syncing' | 'syncFailed'> & {
  /** The settled first sync attempt: an empty store is then "no stations", not "loading". */
  settled: boolean;
};
const IDLE: SyncState = { syncing: false, syncFailed: false, settled: false };

/**
 * The wait before trying a failed sync again while the page stays open and online: 5 s,
 * then three times longer each time, at most 5 minutes. A first visit whose sync failed
 * (a timeout on a bad connection, an origin restarting) would otherwise show no stations
 * until the connection changed or the page was opened again.
 */
export function retryDelayMs(failures: number): number {
  return Math.min(5 * 60_000, 5_000 * 3 ** Math.max(0, failures - 1));
}

/** A full list this page fetched (a first sync): shown as it arrived, not read back from storage. */
interface FetchedList {
  country: StationCountry;
  version: number;
  /** Its live version: a live update stored since (live-stream.ts) is read from storage. */
  liveVersion: number;
  dataset: string | undefined;
  stations: StationSummary[];
  at: number;
}

/** Whether the stored list is the one this page fetched (or is still being written). */
const isFetched = (meta: ListMeta | undefined, fetched: FetchedList) =>
  !meta ||
  (meta.version === fetched.version &&
    meta.dataset === fetched.dataset &&
    (meta.liveVersion ?? 0) === fetched.liveVersion);

/**
 * The stored list, live; `failed` when storage cannot be read (a private window, storage
 * blocked). After this page's own first sync it reads only the list's version: the
 * stations it just wrote are the ones it holds, and reading 650 of them back right after
 * the write was one of the longest tasks of a first visit (docs/performance.md). Another
 * version stored (a sync in another tab) is read in full as before.
 */
function useStoredList(country: StationCountry, fetched: FetchedList | null) {
  return useLiveQuery(async () => {
    try {
      if (fetched) {
        const meta = await readListMeta(country);
        if (isFetched(meta, fetched)) return { failed: false as const, country, meta, stations: fetched.stations };
      }
      return { failed: false as const, country, ...(await readList(country)) };
    } catch (error) {
      console.warn('Station storage is not available', error);
      return { failed: true as const, country, meta: undefined, stations: [] as StationSummary[] };
    }
  }, [country, fetched]);
}

export function useStationList(country: StationCountry, locale: Locale): StationListState {
  const online = useOnlineStatus();
  const [fetchedList, setFetchedList] = useState<FetchedList | null>(null);
  const fetched = fetchedList?.country === country ? fetchedList : null;
  const stored = useStoredList(country, fetched);
  const storageFailed = stored?.failed === true;
  const [sync, setSync] = useState<{ country: StationCountry; value: SyncState }>({ country, value: IDLE });
  const syncState = sync.country === country ? sync.value : IDLE;
  // Failed syncs in a row (for the retry's wait; a new country starts from none), and the
  // retry that runs the sync again.
  const failures = useRef({ country, count: 0 });
  const [retries, setRetries] = useState(0);
  // Without storage the list comes straight from the network and lives here instead.
  const [direct, setDirect] = useState<{ country: StationCountry; stations: StationSummary[]; at: number } | null>(
    null,
  );

  useEffect(() => {
    if (!online || stored === undefined) return;
    let cancelled = false;
    let retry: ReturnType<typeof setTimeout> | undefined;
    const update = (value: SyncState) => {
      if (!cancelled) setSync({ country, value });
    };
    // A retry keeps saying the last sync failed until this one has answered (no flash of "loading").
    const retrying = failures.current.country === country && failures.current.count > 0;
    if (retrying) setSync((previous) => ({ country, value: { ...previous.value, syncing: true } }));
    else update({ syncing: true, syncFailed: false, settled: false });
    void (async () => {
      try {
        if (storageFailed) {
          const stations = await fetchStationsDirect(country, locale);
          if (!cancelled) setDirect({ country, stations, at: Date.now() });
        } else {
          // The live query above shows what the sync stores; a full list shows as it arrives.
          await stationSync().syncCountry(country, locale, {
            onFullList: (list, liveVersion) => {
              if (cancelled) return;
              const { version, dataset, stations } = list;
              setFetchedList({ country, version, liveVersion, dataset, stations, at: Date.now() });
            },
          });
        }
        update({ syncing: false, syncFailed: false, settled: true });
        failures.current = { country, count: 0 };
      } catch (error) {
        console.warn('Could not update the station list', error);
        update({ syncing: false, syncFailed: true, settled: true });
        if (cancelled) return;
        const count = failures.current.country === country ? failures.current.count + 1 : 1;
        failures.current = { country, count };
        retry = setTimeout(() => setRetries((value) => value + 1), retryDelayMs(count));
      }
    })();
    return () => {
      cancelled = true;
      clearTimeout(retry);
    };
    // The sync runs once per country, locale, connection and retry, not on every stored change.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [country, locale, online, stored === undefined, storageFailed, retries]);

  const base = { syncing: syncState.syncing, syncFailed: syncState.syncFailed, storageFailed };
  if (storageFailed) {
    const shown = direct?.country === country ? direct : null;
    return { ...base, stations: shown ? shown.stations : null, syncedAt: shown ? shown.at : null };
  }
  // Shown as soon as it arrives, while it is being stored.
  if (fetched && (!stored || stored.country !== country || isFetched(stored.meta, fetched)))
    return { ...base, stations: fetched.stations, syncedAt: stored?.meta?.syncedAt ?? fetched.at };
  if (!stored || stored.country !== country) return { ...base, stations: null, syncedAt: null };
  const { meta, stations } = stored;
  // An empty store before the first sync is "loading", not "no stations"; offline it stays
  // "nothing stored" (null): the locator shows its page's own short list and says no
  // station data is saved, never "no stations match your search" with nothing typed.
  const final = online && syncState.settled;
  return {
    ...base,
    stations: stations.length > 0 || final ? stations : null,
    syncedAt: meta && stations.length > 0 ? meta.syncedAt : null,
  };
}
