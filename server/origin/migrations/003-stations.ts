import type { Kysely } from 'kysely';

/**
 * Stations (docs/stations.md). `version` is a global counter, bumped on every change, so
 * that a browser holding version v asks for the rows with version > v (delta sync);
 * removed stations stay as tombstones (`deleted` 1) so that the delta can report them.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('stations')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('country', 'text', (col) => col.notNull())
    .addColumn('slug', 'text', (col) => col.notNull().unique())
    .addColumn('version', 'integer', (col) => col.notNull())
    .addColumn('deleted', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('record_json', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('stations_country_version').on('stations').columns(['country', 'version']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('stations').execute();
}
