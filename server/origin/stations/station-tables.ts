/** Table types of the stations domain: migrations 003/008/013 (stations), 009 (fuel prices), 010 (charge points). */
import type { Generated, Kysely, Transaction } from 'kysely';

export interface StationsTable {
  id: string;
  country: string;
  slug: string;
  version: number;
  deleted: number;
  record_json: string;
  updated_at: string;
}

/** One row: the id of this database's station history (migration 008) and the last version taken (013). */
interface StationDatasetTable {
  id: string;
  version: number;
  /** The last live version taken (migration 020): the live-data channel's cursor. */
  live_version: number;
}

/** Migration 009: every imported price, and the current price per station and grade. */
interface FuelPriceHistoryTable {
  station_id: string;
  grade: string;
  set_at: string;
  price_milli: number;
  currency: string;
  received_at: string;
}

export interface FuelPricesTable {
  station_id: string;
  grade: string;
  set_at: string;
  price_milli: number;
  currency: string;
  /** The live version of the last change (migration 020; 0: before it). */
  live_version: Generated<number>;
}

/** Migration 010. */
export interface ChargePointsTable {
  station_id: string;
  uid: string;
  evse_id: string | null;
  connectors_json: string;
  status: string;
  status_at: string;
  updated_at: string;
  /** The live version of the last status change (migration 020; 0: before it). */
  live_version: Generated<number>;
}

interface ChargeTariffsTable {
  id: string;
  country: string;
  currency: string;
  tariff_json: string;
  last_updated: string;
  updated_at: string;
  /** The live version of the last change (migration 020; 0: before it). */
  live_version: Generated<number>;
}

export interface StationTables {
  stations: StationsTable;
  station_dataset: StationDatasetTable;
  fuel_price_history: FuelPriceHistoryTable;
  fuel_prices: FuelPricesTable;
  charge_points: ChargePointsTable;
  charge_tariffs: ChargeTariffsTable;
}

/**
 * What a stations repository is built on: the database or a transaction, typed with this
 * domain's tables only, so that naming another domain's table is a compile error.
 */
export type StationsDb = Kysely<StationTables> | Transaction<StationTables>;
