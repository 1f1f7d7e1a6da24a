/**
 * Imports of live station data (docs/stations.md "Import API"): a batch of fuel prices
 * from a station system or price feed, and a batch of charge point statuses from a charge
 * point operator. Each batch is all or nothing: one refused row refuses the batch (422,
 * naming the rows and why), so a half-applied feed never shows. Both are idempotent:
 * pushing the same batch again changes nothing. Every row changed is stamped with the next
 * live version, taken in the same transaction (station-live-repository.ts), so the apps'
 * live-data channel carries the change, and the change alone (docs/stations.md "Two channels").
 */
import type { EvseStatus } from '#shared/charge-points';
import { implausiblePrice, type FuelGrade, type PriceCurrency } from '#shared/fuel-prices';
import { COUNTRY_INFO } from '#shared/locales';
import { HttpError } from '../../common/http-error';
import type { Repositories, UnitOfWork } from '../unit-of-work';
import type { StationsRepositories } from './stations-repositories';
import type { OcpiTariff } from '#shared/api/station-import';
import { implausibleTariff } from './charge-tariffs';
import { priceKey, type StoredPrice } from './fuel-prices-repository';
import { NO_CACHE_PURGES, type CachePurges } from '../outbox/cache-purges';
import { stationKey } from '#shared/surrogate-keys';

/**
 * Clocks disagree a little; a time further ahead than this is a feed's mistake and is
 * refused (`FUTURE_TIME`). A time ahead by less is taken as the moment the origin received
 * it (`effectiveInstant`), so that it never blocks the true value pushed after it
 * (docs/stations.md "Times ahead of the origin's clock").
 */
const FUTURE_TOLERANCE_MS = 5 * 60_000;
/** Refused rows listed in an answer at most (the count says how many there were). */
const LISTED_ROW_ERRORS = 50;

export interface PriceRow {
  station: string;
  grade: FuelGrade;
  price: number;
  currency: PriceCurrency;
  setAt: string;
}

export interface StatusRow {
  station: string;
  evseUid: string;
  status: EvseStatus;
  lastUpdated: string;
}

interface RowError {
  /** The row's index in the batch (0-based, as the JSON array). */
  row: number;
  code: string;
  message: string;
}

export interface PriceImportResult {
  received: number;
  /** New history rows. */
  stored: number;
  /** Rows already stored with the same price (a batch pushed again). */
  unchanged: number;
  /** Stations whose current price changed (their version was bumped). */
  stationsChanged: number;
  version: number | null;
}

export interface StatusImportResult {
  received: number;
  applied: number;
  /** Rows not newer than the status stored (out of order or repeated): left alone. */
  ignored: number;
  stationsChanged: number;
  version: number | null;
}

function refuse(kind: string, errors: RowError[]): never {
  const first = errors[0]!;
  const more = errors.length > 1 ? `; ${errors.length - 1} more row(s) refused` : '';
  throw new HttpError(422, first.code, `${kind} refused, nothing stored: row ${first.row}: ${first.message}${more}`, {
    details: { rows: errors.slice(0, LISTED_ROW_ERRORS), refusedRows: errors.length },
  });
}

const utc = (instant: string) => new Date(instant).toISOString();

/**
 * History rows another import stored between this one's read and its insert (PostgreSQL):
 * the same price is no change, another one a refusal (history is not rewritten).
 */
async function settleRaced(
  prices: StationsRepositories['fuelPrices'],
  raced: ReadonlyArray<StoredPrice & { row: number }>,
): Promise<{ unchanged: number; errors: RowError[] }> {
  const stored = await prices.existing(raced);
  const errors: RowError[] = [];
  let unchanged = 0;
  for (const price of raced) {
    const storedMilli = stored.get(priceKey(price.stationId, price.grade, price.setAt));
    if (storedMilli === price.priceMilli) unchanged += 1;
    else
      errors.push({
        row: price.row,
        code: 'CONFLICTING_PRICE',
        message: `${price.stationId} ${price.grade}: a price of ${Number(storedMilli) / 1000} set at ${price.setAt} is stored already; history is not rewritten`,
      });
  }
  return { unchanged, errors };
}

/** The newest price of each (station, grade) among these. */
function newestPerGrade(rows: readonly StoredPrice[]): StoredPrice[] {
  const newest = new Map<string, StoredPrice>();
  for (const price of rows) {
    const key = `${price.stationId}|${price.grade}`;
    const best = newest.get(key);
    if (!best || price.setAt > best.setAt) newest.set(key, price);
  }
  return [...newest.values()];
}

/**
 * Stations whose live data changed: a purge of exactly their pages from the caches in
 * front, queued in the same transaction (docs/stations.md "Import API"); the caller sends
 * it once the transaction committed. Their records keep their version: the change travels
 * in the live channel, stamped with the live version the import took.
 */
async function purgeChanged(tx: Repositories, stationIds: string[], purges: CachePurges | undefined): Promise<void> {
  await (purges ?? NO_CACHE_PURGES).enqueue(tx.outbox.messages, stationIds.map(stationKey));
}

/**
 * The instant a reported time counts as when it is compared with the stored one: the
 * reported time, or the origin's clock when the report is ahead of it. A status reported
 * 4 minutes "in the future" would otherwise hide every true status of those 4 minutes.
 */
function effectiveInstant(reported: string, receivedAt: Date): string {
  return Date.parse(reported) > receivedAt.getTime() ? receivedAt.toISOString() : utc(reported);
}

const aheadOfClock = (reported: string, now: Date) => Date.parse(reported) > now.getTime() + FUTURE_TOLERANCE_MS;

/**
 * The current price of a grade is its newest: an older row (out of order) only adds
 * history (which keeps the reported time). The batch's newest row per grade is compared
 * with the stored current price by its effective instant (a time ahead of the clock counts
 * as now), in the database, so that concurrent imports keep the newest. The prices that
 * became current take the next live version.
 */
async function setCurrentPrices(
  tx: Repositories,
  storedRows: readonly StoredPrice[],
  now: Date,
  purges: CachePurges | undefined,
): Promise<{ changedStations: string[]; version: number | null }> {
  const newest = newestPerGrade(storedRows);
  const liveVersion = newest.length > 0 ? await tx.stations.live.next() : 0;
  const changes = await tx.stations.fuelPrices.setCurrentIfNewer(
    newest.map((price) => ({ ...price, setAt: effectiveInstant(price.setAt, now) })),
    liveVersion,
  );
  const changedStations = [...new Set(changes.map((price) => price.stationId))];
  await purgeChanged(tx, changedStations, purges);
  return { changedStations, version: changes.length > 0 ? liveVersion : null };
}

/** Imports a batch of fuel prices (see the module comment). */
export async function importFuelPrices(
  transaction: UnitOfWork['transaction'],
  rows: readonly PriceRow[],
  now = new Date(),
  purges?: CachePurges,
): Promise<PriceImportResult> {
  const receivedAt = now.toISOString();
  return transaction(async (tx) => {
    const stations = await tx.stations.stations.findByIds([...new Set(rows.map((row) => row.station))]);
    const prices = tx.stations.fuelPrices;
    const errors: RowError[] = [];
    const candidates: Array<StoredPrice & { row: number }> = [];
    const inBatch = new Map<string, number>();
    rows.forEach((row, index) => {
      const refuseRow = (code: string, message: string) =>
        errors.push({ row: index, code, message: `${row.station} ${row.grade}: ${message}` });
      const station = stations.get(row.station);
      if (!station) return refuseRow('UNKNOWN_STATION', 'no such station');
      const currency = COUNTRY_INFO[station.country].currency;
      if (row.currency !== currency)
        return refuseRow(
          'WRONG_CURRENCY',
          `prices at ${station.country} stations are in ${currency}, not ${row.currency}`,
        );
      if (!station.services.includes(row.grade))
        return refuseRow('GRADE_NOT_SOLD', 'the station does not sell this grade');
      const implausible = implausiblePrice(row.price, currency);
      if (implausible) return refuseRow('IMPLAUSIBLE_PRICE', implausible);
      if (aheadOfClock(row.setAt, now))
        return refuseRow('FUTURE_TIME', `setAt ${row.setAt} is more than 5 minutes ahead of the origin's clock`);
      const setAt = utc(row.setAt);
      const priceMilli = Math.round(row.price * 1000);
      const key = priceKey(row.station, row.grade, setAt);
      const earlier = inBatch.get(key);
      if (earlier !== undefined && earlier !== priceMilli)
        return refuseRow('CONFLICTING_PRICE', `two prices set at ${setAt} in one batch`);
      inBatch.set(key, priceMilli);
      candidates.push({ row: index, stationId: row.station, grade: row.grade, setAt, priceMilli, currency });
    });
    if (errors.length > 0) refuse('Price import', errors);

    const existing = await prices.existing(candidates);
    const fresh = new Map<string, StoredPrice & { row: number }>();
    let unchanged = 0;
    for (const candidate of candidates) {
      const key = priceKey(candidate.stationId, candidate.grade, candidate.setAt);
      const stored = existing.get(key);
      if (stored === undefined) fresh.set(key, candidate);
      else if (stored === candidate.priceMilli) unchanged += 1;
      else
        errors.push({
          row: candidate.row,
          code: 'CONFLICTING_PRICE',
          message: `${candidate.stationId} ${candidate.grade}: a price of ${stored / 1000} set at ${candidate.setAt} is stored already; history is not rewritten`,
        });
    }
    if (errors.length > 0) refuse('Price import', errors);
    const newRows = [...fresh.values()];
    const added = await prices.insertHistory(newRows, receivedAt);
    // Rows another import stored meanwhile (PostgreSQL): the same price is no change, another is refused.
    const raced = newRows.filter((price) => !added.has(priceKey(price.stationId, price.grade, price.setAt)));
    if (raced.length > 0) {
      const settled = await settleRaced(prices, raced);
      if (settled.errors.length > 0) refuse('Price import', settled.errors);
      unchanged += settled.unchanged;
    }
    const storedRows = newRows.filter((price) => added.has(priceKey(price.stationId, price.grade, price.setAt)));
    const { changedStations, version } = await setCurrentPrices(tx, storedRows, now, purges);
    return {
      received: rows.length,
      stored: storedRows.length,
      unchanged,
      stationsChanged: changedStations.length,
      version,
    };
  });
}

/** Imports a batch of charge point statuses (see the module comment). */
export async function importChargerStatuses(
  transaction: UnitOfWork['transaction'],
  rows: readonly StatusRow[],
  now = new Date(),
  purges?: CachePurges,
): Promise<StatusImportResult> {
  const nowText = now.toISOString();
  return transaction(async (tx) => {
    const points = tx.stations.chargePoints;
    const known = await points.statusesOf([...new Set(rows.map((row) => row.station))]);
    const errors: RowError[] = [];
    rows.forEach((row, index) => {
      const refuseRow = (code: string, message: string) =>
        errors.push({ row: index, code, message: `${row.station} ${row.evseUid}: ${message}` });
      if (!known.has(`${row.station}|${row.evseUid}`))
        return refuseRow('UNKNOWN_EVSE', 'no such charge point at this station');
      if (aheadOfClock(row.lastUpdated, now))
        refuseRow('FUTURE_TIME', `lastUpdated ${row.lastUpdated} is more than 5 minutes ahead of the origin's clock`);
    });
    if (errors.length > 0) refuse('Status import', errors);

    // Within a batch the newest report of a charger wins, whatever the row order (by the
    // reported times); the others count as ignored.
    const newestInBatch = new Map<string, StatusRow>();
    for (const row of rows) {
      const key = `${row.station}|${row.evseUid}`;
      const best = newestInBatch.get(key);
      if (!best || Date.parse(row.lastUpdated) > Date.parse(best.lastUpdated)) newestInBatch.set(key, row);
    }
    let applied = 0;
    let ignored = rows.length - newestInBatch.size;
    const changedStations = new Set<string>();
    // Reports newer than the stored status; the others are ignored without taking a version.
    const newer = [...newestInBatch].filter(
      ([key, row]) => effectiveInstant(row.lastUpdated, now) > known.get(key)!.statusAt,
    );
    ignored += newestInBatch.size - newer.length;
    const liveVersion = newer.length > 0 ? await tx.stations.live.next() : 0;
    for (const [key, row] of newer) {
      const at = effectiveInstant(row.lastUpdated, now);
      if (!(await points.setStatusIfNewer(row.station, row.evseUid, row.status, at, nowText, liveVersion))) {
        ignored += 1; // a newer status came meanwhile (another import at the same time)
        continue;
      }
      known.set(key, { status: row.status, statusAt: at });
      changedStations.add(row.station);
      applied += 1;
    }
    await purgeChanged(tx, [...changedStations], purges);
    const version = applied > 0 ? liveVersion : null;
    return { received: rows.length, applied, ignored, stationsChanged: changedStations.size, version };
  });
}

export interface TariffImportResult {
  received: number;
  applied: number;
  /** Tariffs not newer than the stored one (by `last_updated`): left alone. */
  ignored: number;
  stationsChanged: number;
  version: number | null;
}

/**
 * Imports OCPI 2.2.1 Tariff objects (docs/stations.md "Charging prices"): all or nothing as
 * the other imports; a tariff whose `last_updated` is not newer than the stored one is
 * ignored (so a batch pushed again changes nothing); a changed tariff gets the next live
 * version, so the apps' live-data channel carries it to every charger using it.
 */
export async function importTariffs(
  transaction: UnitOfWork['transaction'],
  tariffs: readonly OcpiTariff[],
  now = new Date(),
  purges?: CachePurges,
): Promise<TariffImportResult> {
  const errors: RowError[] = [];
  const seen = new Set<string>();
  tariffs.forEach((tariff, index) => {
    const refuseRow = (code: string, message: string) =>
      errors.push({ row: index, code, message: `tariff ${tariff.id}: ${message}` });
    const currency = COUNTRY_INFO[tariff.country_code].currency;
    if (tariff.currency !== currency)
      return refuseRow(
        'WRONG_CURRENCY',
        `tariffs in ${tariff.country_code} are in ${currency}, not ${tariff.currency}`,
      );
    const implausible = implausibleTariff(tariff);
    if (implausible) return refuseRow('IMPLAUSIBLE_PRICE', implausible);
    if (aheadOfClock(tariff.last_updated, now))
      return refuseRow(
        'FUTURE_TIME',
        `last_updated ${tariff.last_updated} is more than 5 minutes ahead of the origin's clock`,
      );
    if (seen.has(tariff.id)) return refuseRow('CONFLICTING_PRICE', 'the same tariff twice in one batch');
    seen.add(tariff.id);
  });
  if (errors.length > 0) refuse('Tariff import', errors);
  return transaction(async (tx) => {
    const repository = tx.stations.chargeTariffs;
    const stored = await repository.lastUpdated(tariffs.map((tariff) => tariff.id));
    const newer = tariffs.filter((tariff) => {
      const before = stored.get(tariff.id);
      return before === undefined || effectiveInstant(tariff.last_updated, now) > before;
    });
    // The tariff row travels in the live channel (one row, whatever the chargers using it).
    const liveVersion = newer.length > 0 ? await tx.stations.live.next() : 0;
    const changed = new Set<string>();
    for (const tariff of newer) {
      await repository.put(tariff, effectiveInstant(tariff.last_updated, now), now.toISOString(), liveVersion);
      changed.add(tariff.id);
    }
    const stations = await tx.stations.chargePoints.stationsUsingTariffs(changed);
    await purgeChanged(tx, stations, purges);
    const version = changed.size > 0 ? liveVersion : null;
    return {
      received: tariffs.length,
      applied: changed.size,
      ignored: tariffs.length - changed.size,
      stationsChanged: stations.length,
      version,
    };
  });
}
