/**
 * Favourite stations ("My stations"): starred on a station card or page, kept in the
 * device's station store across restarts and offline, and read with a live query so that
 * a star set in another tab (or on the page behind) shows at once.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import type { StationCountry, StationSummary } from '#shared/stations';
import { askForPersistentStorage } from '@/ui/persistent-storage';
import { readFavourites, setFavourite, stationsDb } from './station-db';

export interface FavouriteStations {
  ids: ReadonlySet<string>;
  /** The starred stations whose list is stored, in the order they were starred. */
  stations: StationSummary[];
}

const NONE: FavouriteStations = { ids: new Set(), stations: [] };

/**
 * None starred is NONE itself, not a new empty object: the locator's list and every row in
 * it are drawn again when the favourites change identity, and that render came from a
 * storage read (not a transition), so it ran in one task. On a first visit it was one of
 * the locator's longest tasks after hydration, for a list that did not change.
 */
async function readFavouriteStations(): Promise<FavouriteStations> {
  const favourites = await readFavourites();
  if (favourites.length === 0) return NONE;
  const keys = favourites.map((favourite) => [favourite.country, favourite.id] as [StationCountry, string]);
  const stations = (await stationsDb().stations.bulkGet(keys)).filter(
    (station): station is StationSummary => station !== undefined,
  );
  return { ids: new Set(favourites.map((favourite) => favourite.id)), stations };
}

/** The favourites, live; none while storage is read (the server render, hydration) or when it cannot be. */
export function useFavourites(): FavouriteStations {
  return (
    useLiveQuery(async () => {
      try {
        return await readFavouriteStations();
      } catch (error) {
        console.warn('Favourite stations are not available', error);
        return NONE;
      }
    }, []) ?? NONE
  );
}

/**
 * Stars or unstars a station; a storage failure is reported to the caller. A star is the
 * visitor saying the stored data matters: the browser is asked to keep it from eviction
 * (src/ui/persistent-storage.ts; once per document, never in the visitor's way).
 */
export async function toggleFavourite(station: Pick<StationSummary, 'id' | 'country'>, on: boolean): Promise<void> {
  await setFavourite(station, on);
  if (on) void askForPersistentStorage();
}
