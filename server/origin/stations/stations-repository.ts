/**
 * Data access for stations: the compact list per country with version and delta, one
 * station by slug for its page, and the changes an editor makes (each bumps the version).
 */
import { sql } from 'kysely';
import type { StationCountry } from '#shared/stations';
import type { StationsDb } from './station-tables';
import type { StationsTable } from './station-tables';
import { stationRecordSchema, type StationRecord } from './stations-record';

interface StationChanges {
  version: number;
  changed: StationRecord[];
  removed: string[];
}

/** Stored data is checked on the way out: a corrupt row is left out of lists, not a crash. */
function parseRecord(json: string): StationRecord | undefined {
  try {
    const parsed = stationRecordSchema.safeParse(JSON.parse(json));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/** The row of a live station record at a version. */
function stationRow(record: StationRecord, version: number, now: string): StationsTable {
  return {
    id: record.id,
    country: record.country,
    slug: record.slug,
    version,
    deleted: 0,
    record_json: JSON.stringify(record),
    updated_at: now,
  };
}

/**
 * The one way to take a station version (docs/stations.md "Versions"): the counter row of
 * `station_dataset`, bumped inside the caller's writing transaction. On PostgreSQL the
 * update holds the row's lock until commit, so concurrent writers get distinct numbers and
 * commit in the order of their numbers: a delta read between two commits never skips one.
 * Every writer of stations (editors, content sync, imports) goes through this.
 */
async function nextStationVersion(trx: StationsDb): Promise<number> {
  const row = await trx
    .updateTable('station_dataset')
    .set((eb) => ({ version: eb('version', '+', 1) }))
    .returning('version')
    .executeTakeFirstOrThrow();
  return Number(row.version);
}

/**
 * A change of several statements (the next version, then the rows) as one: in the
 * caller's transaction when the repository is built on one (the unit of work's), else in
 * a transaction of its own, so that a repository on the database stays safe to call.
 */
function atomically<T>(db: StationsDb, work: (trx: StationsDb) => Promise<T>): Promise<T> {
  return db.isTransaction ? work(db) : db.transaction().execute(work);
}

/** Counts and versions of stations, and the delta of a country's list since a version. */
function stationVersions(db: StationsDb) {
  /** The newest version of a country's list (0 when it has no stations). */
  async function countryVersion(country: StationCountry): Promise<number> {
    const row = await db
      .selectFrom('stations')
      .select(sql<number>`coalesce(max(version), 0)`.as('v'))
      .where('country', '=', country)
      .executeTakeFirstOrThrow();
    return Number(row.v);
  }

  return {
    version: countryVersion,

    async count(): Promise<number> {
      const row = await db.selectFrom('stations').select(db.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /** The id of this database's station history: versions are only comparable within it. */
    async dataset(): Promise<string> {
      const row = await db.selectFrom('station_dataset').select('id').executeTakeFirstOrThrow();
      return row.id;
    },

    /** The newest version over all countries: any change of any station moves it. */
    async latestVersion(): Promise<number> {
      const row = await db
        .selectFrom('stations')
        .select(sql<number>`coalesce(max(version), 0)`.as('v'))
        .executeTakeFirstOrThrow();
      return Number(row.v);
    },

    /** Every live station (the site search's index; rows that do not parse are left out). */
    async listLive(): Promise<StationRecord[]> {
      const rows = await db.selectFrom('stations').select('record_json').where('deleted', '=', 0).execute();
      return rows.map((row) => parseRecord(row.record_json)).filter((record) => record !== undefined);
    },

    /**
     * Stations of a country changed after `since` (all when since is 0), and the ids removed.
     * The answer's version is read first, so a change committed between the two reads is
     * never covered by a version the app did not get its row for: it comes (again) in the
     * next delta. Versions commit in order (nextStationVersion), so every row up to that
     * version is already visible. The rows are not bounded by it: a writer moves an
     * existing station's version, and a bound made a full list read in between lose that
     * station altogether (649 of 650 while prices were imported, issue 31).
     */
    async changesSince(country: StationCountry, since: number): Promise<StationChanges> {
      const version = Math.max(since, await countryVersion(country));
      const rows = await db
        .selectFrom('stations')
        .select(['id', 'deleted', 'record_json'])
        .where('country', '=', country)
        .where('version', '>', since)
        .orderBy('id')
        .execute();
      const changed: StationRecord[] = [];
      const removed: string[] = [];
      for (const row of rows) {
        if (Number(row.deleted) === 1) {
          removed.push(row.id);
          continue;
        }
        const record = parseRecord(row.record_json);
        if (record) changed.push(record);
      }
      return { version, changed, removed };
    },
  };
}

/** Reading station records: one, some, or all of a country or of the live ones. */
function stationRecords(db: StationsDb) {
  return {
    async findBySlug(slug: string): Promise<StationRecord | undefined> {
      const row = await db
        .selectFrom('stations')
        .select('record_json')
        .where('slug', '=', slug)
        .where('deleted', '=', 0)
        .executeTakeFirst();
      return row ? parseRecord(row.record_json) : undefined;
    },

    /** Every live station (the seed of their live data). */
    async allLive(): Promise<StationRecord[]> {
      const rows = await db
        .selectFrom('stations')
        .select('record_json')
        .where('deleted', '=', 0)
        .orderBy('id')
        .execute();
      return rows.map((row) => parseRecord(row.record_json)).filter((record) => record !== undefined);
    },

    /** The live stations of these ids (an import checks its rows against them). */
    async findByIds(ids: readonly string[]): Promise<Map<string, StationRecord>> {
      const found = new Map<string, StationRecord>();
      for (let start = 0; start < ids.length; start += 500) {
        const rows = await db
          .selectFrom('stations')
          .select('record_json')
          .where('id', 'in', ids.slice(start, start + 500))
          .where('deleted', '=', 0)
          .execute();
        for (const row of rows) {
          const record = parseRecord(row.record_json);
          if (record) found.set(record.id, record);
        }
      }
      return found;
    },

    /** A few stations of a country for the locator's server render, by city then name. */
    async firstOfCountry(
      country: StationCountry,
      limit: number,
    ): Promise<{ stations: StationRecord[]; total: number }> {
      const rows = await db
        .selectFrom('stations')
        .select('record_json')
        .where('country', '=', country)
        .where('deleted', '=', 0)
        .execute();
      const stations = rows
        .map((row) => parseRecord(row.record_json))
        .filter((record): record is StationRecord => record !== undefined)
        .sort((a, b) => a.city.localeCompare(b.city, 'fi') || a.name.localeCompare(b.name, 'fi'));
      return { stations: stations.slice(0, limit), total: stations.length };
    },

    /** Slugs and update times of all live stations, for the sitemap. */
    async listForSitemap(): Promise<Array<{ slug: string; updatedAt: string }>> {
      const rows = await db
        .selectFrom('stations')
        .select(['slug', 'updated_at'])
        .where('deleted', '=', 0)
        .orderBy('slug')
        .execute();
      return rows.map((row) => ({ slug: row.slug, updatedAt: row.updated_at }));
    },

    /** Every stored record (live ones), by id: what a content sync compares against. */
    async allRecords(): Promise<Map<string, { recordJson: string; deleted: boolean }>> {
      const rows = await db.selectFrom('stations').select(['id', 'record_json', 'deleted']).execute();
      return new Map(rows.map((row) => [row.id, { recordJson: row.record_json, deleted: Number(row.deleted) === 1 }]));
    },
  };
}

/** Writing stations: each change takes the next version (nextStationVersion) with its rows. */
function stationWrites(db: StationsDb) {
  /** Writes records at one version; the caller holds the transaction. */
  async function upsertAt(trx: StationsDb, records: StationRecord[], version: number, now: string): Promise<void> {
    for (const valid of records) {
      const { id, ...changes } = stationRow(valid, version, now);
      await trx
        .insertInto('stations')
        .values({ id, ...changes })
        .onConflict((conflict) => conflict.column('id').doUpdateSet(changes))
        .execute();
    }
  }

  return {
    /** Inserts seed stations, all at one version (1 on an empty database); callers wrap it in a transaction. */
    async insertMany(records: StationRecord[], now = new Date().toISOString()): Promise<void> {
      const version = await nextStationVersion(db);
      for (let start = 0; start < records.length; start += 200) {
        await db
          .insertInto('stations')
          .values(records.slice(start, start + 200).map((record) => stationRow(record, version, now)))
          .execute();
      }
    },

    /** Replaces a station's record (an editor's change): the row gets the next version. */
    async save(record: StationRecord, now = new Date().toISOString()): Promise<number> {
      const valid = stationRecordSchema.parse(record);
      return atomically(db, async (trx) => {
        const version = await nextStationVersion(trx);
        await upsertAt(trx, [valid], version, now);
        return version;
      });
    },

    /**
     * Replaces or adds several records in one transaction under one new version (a content
     * sync, an import): apps holding an older version receive them all in their next delta.
     */
    async saveMany(records: StationRecord[], now = new Date().toISOString()): Promise<number | undefined> {
      if (records.length === 0) return undefined;
      const valid = records.map((record) => stationRecordSchema.parse(record));
      return atomically(db, async (trx) => {
        const version = await nextStationVersion(trx);
        await upsertAt(trx, valid, version, now);
        return version;
      });
    },

    /** Removes a station, keeping a tombstone so that deltas report it. */
    async remove(id: string, now = new Date().toISOString()): Promise<number | undefined> {
      return atomically(db, async (trx) => {
        const version = await nextStationVersion(trx);
        const result = await trx
          .updateTable('stations')
          .set({ deleted: 1, version, updated_at: now })
          .where('id', '=', id)
          .where('deleted', '=', 0)
          .executeTakeFirst();
        return Number(result.numUpdatedRows) > 0 ? version : undefined;
      });
    },
  };
}

/** Data access for stations, one object over one connection (the database or a transaction). */
export function createStationsRepository(db: StationsDb) {
  return { ...stationVersions(db), ...stationRecords(db), ...stationWrites(db) };
}

export type StationsRepository = ReturnType<typeof createStationsRepository>;
