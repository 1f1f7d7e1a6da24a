import { sql, type Kysely } from 'kysely';

/**
 * The station version counter (docs/stations.md "Versions"): the one row of
 * `station_dataset` gets the last version handed out. A writer takes the next number with
 * `update … set version = version + 1 returning version` inside its transaction; on
 * PostgreSQL that row lock is held until commit, so two writers can neither take the same
 * number nor commit out of order (which `max(version) + 1` allowed: a delta sync between
 * the two commits missed the lower one).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('station_dataset')
    .addColumn('version', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
  await sql`update station_dataset set version = (select coalesce(max(version), 0) from stations)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('station_dataset').dropColumn('version').execute();
}
