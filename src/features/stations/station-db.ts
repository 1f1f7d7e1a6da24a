/**
 * The browser's station store (DESIGN §4): the compact list per country with its sync
 * version, and the page payloads of visited station pages (and the locator) for offline
 * navigation. One Dexie database with a versioned schema; the rest of the feature uses
 * the functions here, never the tables (docs/style.md rule 9).
 */
import Dexie, { type Table } from 'dexie';
import type { PagePayload } from '#shared/payload';
import { isStationSummary } from '#shared/station-guards';
import type { StationCountry, StationSummary } from '#shared/stations';
import type { FactsList, LiveList } from '#shared/station-wire';
import { fromFacts, liveRowsByStation, tariffsAfter, withLive, type Tariffs } from './station-records';

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
  /** The live-data channel's version and ETag (docs/stations.md "Two channels"). */
  liveVersion?: number;
  liveEtag?: string | null;
  /** The tariffs the live channel gave, by id: a station the facts channel brings is priced by them. */
  tariffs?: Tariffs;
}

/**
 * The shape of the stored entries. A list stored in an older shape is fetched in full
 * once (a delta would only bring the changed stations in the new shape). 3: the two
 * channels (the charge points' tariff ids, the live version).
 */
export const LIST_FORMAT = 3;

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

/** The live channel's part of a list's meta after a full list built from both channels. */
interface LiveMeta {
  liveVersion: number;
  liveEtag: string | null;
  tariffs: Tariffs;
}

/** Applies a full list or a delta of whole records: a full list replaces the country's stations, a delta patches them. */
export async function applyList(
  country: StationCountry,
  change: { full: boolean; version: number; dataset?: string; stations: StationSummary[]; removed: string[] },
  etag: string | null,
  now = Date.now(),
  live?: LiveMeta,
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
      ...live,
    });
  });
}

/**
 * Applies a facts delta and a live answer (either may be absent: a 304) to the stored
 * records in one transaction: the stations the facts changed keep their live data, the
 * live rows patch their stations, a changed tariff reprices every charger using it, and a
 * full live list (a start over of that channel alone) replaces the live data of all.
 * A record that no longer passes the list entry's check is left as it was.
 */
export async function applyChanges(
  country: StationCountry,
  facts: { list: FactsList; etag: string | null } | undefined,
  live: { list: LiveList; etag: string | null } | undefined,
  now = Date.now(),
): Promise<void> {
  const db = stationsDb();
  await db.transaction('rw', db.stations, db.lists, async () => {
    const meta = await db.lists.get(country);
    const tariffs = live ? tariffsAfter(meta?.tariffs, live.list) : (meta?.tariffs ?? {});
    const rows = live ? liveRowsByStation(live.list) : new Map();
    const changedFacts = new Map(facts?.list.stations.map((station) => [station.id, station]));
    // Every stored station when the live answer is full or a tariff changed (rare); else those named.
    const everyStation = live !== undefined && (live.list.full || live.list.tariffs.length > 0);
    const held = everyStation
      ? await db.stations.where('country').equals(country).toArray()
      : (
          await db.stations.bulkGet(
            [...new Set([...changedFacts.keys(), ...rows.keys()])].map(
              (id) => [country, id] as [StationCountry, string],
            ),
          )
        ).filter((record) => record !== undefined);
    const heldById = new Map(held.map((record) => [record.id, record]));
    const ids = new Set([...changedFacts.keys(), ...(live ? [...rows.keys(), ...heldById.keys()] : [])]);
    const next: StationSummary[] = [];
    for (const id of ids) {
      const factsOf = changedFacts.get(id);
      const before = heldById.get(id);
      const base = factsOf ? fromFacts(factsOf, before, tariffs) : before;
      if (!base) continue; // live data of a station this device does not hold
      const record = live ? withLive(base, rows.get(id) ?? {}, live.list.full, tariffs) : base;
      if (isStationSummary(record)) next.push(record);
    }
    if (facts && facts.list.removed.length > 0)
      await db.stations.bulkDelete(facts.list.removed.map((id) => [country, id] as [StationCountry, string]));
    for (let start = 0; start < next.length; start += WRITE_BATCH)
      await db.stations.bulkPut(next.slice(start, start + WRITE_BATCH));
    const dataset = facts?.list.dataset ?? live?.list.dataset ?? meta?.dataset;
    await db.lists.put({
      country,
      version: facts?.list.version ?? meta?.version ?? 0,
      ...(dataset ? { dataset } : {}),
      etag: facts ? facts.etag : (meta?.etag ?? null),
      syncedAt: now,
      format: LIST_FORMAT,
      liveVersion: live?.list.version ?? meta?.liveVersion ?? 0,
      liveEtag: live ? live.etag : (meta?.liveEtag ?? null),
      tariffs,
    });
  });
}

/**
 * A live delta that came over the live stream (live-stream.ts): applied as a delta sync's
 * live answer is, when it continues the stored list (same history, a newer version);
 * else left out ('stale': already held, or a sync landed meanwhile; 'other-list': no
 * list, another shape or history, the app must sync). The list's `syncedAt` stays: only
 * its live data was confirmed, not its facts. The live ETag is dropped, so the next delta
 * sync asks by version alone.
 */
export async function applyLiveDelta(list: LiveList): Promise<'applied' | 'stale' | 'other-list'> {
  const db = stationsDb();
  return db.transaction('rw', db.stations, db.lists, async () => {
    const meta = await db.lists.get(list.country);
    if (!meta || meta.format !== LIST_FORMAT || list.full || meta.dataset !== list.dataset) return 'other-list';
    if (list.version <= (meta.liveVersion ?? 0)) return 'stale';
    await applyChanges(list.country, undefined, { list, etag: null }, meta.syncedAt);
    return 'applied';
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
