/**
 * Data access for fuel prices (migration 009): the history of every imported price and the
 * current price per station and grade. Prices are integer thousandths of the currency.
 */
import type { FuelGrade, FuelPrice } from '#shared/fuel-prices';
import type { StationCountry } from '#shared/stations';
import type { StationsDb } from './station-tables';
import type { FuelPricesTable } from './station-tables';

/** One price as stored: the key (station, grade, set at) and its value. */
export interface StoredPrice {
  stationId: string;
  grade: FuelGrade;
  /** ISO 8601 UTC (`toISOString()`). */
  setAt: string;
  priceMilli: number;
  currency: string;
}

const CHUNK = 400;

/** The row of a price in the current table (a history row adds when it came). */
function priceRow(price: StoredPrice): Omit<FuelPricesTable, 'live_version'> {
  return {
    station_id: price.stationId,
    grade: price.grade,
    set_at: price.setAt,
    price_milli: price.priceMilli,
    currency: price.currency,
  };
}

function toFuelPrice(row: { grade: string; price_milli: number; set_at: string }): FuelPrice {
  return { grade: row.grade as FuelGrade, price: Number(row.price_milli) / 1000, setAt: row.set_at };
}

function group(rows: Array<{ station_id: string; grade: string; price_milli: number; set_at: string }>) {
  const byStation = new Map<string, FuelPrice[]>();
  for (const row of rows) {
    const list = byStation.get(row.station_id) ?? [];
    list.push(toFuelPrice(row));
    byStation.set(row.station_id, list);
  }
  return byStation;
}

/** Reading prices: current ones for a list or a delta, stored ones an import compares with, a history. */
function priceReads(db: StationsDb) {
  return {
    /** Current prices of these stations, by station id (grades in the order of their names). */
    /** Whether any price was ever stored (the seed fills an empty history only). */
    async hasHistory(): Promise<boolean> {
      return (await db.selectFrom('fuel_price_history').select('station_id').limit(1).executeTakeFirst()) !== undefined;
    },

    async currentFor(stationIds: readonly string[]): Promise<Map<string, FuelPrice[]>> {
      const rows: Array<{ station_id: string; grade: string; price_milli: number; set_at: string }> = [];
      for (let start = 0; start < stationIds.length; start += CHUNK) {
        rows.push(
          ...(await db
            .selectFrom('fuel_prices')
            .select(['station_id', 'grade', 'price_milli', 'set_at'])
            .where('station_id', 'in', stationIds.slice(start, start + CHUNK))
            .orderBy('station_id')
            .orderBy('grade')
            .execute()),
        );
      }
      return group(rows);
    },

    /** Current prices of a country's stations changed after `since` (all live ones at 0). */
    async currentForChanges(country: StationCountry, since: number): Promise<Map<string, FuelPrice[]>> {
      const rows = await db
        .selectFrom('fuel_prices')
        .innerJoin('stations', 'stations.id', 'fuel_prices.station_id')
        .select(['fuel_prices.station_id', 'fuel_prices.grade', 'fuel_prices.price_milli', 'fuel_prices.set_at'])
        .where('stations.country', '=', country)
        .where('stations.version', '>', since)
        .where('stations.deleted', '=', 0)
        .orderBy('fuel_prices.station_id')
        .orderBy('fuel_prices.grade')
        .execute();
      return group(rows);
    },

    /** The history rows with these keys (station, grade, set at) that exist already. */
    async existing(prices: readonly StoredPrice[]): Promise<Map<string, number>> {
      const found = new Map<string, number>();
      for (let start = 0; start < prices.length; start += CHUNK) {
        const chunk = prices.slice(start, start + CHUNK);
        const rows = await db
          .selectFrom('fuel_price_history')
          .select(['station_id', 'grade', 'set_at', 'price_milli'])
          .where('station_id', 'in', [...new Set(chunk.map((price) => price.stationId))])
          .where('set_at', 'in', [...new Set(chunk.map((price) => price.setAt))])
          .execute();
        for (const row of rows) found.set(priceKey(row.station_id, row.grade, row.set_at), Number(row.price_milli));
      }
      return found;
    },

    /** A station's price history, newest first (for the operators' checks and tests). */
    async history(stationId: string, grade: FuelGrade): Promise<Array<{ setAt: string; price: number }>> {
      const rows = await db
        .selectFrom('fuel_price_history')
        .select(['set_at', 'price_milli'])
        .where('station_id', '=', stationId)
        .where('grade', '=', grade)
        .orderBy('set_at', 'desc')
        .execute();
      return rows.map((row) => ({ setAt: row.set_at, price: Number(row.price_milli) / 1000 }));
    },
  };
}

/** Writing prices: history rows, and the current price of a grade when newer. */
function priceWrites(db: StationsDb) {
  return {
    /**
     * Adds the history rows that are not stored yet and gives the keys (priceKey) of those
     * it added. One statement per chunk with ON CONFLICT DO NOTHING: an import running at
     * the same time (PostgreSQL) that adds the same row first makes this one skip it
     * instead of failing on the key (issue 27, finding 7). Sorted, so that two imports
     * take the rows' locks in the same order.
     */
    async insertHistory(prices: readonly StoredPrice[], receivedAt: string): Promise<Set<string>> {
      const added = new Set<string>();
      const sorted = [...prices].sort(byKey);
      for (let start = 0; start < sorted.length; start += CHUNK / 2) {
        const rows = await db
          .insertInto('fuel_price_history')
          .values(
            sorted.slice(start, start + CHUNK / 2).map((price) => ({ ...priceRow(price), received_at: receivedAt })),
          )
          .onConflict((conflict) => conflict.columns(['station_id', 'grade', 'set_at']).doNothing())
          .returning(['station_id', 'grade', 'set_at'])
          .execute();
        for (const row of rows) added.add(priceKey(row.station_id, row.grade, row.set_at));
      }
      return added;
    },

    /** Current prices for (station, grade) pairs that have none yet (the seed). */
    async insertCurrent(prices: readonly StoredPrice[]): Promise<void> {
      for (let start = 0; start < prices.length; start += CHUNK / 2) {
        await db
          .insertInto('fuel_prices')
          .values(prices.slice(start, start + CHUNK / 2).map(priceRow))
          .execute();
      }
    },

    /**
     * Makes each of these the current price of its (station, grade) unless a newer one is
     * current, and gives those that became current. One conditional upsert per price, so
     * that of two imports at once the newer price wins whatever their order (a read, then
     * an update, let an older one win under PostgreSQL: issue 27, finding 7). Each row
     * written gets `liveVersion`, so the live channel's delta carries it.
     */
    async setCurrentIfNewer(prices: readonly StoredPrice[], liveVersion: number): Promise<StoredPrice[]> {
      const changed: StoredPrice[] = [];
      for (const price of [...prices].sort(byKey)) {
        // The live version stamps the change for the live channel's delta (migration 020).
        const row = { ...priceRow(price), live_version: liveVersion };
        const { station_id: _station, grade: _grade, ...values } = row;
        const written = await db
          .insertInto('fuel_prices')
          .values(row)
          .onConflict((conflict) =>
            conflict
              .columns(['station_id', 'grade'])
              .doUpdateSet(values)
              .whereRef('fuel_prices.set_at', '<', 'excluded.set_at'),
          )
          .returning('station_id')
          .executeTakeFirst();
        if (written) changed.push(price);
      }
      return changed;
    },
  };
}

/** Fuel prices of stations: the history and the current price of each grade, over one connection. */
export function createFuelPricesRepository(db: StationsDb) {
  return { ...priceReads(db), ...priceWrites(db) };
}

export function priceKey(stationId: string, grade: string, setAt: string): string {
  return `${stationId}|${grade}|${setAt}`;
}

const byKey = (a: StoredPrice, b: StoredPrice) => {
  const left = priceKey(a.stationId, a.grade, a.setAt);
  const right = priceKey(b.stationId, b.grade, b.setAt);
  return left < right ? -1 : left > right ? 1 : 0;
};
