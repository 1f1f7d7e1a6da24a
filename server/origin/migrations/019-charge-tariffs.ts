import type { Kysely } from 'kysely';

/**
 * Charging tariffs after OCPI 2.2.1's Tariffs module (docs/stations.md "Charging prices"):
 * one row per tariff id, the OCPI Tariff object as pushed (`tariff_json`), its currency and
 * country, and its `last_updated` (ISO 8601 UTC text), which decides whether a later push is
 * newer. Connectors name their tariffs in `tariff_ids` inside `charge_points.connectors_json`.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('charge_tariffs')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('country', 'text', (col) => col.notNull())
    .addColumn('currency', 'text', (col) => col.notNull())
    .addColumn('tariff_json', 'text', (col) => col.notNull())
    .addColumn('last_updated', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('charge_tariffs').execute();
}
