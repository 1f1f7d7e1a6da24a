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
  /**
   * False until storage has been read (the server render, hydration, the first moments
   * after): "none starred" is known only once it is true, so that "My stations" says so
   * without saying it first to a visitor whose stars are still being read.
   */
  read: boolean;
  ids: ReadonlySet<string>;
  /** The starred stations whose list is stored, in the order they were starred. */
  stations: StationSummary[];
}

const NO_IDS: ReadonlySet<string> = new Set();
const NO_STATIONS: StationSummary[] = [];
const NOT_READ: FavouriteStations = { read: false, ids: NO_IDS, stations: NO_STATIONS };
const NONE: FavouriteStations = { read: true, ids: NO_IDS, stations: NO_STATIONS };

/**
 * None starred is NONE itself, not a new empty object, and its ids are the very set of
 * NOT_READ: the locator's rows are drawn again when the ids change identity
 * (locator-results.tsx), and that render came from a storage read (not a transition), so
 * it ran in one task. On a first visit it was one of the locator's longest tasks after
 * hydration, for a list that did not change.
 */
async function readFavouriteStations(): Promise<FavouriteStations> {
  const favourites = await readFavourites();
  if (favourites.length === 0) return NONE;
  const keys = favourites.map((favourite) => [favourite.country, favourite.id] as [StationCountry, string]);
  const stations = (await stationsDb().stations.bulkGet(keys)).filter(
    (station): station is StationSummary => station !== undefined,
  );
  return { read: true, ids: new Set(favourites.map((favourite) => favourite.id)), stations };
}

/**
 * The favourites, live. Not `read` while storage is read (the server render, hydration);
 * none, read, when it cannot be (a star then says it failed: favourite-star.tsx).
 */
export function useFavourites(): FavouriteStations {
  return (
    useLiveQuery(async () => {
      try {
        return await readFavouriteStations();
      } catch (error) {
        console.warn('Favourite stations are not available', error);
        return NONE;
      }
    }, []) ?? NOT_READ
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
