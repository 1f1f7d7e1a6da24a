/**
 * The stations domain's metrics (docs/operations.md "Metrics"): rows of the live-data
 * imports accepted and refused, and per country how old the newest fuel price and the
 * newest charger status are. A feed that stops pushing shows as an age that keeps growing,
 * long before a visitor notices stale prices. The ages are read from the database at each
 * scrape (two grouped queries); with several origins on one PostgreSQL each reports the
 * same ages.
 */
import { sql } from 'kysely';
import { Counter, Gauge, type Registry } from 'prom-client';
import type { StationsDb } from './station-tables';

export type ImportKind = 'fuel_prices' | 'charger_statuses' | 'tariffs';

export interface StationMetrics {
  importedRows(kind: ImportKind, result: 'accepted' | 'refused', rows: number): void;
}

/** Seconds from the newest ISO instant of each country to now. */
function agesByCountry(rows: ReadonlyArray<{ country: string; newest: string | null }>, now: number) {
  return rows
    .filter((row) => row.newest !== null)
    .map((row) => ({ country: row.country, age: Math.max(0, (now - Date.parse(row.newest!)) / 1000) }));
}

export function createStationMetrics(registry: Registry, db: StationsDb): StationMetrics {
  const rows = new Counter({
    name: 'st1_station_import_rows_total',
    help: 'Rows of the station data imports, by import and result (a refused batch stores none of its rows)',
    labelNames: ['import', 'result'] as const,
    registers: [registry],
  });
  for (const kind of ['fuel_prices', 'charger_statuses'] as const)
    for (const result of ['accepted', 'refused'] as const) rows.labels(kind, result).inc(0);

  new Gauge({
    name: 'st1_station_newest_fuel_price_age_seconds',
    help: 'Age of the newest current fuel price (its setAt) per country',
    labelNames: ['country'] as const,
    registers: [registry],
    async collect() {
      const found = await db
        .selectFrom('fuel_prices')
        .innerJoin('stations', 'stations.id', 'fuel_prices.station_id')
        .select(['stations.country as country', sql<string | null>`max(fuel_prices.set_at)`.as('newest')])
        .groupBy('stations.country')
        .execute();
      this.reset();
      for (const { country, age } of agesByCountry(found, Date.now())) this.labels(country).set(age);
    },
  });
  new Gauge({
    name: 'st1_station_newest_charger_status_age_seconds',
    help: 'Age of the newest charger status (its lastUpdated) per country',
    labelNames: ['country'] as const,
    registers: [registry],
    async collect() {
      const found = await db
        .selectFrom('charge_points')
        .innerJoin('stations', 'stations.id', 'charge_points.station_id')
        .select(['stations.country as country', sql<string | null>`max(charge_points.status_at)`.as('newest')])
        .groupBy('stations.country')
        .execute();
      this.reset();
      for (const { country, age } of agesByCountry(found, Date.now())) this.labels(country).set(age);
    },
  });

  return { importedRows: (kind, result, count) => rows.labels(kind, result).inc(count) };
}
