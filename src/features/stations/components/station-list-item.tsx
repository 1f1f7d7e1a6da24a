import { Link } from '@/ui/link';
import { useLingui } from '@lingui/react';
import { LOCALE_INFO, STATION_PATH_SEGMENT, type Locale } from '#shared/locales';
import type { ZonedNow } from '#shared/station-calendar';
import type { FuelGrade } from '#shared/fuel-prices';
import type { StationSummary } from '#shared/stations';
import { formatDistance } from '../distance';
import { todaysHoursAt } from '../open-now';
import { open24hLabel } from '../opening-hours';
import { FavouriteStar } from './favourite-star';
import { StationLiveSummary } from './station-live-summary';

export function stationHref(locale: Locale, slug: string): string {
  return `/${STATION_PATH_SEGMENT[locale]}/${slug}`;
}

/** One station of the locator's list: open/closed, today's hours, distance, its favourite star. */
export function StationListItem({
  station,
  open,
  distanceKm,
  locale,
  now,
  favourite,
  instant = null,
  grade = null,
}: {
  station: StationSummary;
  open: boolean | null;
  distanceKm: number | null;
  locale: Locale;
  now: ZonedNow;
  /** Starred ("My stations"). */
  favourite: boolean;
  /** The moment of `now`, for the age of prices and charger statuses; null in the server render. */
  instant?: Date | null;
  /** The grade the locator shows prices of (95 and diesel when none). */
  grade?: FuelGrade | null;
}) {
  const { i18n } = useLingui();
  const today = todaysHoursAt(station.hours, now);
  const hoursText =
    today.kind === 'open24h'
      ? open24hLabel(i18n.t)
      : today.kind === 'closed'
        ? i18n._('stations.closedToday')
        : today.kind === 'ranges'
          ? i18n._('stations.today', { hours: today.text })
          : i18n._('stations.status.unknown');
  return (
    <li className="station-item" data-station-id={station.id}>
      <div className="station-item__head">
        <h3 className="station-item__name">
          <Link to={stationHref(locale, station.slug)}>{station.name}</Link>
        </h3>
        <FavouriteStar station={station} on={favourite} />
      </div>
      <p className="station-item__address">
        {station.address}, {station.postalCode} {station.city}
      </p>
      <p className="station-item__meta">
        {open === null ? null : (
          <span className={`station-status station-status--${open ? 'open' : 'closed'}`}>
            {open ? i18n._('stations.status.open') : i18n._('stations.status.closed')}
          </span>
        )}
        <span className="station-item__hours">{hoursText}</span>
        {distanceKm === null ? null : (
          <span className="station-item__distance">
            {i18n._('stations.distance', { distance: formatDistance(distanceKm, LOCALE_INFO[locale].formatLocale) })}
          </span>
        )}
        {station.express ? <span className="station-badge">{i18n._('stations.express')}</span> : null}
      </p>
      <StationLiveSummary station={station} grade={grade} now={instant} locale={locale} />
    </li>
  );
}
