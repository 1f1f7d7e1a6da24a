/**
 * The compact wire forms of the two station channels (docs/stations.md "Two channels"):
 * the station facts (`cms-view/v1/station-facts`: name, address, hours, services, the
 * charge points' static data) and the live data (`cms-view/v1/station-live`: prices,
 * charger statuses, tariffs), each with its own version. The origin encodes, the browser
 * decodes before storing; `decode(encode(x))` is `x` (station-wire.test.ts, fast-check).
 *
 * What makes them small, against the keyed JSON of `cms-view/v1/stations`:
 * - tuples instead of objects (no key repeated per station or row);
 * - values many stations share (weekly hours, service lists, charge point models: plugs,
 *   printed id pattern, tariff) sent once in a table, the stations naming them by index;
 * - codes (grade, status, service, plug) as their index in the shared lists, which only
 *   ever grow at the end (FUEL_GRADES, EVSE_STATUSES, SERVICE_CODES, CONNECTOR_STANDARDS);
 * - prices as integer thousandths, coordinates as integer 1e-5 degrees (about a metre)
 *   counted from the station before, times as whole seconds before the answer's `base`;
 * - a name or slug made of the station's town and street (`St1 {c} {s}`, `{C}-{S}`) as
 *   its pattern's index;
 * - station ids `<country>-<nnnn>` as the difference from the previous one (1, 1, 1 … in
 *   a full list); a charge point by its model's index alone when its uid is
 *   `<station id>-<its place>` and its printed id follows the model's pattern
 *   (`FI*ST1*E{s}*{n}`); a uid as its number when it is `<station id>-<n>`;
 * - the country once, in the envelope.
 *
 * No zod: the browser bundle carries none. The decoders check every value they read and
 * leave out a row or station that does not fit (a station decoded here still passes
 * `isStationSummary` before it is stored), and throw on a broken envelope.
 */
import { CONNECTOR_STANDARDS, EVSE_STATUSES, type ChargeTariff, type EvseStatus } from './charge-points';
import { FUEL_GRADES, type FuelGrade } from './fuel-prices';
import { foldText } from './search-text';
import { SERVICE_CODES, STATION_COUNTRIES } from './station-constants';
import type { ServiceCode, StationCountry, WeeklyHours } from './stations';

// ---------------------------------------------------------------------------------------
// Facts

/** A charge point's static facts: which it is, its plugs and the tariff it is priced by. */
interface ChargePointFacts {
  uid: string;
  evseId?: string;
  connectors: Array<{ standard: (typeof CONNECTOR_STANDARDS)[number]; kw: number }>;
  tariffId?: string;
}

/** A station's facts: the list entry without live data. */
export interface StationFacts {
  id: string;
  slug: string;
  name: string;
  address: string;
  postalCode: string;
  city: string;
  country: StationCountry;
  lat: number;
  lng: number;
  services: ServiceCode[];
  express: boolean;
  hours: WeeklyHours | null;
  phone?: string;
  kitchenHours?: WeeklyHours;
  lunchHours?: WeeklyHours;
  chargePoints?: ChargePointFacts[];
}

/** The facts channel's answer, decoded. */
export interface FactsList {
  country: StationCountry;
  version: number;
  dataset?: string;
  full: boolean;
  stations: StationFacts[];
  removed: string[];
}

/**
 * A charge point: its model's index alone when its uid is `<station id>-<its place from 1>`
 * and its printed id follows the model's pattern; else [uid (its number when
 * `<station id>-<n>`), model index, printed id when no pattern gives it].
 */
type ChargePointWire = number | [number | string, number, string?];

/** What many charge points share: [connectors as [CONNECTOR_STANDARDS index, kW], printed id pattern or 0, tariff id or 0]. */
type ModelWire = [Array<[number, number]>, (string | 0)?, (string | 0)?];

/**
 * [id (its number's difference from the previous numbered station's when
 * `<country>-<nnnn>`), slug, name (each a text pattern's index, or as it is), address,
 * postal code, city, lat and lng × 1e5 (as the difference from the station before),
 * services index, express 1/0, hours index (-1: malformed), phone or 0, kitchen index
 * (-1: none), lunch index (-1: none), charge points]: trailing absent values left off.
 */
type FactsTuple = [
  number | string,
  number | string,
  number | string,
  string,
  string,
  string,
  number,
  number,
  number,
  0 | 1,
  number,
  (string | 0)?,
  number?,
  number?,
  ChargePointWire[]?,
];

interface FactsWire {
  country: StationCountry;
  version: number;
  dataset?: string;
  full: boolean;
  /** Weekly hours (opening, kitchen, lunch) the stations name by index. */
  hours: WeeklyHours[];
  /** Service lists as SERVICE_CODES indices. */
  services: number[][];
  /** Charge point models the charge points name by index. */
  models: ModelWire[];
  /** Name and slug patterns (`St1 {c} {s}`, `{C}-{S}`) the stations name by index. */
  texts: string[];
  stations: FactsTuple[];
  removed: string[];
}

/** Equal values once, in the order first met; `index` gives a value's place. */
function table<T>() {
  const values: T[] = [];
  const places = new Map<string, number>();
  return {
    values,
    index(value: T): number {
      const key = JSON.stringify(value);
      let place = places.get(key);
      if (place === undefined) {
        place = values.length;
        values.push(value);
        places.set(key, place);
      }
      return place;
    },
  };
}

const E5 = 100_000;

/** Drops trailing `undefined`s, so a tuple ends with its last present value. */
function trimmed<T extends unknown[]>(tuple: T): T {
  let end = tuple.length;
  while (end > 0 && tuple[end - 1] === undefined) end -= 1;
  return tuple.slice(0, end) as T;
}

const CANONICAL_NUMBER = /^(?:0|[1-9]\d{0,14})$/;

/** The number of `<station>-<n>` (n canonical), else the uid as it is. */
function shortUid(station: string, uid: string): number | string {
  const prefix = `${station}-`;
  if (!uid.startsWith(prefix)) return uid;
  const rest = uid.slice(prefix.length);
  return CANONICAL_NUMBER.test(rest) ? Number(rest) : uid;
}

const fullUid = (station: string, uid: number | string) => (typeof uid === 'number' ? `${station}-${uid}` : uid);

/**
 * Station ids `<country>-<number, at least 4 digits>` as the difference of their number
 * from the previous numbered one (sorted ids: 1, 1, 1 …), others as they are. One per
 * answer part, used in the order of the stations (or groups).
 */
function stationIds(country: StationCountry) {
  const prefix = `${country}-`;
  let previous = 0;
  return {
    encode(id: string): number | string {
      const rest = id.startsWith(prefix) ? id.slice(prefix.length) : '';
      const number = Number(rest);
      if (!/^\d{4,15}$/.test(rest) || String(number).padStart(4, '0') !== rest) return id;
      const difference = number - previous;
      previous = number;
      return difference;
    },
    decode(value: unknown): string | undefined {
      if (isString(value)) return value;
      if (!isInteger(value)) return undefined;
      previous += value;
      return previous >= 0 ? `${prefix}${String(previous).padStart(4, '0')}` : undefined;
    },
  };
}

/** A street address without its house number: `Turuntie` of `Turuntie 12 B`. */
const streetOf = (address: string) => address.replace(/\s+\d.*$/, '');
/** A text as in a slug: folded, runs of other characters as one hyphen. */
const slugOf = (text: string) =>
  foldText(text)
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');

/**
 * The values a station's name and slug are usually made of: its town and street, as
 * written ({c}, {s}) and as in a slug ({C}, {S}).
 */
function textTokens(city: string, address: string): Record<string, string> {
  const street = streetOf(address);
  return { '{c}': city, '{s}': street, '{C}': slugOf(city), '{S}': slugOf(street) };
}

const renderText = (pattern: string, tokens: Record<string, string>) =>
  pattern.replace(/\{[csCS]\}/g, (token) => tokens[token] ?? token);

/** A text's pattern over the tokens (longest value first), when rendering it gives the text back. */
function textPattern(text: string, tokens: Record<string, string>): string | undefined {
  let pattern = text;
  const byLength = Object.entries(tokens)
    .filter(([, value]) => value.length > 0)
    .sort(([, a], [, b]) => b.length - a.length);
  for (const [token, value] of byLength) pattern = pattern.replace(value, token);
  return pattern !== text && renderText(pattern, tokens) === text ? pattern : undefined;
}

/** The part of a station id a printed EVSE id repeats (`0001` of `FI-0001`). */
const stationCode = (id: string) => id.slice(id.indexOf('-') + 1);
// Replaced by functions: a replacement string would read `$&` and the like in the values.
const renderEvse = (pattern: string, code: string, number: string) =>
  pattern.replace('{s}', () => code).replace('{n}', () => number);

/** The pattern a printed id follows (`FI*ST1*E{s}*{n}`), when rendering it gives the id back. */
function evsePattern(evseId: string, code: string, uidNumber: string): string | undefined {
  let pattern = code ? evseId.replace(code, '{s}') : evseId;
  const at = uidNumber ? pattern.lastIndexOf(uidNumber) : -1;
  if (at >= 0) pattern = `${pattern.slice(0, at)}{n}${pattern.slice(at + uidNumber.length)}`;
  return renderEvse(pattern, code, uidNumber) === evseId ? pattern : undefined;
}

function encodeChargePoint(
  station: string,
  point: ChargePointFacts,
  place: number,
  models: ReturnType<typeof table<ModelWire>>,
): ChargePointWire {
  const uid = shortUid(station, point.uid);
  const pattern =
    point.evseId === undefined
      ? undefined
      : evsePattern(point.evseId, stationCode(station), typeof uid === 'number' ? String(uid) : '');
  const raw = point.evseId !== undefined && pattern === undefined ? point.evseId : undefined;
  const model = models.index(
    trimmed<ModelWire>([
      point.connectors.map((c) => [CONNECTOR_STANDARDS.indexOf(c.standard), c.kw]),
      pattern ?? (point.tariffId !== undefined ? 0 : undefined),
      point.tariffId,
    ]),
  );
  return uid === place + 1 && raw === undefined
    ? model
    : trimmed<[number | string, number, string?]>([uid, model, raw]);
}

export function encodeFacts(list: FactsList): FactsWire {
  const hours = table<WeeklyHours>();
  const services = table<number[]>();
  const models = table<ModelWire>();
  const texts = table<string>();
  const ids = stationIds(list.country);
  let lat = 0;
  let lng = 0;
  const text = (value: string, tokens: Record<string, string>) => {
    const pattern = textPattern(value, tokens);
    return pattern === undefined ? value : texts.index(pattern);
  };
  const stations = list.stations.map((station): FactsTuple => {
    const tokens = textTokens(station.city, station.address);
    const [latE5, lngE5] = [Math.round(station.lat * E5), Math.round(station.lng * E5)];
    const [dLat, dLng] = [latE5 - lat, lngE5 - lng];
    [lat, lng] = [latE5, lngE5];
    const points = station.chargePoints?.map((point, place) => encodeChargePoint(station.id, point, place, models));
    const kitchen = station.kitchenHours ? hours.index(station.kitchenHours) : undefined;
    const lunch = station.lunchHours ? hours.index(station.lunchHours) : undefined;
    const after = points ? 3 : lunch !== undefined ? 2 : kitchen !== undefined ? 1 : 0;
    return trimmed<FactsTuple>([
      ids.encode(station.id),
      text(station.slug, tokens),
      text(station.name, tokens),
      station.address,
      station.postalCode,
      station.city,
      dLat,
      dLng,
      services.index(station.services.map((code) => SERVICE_CODES.indexOf(code))),
      station.express ? 1 : 0,
      station.hours ? hours.index(station.hours) : -1,
      station.phone ?? (after > 0 ? 0 : undefined),
      kitchen ?? (after > 1 ? -1 : undefined),
      lunch ?? (after > 2 ? -1 : undefined),
      points,
    ]);
  });
  return {
    country: list.country,
    version: list.version,
    ...(list.dataset !== undefined ? { dataset: list.dataset } : {}),
    full: list.full,
    hours: hours.values,
    services: services.values,
    models: models.values,
    texts: texts.values,
    stations,
    removed: list.removed,
  };
}

type Fields = Record<string, unknown>;
const isObject = (value: unknown): value is Fields =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isString = (value: unknown): value is string => typeof value === 'string';
const isInteger = (value: unknown): value is number => Number.isSafeInteger(value);
const isNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);
const codeAt = <T>(codes: readonly T[], index: unknown): T | undefined => (isInteger(index) ? codes[index] : undefined);

/** The envelope both channels share; throws when it is not one of `country`. */
function envelope(value: unknown, country: StationCountry): Fields & { version: number; full: boolean } {
  if (
    !isObject(value) ||
    value.country !== country ||
    !(STATION_COUNTRIES as readonly string[]).includes(country) ||
    !isInteger(value.version) ||
    value.version < 0 ||
    typeof value.full !== 'boolean'
  )
    throw new Error('The station answer has an unexpected envelope');
  return value as Fields & { version: number; full: boolean };
}

const datasetOf = (value: Fields) => (isString(value.dataset) && value.dataset ? { dataset: value.dataset } : {});

/** A model as decoded: connectors, printed id pattern, tariff id. */
interface Model {
  connectors: ChargePointFacts['connectors'];
  pattern?: string;
  tariffId?: string;
}

function decodeModel(value: unknown): Model | undefined {
  if (!Array.isArray(value) || !Array.isArray(value[0])) return undefined;
  const [pairs, pattern, tariffId] = value as [unknown[], unknown, unknown];
  const connectors = pairs.map((pair) => {
    const [standard, kw] = Array.isArray(pair) ? (pair as unknown[]) : [];
    const code = codeAt(CONNECTOR_STANDARDS, standard);
    return code && isNumber(kw) ? { standard: code, kw } : undefined;
  });
  if (!connectors.every((item) => item !== undefined)) return undefined;
  if (!(pattern === undefined || pattern === 0 || isString(pattern))) return undefined;
  if (!(tariffId === undefined || tariffId === 0 || isString(tariffId))) return undefined;
  return { connectors, ...(isString(pattern) ? { pattern } : {}), ...(isString(tariffId) ? { tariffId } : {}) };
}

function decodeChargePoint(
  station: string,
  value: unknown,
  place: number,
  models: ReadonlyArray<Model | undefined>,
): ChargePointFacts | undefined {
  const [uid, modelIndex, raw] = isInteger(value)
    ? [place + 1, value, undefined]
    : Array.isArray(value)
      ? (value as unknown[])
      : [];
  const model = codeAt(models, modelIndex);
  if (!(isString(uid) || isInteger(uid)) || !model || !(raw === undefined || isString(raw))) return undefined;
  const evseId =
    raw ??
    (model.pattern !== undefined
      ? renderEvse(model.pattern, stationCode(station), isInteger(uid) ? String(uid) : '')
      : undefined);
  return {
    uid: fullUid(station, uid),
    ...(evseId !== undefined ? { evseId } : {}),
    connectors: model.connectors.map((connector) => ({ ...connector })),
    ...(model.tariffId !== undefined ? { tariffId: model.tariffId } : {}),
  };
}

/** What each station's values count from: the station before's id and position. */
interface Previous {
  ids: ReturnType<typeof stationIds>;
  lat: number;
  lng: number;
}

function decodeStation(
  tuple: unknown,
  country: StationCountry,
  previous: Previous,
  tables: {
    hours: readonly unknown[];
    services: ReadonlyArray<ServiceCode[] | undefined>;
    models: ReadonlyArray<Model | undefined>;
    texts: readonly unknown[];
  },
): StationFacts | undefined {
  if (!Array.isArray(tuple) || tuple.length < 11) return undefined;
  const [idValue, slugValue, nameValue, address, postalCode, city, dLat, dLng] = tuple as unknown[];
  const [, , , , , , , , services, express, hours, phone, kitchen, lunch, points] = tuple as unknown[];
  // Counted first and always: the next station's id and position count from this one's.
  const id = previous.ids.decode(idValue);
  if (!isInteger(dLat) || !isInteger(dLng)) return undefined;
  const [lat, lng] = [(previous.lat += dLat), (previous.lng += dLng)];
  if (id === undefined || ![address, postalCode, city].every(isString)) return undefined;
  const tokens = textTokens(city as string, address as string);
  const text = (value: unknown) => {
    const pattern = isInteger(value) ? tables.texts[value] : undefined;
    return isString(pattern) ? renderText(pattern, tokens) : isString(value) ? value : undefined;
  };
  const [slug, name] = [text(slugValue), text(nameValue)];
  if (slug === undefined || name === undefined) return undefined;
  const serviceList = codeAt(tables.services, services);
  const weekly = hours === -1 ? null : (codeAt(tables.hours, hours) as WeeklyHours | undefined);
  if (!serviceList || weekly === undefined || (express !== 0 && express !== 1)) return undefined;
  if (!(phone === undefined || phone === 0 || isString(phone))) return undefined;
  const kitchenHours = kitchen === undefined || kitchen === -1 ? undefined : codeAt(tables.hours, kitchen);
  const lunchHours = lunch === undefined || lunch === -1 ? undefined : codeAt(tables.hours, lunch);
  if (
    (kitchen !== undefined && kitchen !== -1 && !kitchenHours) ||
    (lunch !== undefined && lunch !== -1 && !lunchHours)
  )
    return undefined;
  if (points !== undefined && !Array.isArray(points)) return undefined;
  const chargePoints = (points as unknown[] | undefined)
    ?.map((point, place) => decodeChargePoint(id, point, place, tables.models))
    .filter((point) => point !== undefined);
  return {
    id,
    slug,
    name,
    address: address as string,
    postalCode: postalCode as string,
    city: city as string,
    country,
    lat: lat / E5,
    lng: lng / E5,
    services: [...serviceList],
    express: express === 1,
    hours: weekly,
    ...(isString(phone) ? { phone } : {}),
    ...(kitchenHours ? { kitchenHours: kitchenHours as WeeklyHours } : {}),
    ...(lunchHours ? { lunchHours: lunchHours as WeeklyHours } : {}),
    ...(chargePoints ? { chargePoints } : {}),
  };
}

/** The facts channel's answer as sent; throws on a broken envelope, leaves out stations that do not fit. */
export function decodeFacts(value: unknown, country: StationCountry): FactsList {
  const wire = envelope(value, country);
  const { hours, services, models, texts, stations, removed } = wire;
  if (![hours, services, models, texts, stations, removed].every(Array.isArray))
    throw new Error('The station facts answer has an unexpected shape');
  const serviceLists = (services as unknown[]).map((list) => {
    const codes = Array.isArray(list) ? list.map((index) => codeAt(SERVICE_CODES, index)) : [];
    return Array.isArray(list) && codes.every((code) => code !== undefined) ? codes : undefined;
  });
  const tables = {
    hours: hours as unknown[],
    services: serviceLists,
    models: (models as unknown[]).map(decodeModel),
    texts: texts as unknown[],
  };
  const previous: Previous = { ids: stationIds(country), lat: 0, lng: 0 };
  return {
    country,
    version: wire.version,
    ...datasetOf(wire),
    full: wire.full,
    stations: (stations as unknown[])
      .map((tuple) => decodeStation(tuple, country, previous, tables))
      .filter((station) => station !== undefined),
    removed: (removed as unknown[]).filter(isString),
  };
}

// ---------------------------------------------------------------------------------------
// Live data

export interface LivePrice {
  station: string;
  grade: FuelGrade;
  price: number;
  /** ISO 8601 UTC, whole seconds. */
  setAt: string;
}

export interface LiveStatus {
  station: string;
  uid: string;
  status: EvseStatus;
  /** ISO 8601 UTC, whole seconds. */
  statusAt: string;
}

/** The live channel's answer, decoded: current values (full) or those changed since a version. */
export interface LiveList {
  country: StationCountry;
  version: number;
  dataset?: string;
  full: boolean;
  prices: LivePrice[];
  statuses: LiveStatus[];
  tariffs: Array<{ id: string; tariff: ChargeTariff }>;
}

/**
 * A station's prices: [station, then per price: FUEL_GRADES index, price in thousandths,
 * seconds before base]. Consecutive rows of one station share one group (the id once).
 */
type PriceGroup = [number | string, ...number[]];
/**
 * A station's statuses: [station, then per charge point: uid (its number when
 * `<station>-<n>`), EVSE_STATUSES index, seconds before base], grouped as prices are.
 */
type StatusGroup = [number | string, ...Array<number | string>];
/** [id, per kWh, per minute, per session, per parking minute]: absent ones null, trailing ones left off. */
type TariffTuple = [string, ...Array<number | null>];

export interface LiveWire {
  country: StationCountry;
  version: number;
  dataset?: string;
  full: boolean;
  /** Epoch seconds the rows' times count back from. */
  base: number;
  prices: PriceGroup[];
  statuses: StatusGroup[];
  tariffs: TariffTuple[];
}

/**
 * Consecutive rows of one station in one group: [station, ...values of each row], the
 * station as stationIds gives it (a difference from the group before, when numbered).
 */
function grouped<R extends { station: string }, V>(
  country: StationCountry,
  rows: readonly R[],
  values: (row: R) => V[],
): Array<[number | string, ...V[]]> {
  const ids = stationIds(country);
  const groups: Array<[number | string, ...V[]]> = [];
  let station: string | undefined;
  let last: [number | string, ...V[]] | undefined;
  for (const row of rows) {
    if (!last || station !== row.station) {
      station = row.station;
      groups.push((last = [ids.encode(row.station)]));
    }
    last.push(...values(row));
  }
  return groups;
}

/** The rows of groups of `width` values after the station (a group that does not fit is left out whole). */
function ungrouped<R>(
  country: StationCountry,
  groups: unknown[],
  width: number,
  row: (station: string, values: unknown[]) => R | undefined,
): R[] {
  const ids = stationIds(country);
  const rows: R[] = [];
  for (const group of groups) {
    // The id first and always: the next group's counts from it.
    const station = Array.isArray(group) ? ids.decode(group[0]) : undefined;
    if (!Array.isArray(group) || station === undefined || (group.length - 1) % width !== 0) continue;
    for (let start = 1; start < group.length; start += width) {
      const decoded = row(station, group.slice(start, start + width));
      if (decoded) rows.push(decoded);
    }
  }
  return rows;
}

const TARIFF_FIELDS = ['kwh', 'minute', 'session', 'parkingMinute'] as const;
const seconds = (instant: string) => Math.floor(Date.parse(instant) / 1000);
const instantOf = (base: number, before: number) => new Date((base - before) * 1000).toISOString();

/** `base`: the epoch second the times count back from (the origin's clock: small numbers for recent times). */
export function encodeLive(list: LiveList, base: number): LiveWire {
  return {
    country: list.country,
    version: list.version,
    ...(list.dataset !== undefined ? { dataset: list.dataset } : {}),
    full: list.full,
    base,
    prices: grouped(list.country, list.prices, (row) => [
      FUEL_GRADES.indexOf(row.grade),
      Math.round(row.price * 1000),
      base - seconds(row.setAt),
    ]),
    statuses: grouped(list.country, list.statuses, (row) => [
      shortUid(row.station, row.uid),
      EVSE_STATUSES.indexOf(row.status),
      base - seconds(row.statusAt),
    ]),
    tariffs: list.tariffs.map(({ id, tariff }) => {
      const values = trimmed(TARIFF_FIELDS.map((field) => tariff[field]));
      return [id, ...values.map((value) => value ?? null)];
    }),
  };
}

function decodePrice(station: string, [grade, milli, before]: unknown[], base: number): LivePrice | undefined {
  const code = codeAt(FUEL_GRADES, grade);
  if (!code || !isInteger(milli) || milli <= 0 || !isInteger(before)) return undefined;
  return { station, grade: code, price: milli / 1000, setAt: instantOf(base, before) };
}

function decodeStatus(station: string, [uid, status, before]: unknown[], base: number): LiveStatus | undefined {
  const code = codeAt(EVSE_STATUSES, status);
  if (!(isString(uid) || isInteger(uid)) || !code || !isInteger(before)) return undefined;
  return { station, uid: fullUid(station, uid), status: code, statusAt: instantOf(base, before) };
}

function decodeTariff(tuple: unknown): { id: string; tariff: ChargeTariff } | undefined {
  if (!Array.isArray(tuple) || !isString(tuple[0]) || tuple.length > 1 + TARIFF_FIELDS.length) return undefined;
  const tariff: ChargeTariff = {};
  for (const [index, field] of TARIFF_FIELDS.entries()) {
    const value: unknown = tuple[index + 1];
    if (value === undefined || value === null) continue;
    if (!isNumber(value) || value < 0) return undefined;
    tariff[field] = value;
  }
  return { id: tuple[0], tariff };
}

/** The live channel's answer as sent; throws on a broken envelope, leaves out rows that do not fit. */
export function decodeLive(value: unknown, country: StationCountry): LiveList {
  const wire = envelope(value, country);
  const { base, prices, statuses, tariffs } = wire;
  if (!isInteger(base) || ![prices, statuses, tariffs].every(Array.isArray))
    throw new Error('The station live data answer has an unexpected shape');
  return {
    country,
    version: wire.version,
    ...datasetOf(wire),
    full: wire.full,
    prices: ungrouped(country, prices as unknown[], 3, (station, values) => decodePrice(station, values, base)),
    statuses: ungrouped(country, statuses as unknown[], 3, (station, values) => decodeStatus(station, values, base)),
    tariffs: (tariffs as unknown[]).map(decodeTariff).filter((row) => row !== undefined),
  };
}
