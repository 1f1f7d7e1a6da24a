/**
 * The stored record of a station from its two channels (docs/stations.md "Two channels"):
 * the facts (station-facts) and the live data (station-live) arrive and are versioned
 * apart, but the device keeps one record per station, which the locator and a station page
 * drawn offline read as before. Pure functions: station-db.ts applies them in a transaction.
 */
import type { ChargePoint, ChargeTariff } from '#shared/charge-points';
import type { FuelPrice } from '#shared/fuel-prices';
import type { StationSummary, WeeklyHours } from '#shared/stations';
import type { LiveList, LivePrice, LiveStatus, StationFacts } from '#shared/station-wire';

/** Tariffs by id: what the live channel last said each costs. */
export type Tariffs = Readonly<Record<string, ChargeTariff>>;

/** A charge point the live channel has not yet given a status: unknown, reported never. */
const NEVER = new Date(0).toISOString();

/** Hours as the schema reads them: absent exceptions are none. */
const withExceptions = (hours: WeeklyHours): WeeklyHours => ({ ...hours, exceptions: hours.exceptions ?? {} });

function priced(point: Omit<ChargePoint, 'tariff'>, tariffs: Tariffs): ChargePoint {
  const { tariffId } = point;
  const tariff = tariffId === undefined ? undefined : tariffs[tariffId];
  return { ...point, ...(tariff ? { tariff } : {}) };
}

/**
 * The record of a station's facts, keeping the live data held for it before (a facts delta
 * changes the name or the hours, not the prices): its prices, and each charge point's
 * status by uid.
 */
export function fromFacts(facts: StationFacts, held: StationSummary | undefined, tariffs: Tariffs): StationSummary {
  const { chargePoints, hours, kitchenHours, lunchHours, ...rest } = facts;
  const heldPoints = new Map(held?.chargePoints?.map((point) => [point.uid, point]));
  return {
    ...rest,
    hours: hours ? withExceptions(hours) : null,
    ...(kitchenHours ? { kitchenHours: withExceptions(kitchenHours) } : {}),
    ...(lunchHours ? { lunchHours: withExceptions(lunchHours) } : {}),
    ...(held?.prices && held.prices.length > 0 ? { prices: held.prices } : {}),
    ...(chargePoints && chargePoints.length > 0
      ? {
          chargePoints: chargePoints.map((point) => {
            const before = heldPoints.get(point.uid);
            return priced(
              { ...point, status: before?.status ?? 'UNKNOWN', statusAt: before?.statusAt ?? NEVER },
              tariffs,
            );
          }),
        }
      : {}),
  };
}

/** The live rows of one station. */
interface StationLiveRows {
  prices?: readonly LivePrice[];
  statuses?: readonly LiveStatus[];
}

const byGrade = (a: FuelPrice, b: FuelPrice) => (a.grade < b.grade ? -1 : a.grade > b.grade ? 1 : 0);

/**
 * A record with its live rows applied: a full live list replaces its prices (a grade not
 * in it is no longer priced), a delta replaces them grade by grade; statuses per charge
 * point by uid; every charge point priced by the tariffs now held.
 */
export function withLive(
  record: StationSummary,
  rows: StationLiveRows,
  full: boolean,
  tariffs: Tariffs,
): StationSummary {
  const prices = new Map(full ? [] : (record.prices ?? []).map((price) => [price.grade, price]));
  for (const { grade, price, setAt } of rows.prices ?? []) prices.set(grade, { grade, price, setAt });
  const statuses = new Map(rows.statuses?.map((row) => [row.uid, row]));
  const { prices: _prices, chargePoints, ...rest } = record;
  const nextPrices = [...prices.values()].sort(byGrade);
  return {
    ...rest,
    ...(nextPrices.length > 0 ? { prices: nextPrices } : {}),
    ...(chargePoints
      ? {
          chargePoints: chargePoints.map(({ tariff: _tariff, ...point }) => {
            const row = statuses.get(point.uid);
            return priced(row ? { ...point, status: row.status, statusAt: row.statusAt } : point, tariffs);
          }),
        }
      : {}),
  };
}

/** The live rows of an answer by station. */
export function liveRowsByStation(live: Pick<LiveList, 'prices' | 'statuses'>): Map<string, StationLiveRows> {
  const byStation = new Map<string, { prices: LivePrice[]; statuses: LiveStatus[] }>();
  const of = (station: string) => {
    let rows = byStation.get(station);
    if (!rows) byStation.set(station, (rows = { prices: [], statuses: [] }));
    return rows;
  };
  for (const price of live.prices) of(price.station).prices.push(price);
  for (const status of live.statuses) of(status.station).statuses.push(status);
  return byStation;
}

/** The tariffs held after a live answer: a full one's alone, else the held ones with the changed ones. */
export function tariffsAfter(held: Tariffs | undefined, live: Pick<LiveList, 'full' | 'tariffs'>): Tariffs {
  return {
    ...(live.full ? {} : held),
    ...Object.fromEntries(live.tariffs.map(({ id, tariff }) => [id, tariff])),
  };
}

/** Builds the records of a first sync (or a start over) one station at a time: full facts with full live data. */
export function fullRecordBuilder(
  live: Pick<LiveList, 'prices' | 'statuses' | 'tariffs'>,
): (station: StationFacts) => StationSummary {
  const tariffs = tariffsAfter(undefined, { full: true, tariffs: live.tariffs });
  const rows = liveRowsByStation(live);
  return (station) => withLive(fromFacts(station, undefined, tariffs), rows.get(station.id) ?? {}, true, tariffs);
}

/** The records of a first sync (or a start over): full facts with full live data. */
export function fullRecords(
  facts: readonly StationFacts[],
  live: Pick<LiveList, 'prices' | 'statuses' | 'tariffs'>,
): StationSummary[] {
  return facts.map(fullRecordBuilder(live));
}
