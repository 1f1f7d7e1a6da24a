import { sql, type Kysely } from 'kysely';

/**
 * The live-data channel's own cursor (docs/stations.md "Two channels"): a second counter
 * beside the station version in the one row of `station_dataset`, and on every live row
 * (current fuel prices, charge points' statuses, tariffs) the live version of its last
 * change. An import takes the next live version (`update … returning`, the row lock held
 * until commit, as for the station version) and stamps the rows it changed, so the live
 * delta is `live_version > since` and no station record is touched by a price or a status.
 * Rows stored before (and the seed's) keep 0: they travel in the full live list only.
 */
const LIVE_TABLES = ['fuel_prices', 'charge_points', 'charge_tariffs'] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('station_dataset')
    .addColumn('live_version', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
  // Version 1 is "everything stored before any import": a full answer names it, so an app
  // that has it asks `since=1` (a conditional request, 304 while nothing changes) instead
  // of `since=0`, which always means "the full list".
  await sql`update station_dataset set live_version = 1`.execute(db);
  for (const table of LIVE_TABLES) {
    await db.schema
      .alterTable(table)
      .addColumn('live_version', 'integer', (col) => col.notNull().defaultTo(0))
      .execute();
    await db.schema.createIndex(`${table}_live_version`).on(table).column('live_version').execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of LIVE_TABLES) {
    await db.schema.dropIndex(`${table}_live_version`).execute();
    await db.schema.alterTable(table).dropColumn('live_version').execute();
  }
  await db.schema.alterTable('station_dataset').dropColumn('live_version').execute();
}
