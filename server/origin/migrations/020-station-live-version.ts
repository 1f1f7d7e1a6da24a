import type { Kysely } from 'kysely';

/**
 * The live-data channel's own cursor (docs/stations.md "Two channels"): a second counter
 * beside the station version in the one row of `station_dataset`, and on every live row
 * (current fuel prices, charge points' statuses, tariffs) the live version of its last
 * change. An import takes the next live version (`update … returning`, the row lock held
 * until commit, as for the station version) and stamps the rows it changed, so the live
 * delta is `live_version > since` and no station record is touched by a price or a status.
 * Rows stored before keep 0: they travel in the full live list only, as everything at 0 did.
 */
const LIVE_TABLES = ['fuel_prices', 'charge_points', 'charge_tariffs'] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('station_dataset')
    .addColumn('live_version', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
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
