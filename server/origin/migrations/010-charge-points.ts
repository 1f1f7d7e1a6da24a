import type { Kysely } from 'kysely';

/**
 * EV charge points (EVSEs) per station, after OCPI 2.2.1's Locations / EVSE / Connector
 * (docs/stations.md "EV charging"): the station is the Location, `uid` the EVSE's uid,
 * `evse_id` its printed eMI3 id, `connectors_json` its connectors in OCPI's fields
 * (id, standard, format, power_type, max_electric_power in W), and the last status with
 * the instant it was reported (`status_at`, OCPI `last_updated`, ISO 8601 UTC text), which
 * decides whether a later update is newer (an older one is ignored).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('charge_points')
    .addColumn('station_id', 'text', (col) => col.notNull())
    .addColumn('uid', 'text', (col) => col.notNull())
    .addColumn('evse_id', 'text')
    .addColumn('connectors_json', 'text', (col) => col.notNull())
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('status_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('charge_points_pk', ['station_id', 'uid'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('charge_points').execute();
}
