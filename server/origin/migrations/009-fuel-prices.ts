import type { Kysely } from 'kysely';

/**
 * Fuel prices per station and grade (docs/stations.md "Fuel prices"): every price ever
 * imported in `fuel_price_history` (one row per station, grade and the instant it was set,
 * so that pushing the same batch again stores nothing twice), and the newest of each in
 * `fuel_prices`, which the station list reads. Prices are integer thousandths of the
 * currency (1.899 € → 1899): exact, and the same in SQLite and PostgreSQL. Instants are
 * ISO 8601 UTC text (`toISOString()`), so text order is time order.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('fuel_price_history')
    .addColumn('station_id', 'text', (col) => col.notNull())
    .addColumn('grade', 'text', (col) => col.notNull())
    .addColumn('set_at', 'text', (col) => col.notNull())
    .addColumn('price_milli', 'integer', (col) => col.notNull())
    .addColumn('currency', 'text', (col) => col.notNull())
    .addColumn('received_at', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('fuel_price_history_pk', ['station_id', 'grade', 'set_at'])
    .execute();
  await db.schema
    .createTable('fuel_prices')
    .addColumn('station_id', 'text', (col) => col.notNull())
    .addColumn('grade', 'text', (col) => col.notNull())
    .addColumn('set_at', 'text', (col) => col.notNull())
    .addColumn('price_milli', 'integer', (col) => col.notNull())
    .addColumn('currency', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('fuel_prices_pk', ['station_id', 'grade'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('fuel_prices').execute();
  await db.schema.dropTable('fuel_price_history').execute();
}
