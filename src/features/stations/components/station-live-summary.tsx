/**
 * The live data line of a station card in the locator: the chosen grade's price (or 95
 * and diesel when none is chosen) with its age, and how many chargers are free now.
 */
import { useT } from '@/i18n/use-t';
import { currentStatus, hasFastChargerAvailable } from '@/shared/charge-points';
import { priceOf, type FuelGrade } from '@/shared/fuel-prices';
import { COUNTRY_INFO, type Locale } from '@/shared/locales';
import type { StationSummary } from '@/shared/stations';
import { formatAge, formatFuelPrice } from '../live-data-format';

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
  const t = useT();
  const currency = COUNTRY_INFO[station.country].currency;
  const prices = (grade ? [grade] : DEFAULT_GRADES)
    .map((code) => priceOf(station, code))
    .filter((price) => price !== undefined);
  const points = station.chargePoints ?? [];
  const available = now ? points.filter((point) => currentStatus(point, now) === 'AVAILABLE').length : null;
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
              {t(`stations.service.${price.grade}`)} <strong>{formatFuelPrice(price.price, currency, locale)}</strong>
            </span>
          ))}
          {now && oldest ? <span className="station-item__age"> · {formatAge(oldest, now, locale)}</span> : null}
        </span>
      ) : null}
      {points.length > 0 && available !== null ? (
        <span className="station-item__chargers">
          {now && hasFastChargerAvailable(station, now) ? (
            <span className="station-badge station-badge--charger">{t('stations.chargers.fastAvailable')}</span>
          ) : null}{' '}
          {t('stations.chargers.available', { available, total: points.length })}
        </span>
      ) : null}
    </p>
  );
}
