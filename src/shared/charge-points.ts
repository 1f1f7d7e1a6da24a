/**
 * EV charge points of a station, modelled on OCPI 2.2.1's Locations module
 * (https://github.com/ocpi/ocpi/blob/2.2.1/mod_locations.asciidoc): a station is a
 * Location, each charge point an EVSE with a `uid`, an optional `evse_id`, a `status` and
 * its connectors (`standard`, `max_electric_power`), so that a charge point operator's feed
 * maps onto it field by field. Shared by the origin (import, seed) and the browser
 * (station page, the locator's "fast charger available now").
 */

/** OCPI 2.2.1 EVSE Status values (mod_locations §8.4.22), all of them. */
export const EVSE_STATUSES = [
  'AVAILABLE',
  'BLOCKED',
  'CHARGING',
  'INOPERATIVE',
  'OUTOFORDER',
  'PLANNED',
  'REMOVED',
  'RESERVED',
  'UNKNOWN',
] as const;
export type EvseStatus = (typeof EVSE_STATUSES)[number];

/**
 * The OCPI ConnectorType values of the plugs sold here (mod_locations §8.4.7): CCS
 * (IEC_62196_T2_COMBO), CHAdeMO and Type 2 (IEC_62196_T2).
 */
export const CONNECTOR_STANDARDS = ['IEC_62196_T2_COMBO', 'CHADEMO', 'IEC_62196_T2'] as const;
export type ConnectorStandard = (typeof CONNECTOR_STANDARDS)[number];

/** A connector as the list carries it: its plug and its power in kW (OCPI gives watts). */
interface ChargeConnector {
  standard: ConnectorStandard;
  kw: number;
}

/**
 * What charging costs at a charge point, from its OCPI 2.2.1 Tariff (mod_tariffs): the
 * prices a driver pays, VAT included, in the station's currency. Each is present only when
 * the tariff has that price component: ENERGY per kWh, TIME per minute of charging, FLAT
 * per session, PARKING_TIME per minute parked (OCPI gives both times per hour).
 */
export interface ChargeTariff {
  kwh?: number;
  minute?: number;
  session?: number;
  parkingMinute?: number;
}

/** The battery and charge of the cost estimate shown with a tariff (docs/stations.md "Charging prices"). */
const ESTIMATE = { batteryKwh: 60, from: 0.2, to: 0.8 } as const;

/**
 * The estimated cost and time of charging a 60 kWh battery from 20 to 80 % (36 kWh) at a
 * charge point: energy × price per kWh + minutes × price per minute + the session fee,
 * the minutes at the charger's full power (a real session tapers off, so it is an estimate,
 * and says so). Undefined when the tariff has neither an energy nor a time price.
 */
export function chargeEstimate(tariff: ChargeTariff, kw: number): { cost: number; minutes: number } | undefined {
  if (tariff.kwh === undefined && tariff.minute === undefined) return undefined;
  if (!(kw > 0)) return undefined;
  const energy = Math.round(ESTIMATE.batteryKwh * (ESTIMATE.to - ESTIMATE.from) * 1000) / 1000;
  const minutes = Math.ceil((energy / kw) * 60);
  const cost = energy * (tariff.kwh ?? 0) + minutes * (tariff.minute ?? 0) + (tariff.session ?? 0);
  return { cost: Math.round(cost * 100) / 100, minutes };
}

/** One EVSE (charge point) of a station with its last known status and when it was set. */
export interface ChargePoint {
  uid: string;
  /** The eMI3 EVSE id printed on the charger (e.g. "FI*ST1*E0001*1"), when it has one. */
  evseId?: string;
  status: EvseStatus;
  /** ISO 8601 instant of the status (OCPI `last_updated`). */
  statusAt: string;
  connectors: ChargeConnector[];
  /** Its price, when the operator's tariff for it is known. */
  tariff?: ChargeTariff;
  /** The OCPI tariff it is priced by (its first connector's that names one): a tariff change finds its chargers by it. */
  tariffId?: string;
}

/** A status older than this is not trusted: shown as unknown, with its age (docs/stations.md). */
const STATUS_MAX_AGE_MS = 15 * 60_000;

/** "Fast charger": a connector of at least this many kW. */
const FAST_CHARGER_KW = 100;

/** The status to show at `now`: the reported one while fresh, else UNKNOWN. */
export function currentStatus(point: Pick<ChargePoint, 'status' | 'statusAt'>, now: Date): EvseStatus {
  const at = Date.parse(point.statusAt);
  if (Number.isNaN(at) || isStale(at, now)) return 'UNKNOWN';
  return point.status;
}

/** The most power a charge point gives (kW), over its connectors. */
export function maxPowerKw(point: Pick<ChargePoint, 'connectors'>): number {
  return point.connectors.reduce((max, connector) => Math.max(max, connector.kw), 0);
}

/** True when the station has a charge point of at least 100 kW, whatever its status. */
export function hasFastCharger(station: { chargePoints?: readonly ChargePoint[] | undefined }): boolean {
  return (station.chargePoints ?? []).some((point) => maxPowerKw(point) >= FAST_CHARGER_KW);
}

/** The newest status instant (ms) of these charge points, or null when none has one. */
export function newestStatusAt(points: Iterable<Pick<ChargePoint, 'statusAt'>>): number | null {
  let newest: number | null = null;
  for (const point of points) {
    const at = Date.parse(point.statusAt);
    if (!Number.isNaN(at) && (newest === null || at > newest)) newest = at;
  }
  return newest;
}

/** True when a status of this instant is too old to trust at `now` (see STATUS_MAX_AGE_MS). */
export function isStale(at: number, now: Date): boolean {
  return now.getTime() - at > STATUS_MAX_AGE_MS;
}

/** True when the station has a charge point of ≥ 100 kW whose fresh status is AVAILABLE. */
export function hasFastChargerAvailable(
  station: { chargePoints?: readonly ChargePoint[] | undefined },
  now: Date,
): boolean {
  return (station.chargePoints ?? []).some(
    (point) => maxPowerKw(point) >= FAST_CHARGER_KW && currentStatus(point, now) === 'AVAILABLE',
  );
}
