/**
 * The station list entry's shape check without zod, for the browser's station sync (zod
 * stays off the locator's and the landing page's scripts). `isStationSummary` re-states
 * stationSummarySchema (stations.ts) field by field; station-guards.test.ts checks with
 * generated values that guard and schema accept and refuse the same inputs. Extra fields
 * pass, as they pass a zod object.
 */
import { CONNECTOR_STANDARDS, EVSE_STATUSES } from './charge-points';
import { FUEL_GRADES } from './fuel-prices';
import { SERVICE_CODES, STATION_COUNTRIES } from './station-constants';
import type { StationSummaryInput } from './stations';

type Fields = Record<string, unknown>;

const isObject = (value: unknown): value is Fields =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isString = (value: unknown): value is string => typeof value === 'string';
/** z.number(): a finite number. */
const isNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);
const inRange = (value: unknown, min: number, max: number) => isNumber(value) && value >= min && value <= max;
const isPositive = (value: unknown) => isNumber(value) && value > 0;
const isNonNegative = (value: unknown) => isNumber(value) && value >= 0;
const oneOf = (values: readonly string[]) => (value: unknown) => isString(value) && values.includes(value);
const arrayOf = (value: unknown, item: (entry: unknown) => boolean) => Array.isArray(value) && value.every(item);
const optional = (value: unknown, check: (present: unknown) => boolean) => value === undefined || check(value);
const lengthWithin = (value: unknown, min: number, max: number) =>
  isString(value) && value.length >= min && value.length <= max;

const RANGES =
  /^(?:(?:[01]\d|2[0-4]):[0-5]\d-(?:[01]\d|2[0-4]):[0-5]\d)(?:,(?:[01]\d|2[0-4]):[0-5]\d-(?:[01]\d|2[0-4]):[0-5]\d)*$|^$/;
const DAY = /^\d{4}-\d{2}-\d{2}$/;
/** zod's `z.iso.datetime({ offset: true })`: a calendar date, seconds, Z or an offset. */
const INSTANT =
  /^(?:(?:\d\d[2468][048]|\d\d[13579][26]|\d\d0[48]|[02468][048]00|[13579][26]00)-02-29|\d{4}-(?:(?:0[13578]|1[02])-(?:0[1-9]|[12]\d|3[01])|(?:0[469]|11)-(?:0[1-9]|[12]\d|30)|(?:02)-(?:0[1-9]|1\d|2[0-8])))T(?:(?:[01]\d|2[0-3]):[0-5]\d:[0-5]\d(?:\.\d+)?(?:Z|([+-](?:[01]\d|2[0-3]):[0-5]\d)))$/;

const isRanges = (value: unknown) => isString(value) && RANGES.test(value);
const isInstant = (value: unknown) => isString(value) && INSTANT.test(value);

/** weeklyHoursSchema: seven days of ranges, and dated exceptions (absent: none). */
function isWeeklyHours(value: unknown): boolean {
  if (!isObject(value) || !Array.isArray(value.week) || value.week.length !== 7 || !value.week.every(isRanges))
    return false;
  const { exceptions } = value;
  if (exceptions === undefined) return true;
  return (
    isObject(exceptions) &&
    // A plain object, as z.record takes (with or without a prototype).
    [Object.prototype, null].includes(Object.getPrototypeOf(exceptions)) &&
    Object.entries(exceptions).every(([day, ranges]) => DAY.test(day) && isRanges(ranges))
  );
}

const isFuelPrice = (value: unknown) =>
  isObject(value) && oneOf(FUEL_GRADES)(value.grade) && isPositive(value.price) && isInstant(value.setAt);

const isConnector = (value: unknown) =>
  isObject(value) && oneOf(CONNECTOR_STANDARDS)(value.standard) && isPositive(value.kw);

const isTariff = (value: unknown) =>
  isObject(value) &&
  (['kwh', 'minute', 'session', 'parkingMinute'] as const).every((key) => optional(value[key], isNonNegative));

const isChargePoint = (value: unknown) =>
  isObject(value) &&
  lengthWithin(value.uid, 1, 36) &&
  optional(value.evseId, (id) => lengthWithin(id, 1, 48)) &&
  oneOf(EVSE_STATUSES)(value.status) &&
  isInstant(value.statusAt) &&
  Array.isArray(value.connectors) &&
  value.connectors.length > 0 &&
  value.connectors.every(isConnector) &&
  optional(value.tariff, isTariff) &&
  optional(value.tariffId, (id) => lengthWithin(id, 1, 36));

/** stationSummarySchema (its input: `exceptions` of hours may be absent). */
export function isStationSummary(value: unknown): value is StationSummaryInput {
  return (
    isObject(value) &&
    ['id', 'slug', 'name', 'address', 'postalCode', 'city'].every((key) => isString(value[key])) &&
    oneOf(STATION_COUNTRIES)(value.country) &&
    inRange(value.lat, -90, 90) &&
    inRange(value.lng, -180, 180) &&
    arrayOf(value.services, oneOf(SERVICE_CODES)) &&
    typeof value.express === 'boolean' &&
    (value.hours === null || isWeeklyHours(value.hours)) &&
    optional(value.phone, isString) &&
    optional(value.kitchenHours, isWeeklyHours) &&
    optional(value.lunchHours, isWeeklyHours) &&
    optional(value.prices, (prices) => arrayOf(prices, isFuelPrice)) &&
    optional(value.chargePoints, (points) => arrayOf(points, isChargePoint))
  );
}
