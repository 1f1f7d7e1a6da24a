/**
 * The browser's station store (DESIGN §4): the compact list per country with its sync
 * version, and the page payloads of visited station pages (and the locator) for offline
 * navigation. One Dexie database with a versioned schema; the rest of the feature uses
 * the functions here, never the tables (docs/style.md rule 9).
 */
import Dexie, { type Table } from 'dexie';
import type { PagePayload } from '#shared/payload';
import type { StationCountry, StationSummary } from '#shared/stations';

export interface ListMeta {
  country: StationCountry;
  version: number;
  /** The origin's database history the version belongs to (absent from older origins). */
  dataset?: string;
  /** The list's ETag at that version, for a conditional request. */
  etag: string | null;
  /** When the list was last confirmed current with the origin (ms since epoch). */
  syncedAt: number;
  /** The shape of the stored entries (`LIST_FORMAT`); absent: stored before the phone and food hours came. */
  format?: number;
}

/**
 * The shape of the stored entries. A list stored in an older shape is fetched in full
 * once (a delta would only bring the changed stations in the new shape).
 */
export const LIST_FORMAT = 2;

/** A station the visitor starred ("My stations"), kept across restarts. */
export interface Favourite {
  /** The station id (unique over all countries: "FI-0001"). */
  id: string;
  country: StationCountry;
  savedAt: number;
}

export interface StoredPage {
  /** Document path (basename included, no query), e.g. "/en-EU/stations/oulu-ouluntie". */
  path: string;
  payload: PagePayload;
  savedAt: number;
}

/** Offline pages kept at most; the oldest go first. */
export const MAX_STORED_PAGES = 60;

export class StationsDatabase extends Dexie {
  stations!: Table<StationSummary, [StationCountry, string]>;
  lists!: Table<ListMeta, StationCountry>;
  pages!: Table<StoredPage, string>;
  favourites!: Table<Favourite, string>;

  constructor(name = 'st1-stations') {
    super(name);
    this.version(1).stores({
      stations: '[country+id], country',
      lists: 'country',
      pages: 'path, savedAt',
    });
    // Version 2: stations found by slug (a station page drawn offline), and the favourites.
    this.version(2).stores({ stations: '[country+id], country, slug', favourites: 'id, savedAt' });
  }
}

let database: StationsDatabase | undefined;

/** The one database of the page (created on first use, never on the server). */
export function stationsDb(): StationsDatabase {
  database ??= new StationsDatabase();
  return database;
}

/** For tests: use another database (fake-indexeddb). */
export function setStationsDb(db: StationsDatabase): void {
  database = db;
}

export async function readList(
  country: StationCountry,
): Promise<{ meta: ListMeta | undefined; stations: StationSummary[] }> {
  const db = stationsDb();
  return db.transaction('r', db.stations, db.lists, async () => ({
    meta: await db.lists.get(country),
    stations: await db.stations.where('country').equals(country).toArray(),
  }));
}

/** One stored station of a country's list, if this device has it. */
export async function readStoredStation(country: StationCountry, id: string): Promise<StationSummary | undefined> {
  return stationsDb().stations.get([country, id]);
}

/** The stored list's version and sync time alone (no stations read). */
export async function readListMeta(country: StationCountry): Promise<ListMeta | undefined> {
  return stationsDb().lists.get(country);
}

/** A country whose list is stored: when it was last confirmed and how many stations it has. */
export interface StoredCountry {
  country: StationCountry;
  syncedAt: number;
  count: number;
}

/** The countries with a stored list (index counts: no station is read). */
export async function readStoredCountries(): Promise<StoredCountry[]> {
  const db = stationsDb();
  return db.transaction('r', db.stations, db.lists, async () => {
    const lists = await db.lists.toArray();
    const counted = await Promise.all(
      lists.map(async (meta) => ({
        country: meta.country,
        syncedAt: meta.syncedAt,
        count: await db.stations.where('country').equals(meta.country).count(),
      })),
    );
    return counted.filter((stored) => stored.count > 0);
  });
}

/** How many stations of a country are stored (an index count: no station is read). */
export async function countStations(country: StationCountry): Promise<number> {
  return stationsDb().stations.where('country').equals(country).count();
}

/**
 * Stations written per request batch. One bulkPut of a country's 650 stations was one of
 * the longest tasks of the locator's first visit (structured clone and Dexie's per-row
 * work in one go); in batches each continues in the success event of the one before,
 * a task of its own, inside the same transaction, so the list still lands whole.
 */
const WRITE_BATCH = 50;

/** Applies a list answer: a full list replaces the country's stations, a delta patches them. */
export async function applyList(
  country: StationCountry,
  change: { full: boolean; version: number; dataset?: string; stations: StationSummary[]; removed: string[] },
  etag: string | null,
  now = Date.now(),
): Promise<void> {
  const db = stationsDb();
  await db.transaction('rw', db.stations, db.lists, async () => {
    if (change.full) await db.stations.where('country').equals(country).delete();
    else if (change.removed.length > 0)
      await db.stations.bulkDelete(change.removed.map((id) => [country, id] as [StationCountry, string]));
    for (let start = 0; start < change.stations.length; start += WRITE_BATCH)
      await db.stations.bulkPut(change.stations.slice(start, start + WRITE_BATCH));
    await db.lists.put({
      country,
      version: change.version,
      ...(change.dataset ? { dataset: change.dataset } : {}),
      etag,
      syncedAt: now,
      format: LIST_FORMAT,
    });
  });
}

/** The list was confirmed current (304 Not Modified). */
export async function touchList(country: StationCountry, now = Date.now()): Promise<void> {
  await stationsDb().lists.update(country, { syncedAt: now });
}

export async function savePage(path: string, payload: PagePayload, now = Date.now()): Promise<void> {
  const db = stationsDb();
  await db.transaction('rw', db.pages, async () => {
    await db.pages.put({ path, payload, savedAt: now });
    const count = await db.pages.count();
    if (count > MAX_STORED_PAGES) {
      const oldest = await db.pages
        .orderBy('savedAt')
        .limit(count - MAX_STORED_PAGES)
        .primaryKeys();
      await db.pages.bulkDelete(oldest);
    }
  });
}

export async function readPage(path: string): Promise<StoredPage | undefined> {
  return stationsDb().pages.get(path);
}

/** A station found by its slug (station page addresses name the slug), in any stored country. */
export async function readStationBySlug(
  slug: string,
): Promise<{ station: StationSummary; meta: ListMeta | undefined } | undefined> {
  const db = stationsDb();
  return db.transaction('r', db.stations, db.lists, async () => {
    const station = await db.stations.where('slug').equals(slug).first();
    if (!station) return undefined;
    return { station, meta: await db.lists.get(station.country) };
  });
}

/** The starred stations, oldest first. */
export async function readFavourites(): Promise<Favourite[]> {
  return stationsDb().favourites.orderBy('savedAt').toArray();
}

export async function setFavourite(
  station: Pick<StationSummary, 'id' | 'country'>,
  on: boolean,
  now = Date.now(),
): Promise<void> {
  const db = stationsDb();
  if (on) await db.favourites.put({ id: station.id, country: station.country, savedAt: now });
  else await db.favourites.delete(station.id);
}
