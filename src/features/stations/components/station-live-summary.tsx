/**
 * The live data line of a station card in the locator: the chosen grade's price (or 95
 * and diesel when none is chosen) with its age, and how many chargers are free now.
 * Chargers count only by fresh statuses: when none is fresh the line says the status is
 * unknown and how old it is, never "0/3 free", which reads as all busy.
 */
import { useLingui } from '@lingui/react';
import {
  currentStatus,
  hasFastChargerAvailable,
  isStale,
  newestStatusAt,
  type ChargePoint,
} from '#shared/charge-points';
import { priceOf, type FuelGrade } from '#shared/fuel-prices';
import { COUNTRY_INFO, type Locale } from '#shared/locales';
import type { StationSummary } from '#shared/stations';
import { formatAge, formatFuelPrice } from '../live-data-format';
import { STATIONS_SERVICE_IDS } from '../message-ids';

const DEFAULT_GRADES: readonly FuelGrade[] = ['95', 'diesel'];

export function StationLiveSummary({
  station,
  grade,
  now,
  locale,
}: {
  station: StationSummary;
  grade: FuelGrade | null;
  /** Null in the server render (ages and live statuses need the browser's clock). */
  now: Date | null;
  locale: Locale;
}) {
  const { i18n } = useLingui();
  const currency = COUNTRY_INFO[station.country].currency;
  const prices = (grade ? [grade] : DEFAULT_GRADES)
    .map((code) => priceOf(station, code))
    .filter((price) => price !== undefined);
  const points = station.chargePoints ?? [];
  const oldest = prices.reduce<string | null>(
    (min, price) => (min === null || price.setAt < min ? price.setAt : min),
    null,
  );
  if (prices.length === 0 && points.length === 0) return null;
  return (
    <p className="station-item__live">
      {prices.length > 0 ? (
        <span className="station-item__prices">
          {prices.map((price) => (
            <span key={price.grade} className="station-item__price" data-grade={price.grade}>
              {i18n._(STATIONS_SERVICE_IDS[price.grade] ?? `stations.service.${price.grade}`)}{' '}
              <strong>{formatFuelPrice(price.price, currency, locale)}</strong>
            </span>
          ))}
          {now && oldest ? <span className="station-item__age"> · {formatAge(oldest, now, locale)}</span> : null}
        </span>
      ) : null}
      {points.length > 0 && now ? <ChargerCount station={station} points={points} now={now} locale={locale} /> : null}
    </p>
  );
}

function ChargerCount({
  station,
  points,
  now,
  locale,
}: {
  station: StationSummary;
  points: readonly ChargePoint[];
  now: Date;
  locale: Locale;
}) {
  const { i18n } = useLingui();
  const fresh = points.filter((point) => !isStale(Date.parse(point.statusAt), now));
  if (fresh.length === 0) {
    const newest = newestStatusAt(points);
    return (
      <span className="station-item__chargers" data-chargers="unknown">
        {i18n._('stations.chargers.unknown', {
          total: points.length,
          age: newest === null ? '–' : formatAge(new Date(newest).toISOString(), now, locale),
        })}
      </span>
    );
  }
  const available = fresh.filter((point) => currentStatus(point, now) === 'AVAILABLE').length;
  const unknown = points.length - fresh.length;
  return (
    <span className="station-item__chargers" data-chargers="known">
      {hasFastChargerAvailable(station, now) ? (
        <span className="station-badge station-badge--charger">{i18n._('stations.chargers.fastAvailable')}</span>
      ) : null}{' '}
      {i18n._('stations.chargers.available', { available, total: fresh.length })}
      {unknown > 0 ? ` · ${i18n._('stations.chargers.someUnknown', { count: unknown })}` : null}
    </span>
  );
}
