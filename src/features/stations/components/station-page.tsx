/**
 * The station page (contentType stationPage), body in the order of spec §4: header, lunch,
 * lunch list, body blocks, attributes, food menu, optional car-wash block (enabled and
 * fi-FI only), map; with contact, get directions, opening hours, the services heading and
 * express. Flags (spec §2): lunchList and foodMenu default false, carwash default true.
 */
import { useEffect, useMemo, type ReactNode } from 'react';
import { Link } from 'react-router';
import { usePagePayload } from '@/ui/payload-context';
import { useSite } from '@/ui/site-context';
import { useT } from '@/i18n/use-t';
import type { PageContent } from '@/shared/content-schema';
import { LOCALE_INFO, LOCALIZED_PATHS } from '@/shared/locales';
import { formatMoney } from '@/shared/shop/money';
import { zonedNow } from '@/shared/station-calendar';
import { telHref } from '@/shared/tel-href';
import { DIET_CODES, type LunchList, type StationDetails } from '@/shared/stations';
import { rememberPage } from '../offline-pages';
import { open24hLabel, todaysHours } from '../opening-hours';
import { optionalStationBlocks } from '../station-page-blocks';
import { useFavourites } from '../use-favourites';
import { FavouriteStar } from './favourite-star';
import { useLiveData } from '../use-live-data';
import { ChargePointList } from './charge-point-list';
import { FuelPriceTable } from './fuel-price-table';
import { MapPanel } from './map-panel';
import { OpenStatusList } from './open-status-list';
import { OpeningHoursTable } from './opening-hours-table';
import { StationStyles } from './station-styles';

/** Google Maps directions to the station (the documented Maps URLs, no key needed). */
function directionsHref(station: Pick<StationDetails, 'lat' | 'lng'>): string {
  return `https://www.google.com/maps/dir/?api=1&destination=${station.lat},${station.lng}`;
}

function Section({ kind, title, children }: { kind: string; title?: string; children: ReactNode }) {
  return (
    <section className={`station-section station-section--${kind}`} data-station-block={kind}>
      {title ? <h2>{title}</h2> : null}
      {children}
    </section>
  );
}

export function StationPage({ page, body }: { page: PageContent; body: ReactNode }) {
  const payload = usePagePayload();
  const station = page.station;
  const mapStations = useMemo(() => (station ? [station] : []), [station]);
  const favourites = useFavourites();
  // A page drawn from the stored list offline says how old that list is.
  const offline = payload?.offline?.kind === 'station' ? payload.offline : null;

  // Every station page visited is kept for offline in-app navigation (issue 5); one
  // drawn from stored data is not a page to keep.
  useEffect(() => {
    if (payload && !payload.offline) void rememberPage(window.location.pathname, payload);
  }, [payload]);

  if (!station) {
    return (
      <>
        <h1>{page.title}</h1>
        {body}
      </>
    );
  }
  return (
    <>
      <StationStyles />
      <StationPageContent
        page={page}
        body={body}
        station={station}
        mapStations={mapStations}
        favourite={favourites.ids.has(station.id)}
        syncedAt={offline ? offline.syncedAt : undefined}
      />
    </>
  );
}

function StationPageContent({
  page,
  body,
  station,
  mapStations,
  favourite,
  syncedAt,
}: {
  page: PageContent;
  body: ReactNode;
  station: StationDetails;
  mapStations: StationDetails[];
  favourite: boolean;
  /** Set when the page is drawn from the stored list offline: when that list was synced. */
  syncedAt: Parameters<typeof StoredDataLine>[0]['syncedAt'] | undefined;
}) {
  const t = useT();
  const { locale } = useSite();
  const live = useLiveData(station);
  const { htmlLang, formatLocale } = LOCALE_INFO[locale];
  // Prices at a station are paid there, in its country's currency (SEK at a Swedish one).
  const price = { format: (amount: number) => formatMoney(amount, station.currency, locale) };
  const today = zonedNow(new Date(), station.timeZone).date;
  const todayText = todaysHours(station.openingHours, today);
  const show = optionalStationBlocks(station, page, locale);
  const dateFormat = new Intl.DateTimeFormat(formatLocale, {
    weekday: 'long',
    day: 'numeric',
    month: 'numeric',
    timeZone: 'UTC',
  });

  return (
    <div className="station-page">
      <Section kind="header">
        <p className="station-page__back">
          <Link to={LOCALIZED_PATHS.stationLocator[locale]}>{t('stations.page.back')}</Link>
        </p>
        <div className="station-page__title">
          <h1>{station.name}</h1>
          <FavouriteStar station={station} on={favourite} />
        </div>
        {syncedAt !== undefined ? <StoredDataLine syncedAt={syncedAt} /> : null}
        {station.express ? <p className="station-badge station-badge--large">{t('stations.express')}</p> : null}
        <p className="station-page__address">
          {station.address}, {station.postalCode} {station.city}
        </p>
        <p className="station-page__today">
          {typeof todayText === 'string' ? t('stations.today', { hours: todayText }) : open24hLabel(t)}
        </p>
        <OpenStatusList station={station} />
        <div className="station-page__facts">
          <div className="station-page__contact">
            <h2>{t('stations.page.contact')}</h2>
            <ul>
              {station.phone ? (
                <li>
                  {t('stations.page.phone')}: <a href={telHref(station.phone)}>{station.phone}</a>
                </li>
              ) : null}
              {station.email ? (
                <li>
                  {t('stations.page.email')}: <a href={`mailto:${station.email}`}>{station.email}</a>
                </li>
              ) : null}
            </ul>
            <p>
              <a
                className="station-page__directions"
                href={directionsHref(station)}
                target="_blank"
                rel="noopener noreferrer"
              >
                {t('stations.page.directions')}
                <span className="visually-hidden"> ({t('stations.page.newTab')})</span>
              </a>
            </p>
          </div>
          <div className="station-page__hours">
            <h2>{t('stations.page.openingHours')}</h2>
            <OpeningHoursTable hours={station.openingHours} today={today} caption={t('stations.page.stationHours')} />
            {station.kitchenHours ? (
              <OpeningHoursTable hours={station.kitchenHours} today={today} caption={t('stations.page.kitchenHours')} />
            ) : null}
            {station.breakfastHours ? (
              <OpeningHoursTable
                hours={station.breakfastHours}
                today={today}
                caption={t('stations.page.breakfastHours')}
              />
            ) : null}
            {station.lunchHours ? (
              <OpeningHoursTable hours={station.lunchHours} today={today} caption={t('stations.page.lunchHours')} />
            ) : null}
          </div>
        </div>
        {live.prices.length > 0 ? (
          <div className="station-page__prices">
            <h2>{t('stations.prices.title')}</h2>
            <FuelPriceTable prices={live.prices} currency={station.currency} timeZone={station.timeZone} />
          </div>
        ) : null}
        {live.chargePoints.length > 0 ? (
          <div className="station-page__chargers">
            <h2>{t('stations.chargers.title')}</h2>
            <ChargePointList points={live.chargePoints} timeZone={station.timeZone} />
          </div>
        ) : null}
      </Section>

      {station.lunch ? (
        <Section kind="lunch" title={t('stations.page.lunch')}>
          {station.lunch.dishes && station.lunch.dishes.length > 0 ? (
            // Each dish with its own price: the dishes of a day need not cost the same.
            <ul className="station-lunch-today">
              {station.lunch.dishes.map((dish, index) => (
                <li key={index}>
                  <strong>{dish.name}</strong>
                  {dish.diets.length > 0 ? ` (${dish.diets.join(', ')})` : ''} — {price.format(dish.price)}
                </li>
              ))}
            </ul>
          ) : (
            <p>
              <strong>{station.lunch.title}</strong>
              {station.lunch.text ? `, ${station.lunch.text}` : ''} — {price.format(station.lunch.price)}
            </p>
          )}
        </Section>
      ) : null}

      {show.lunchList && page.lunchList ? (
        <Section kind="lunchList" title={page.lunchList.title}>
          <dl className="station-lunch-list">
            {page.lunchList.days.map((day) => (
              <div key={day.date} className="station-lunch-list__day">
                <dt>{dateFormat.format(new Date(`${day.date}T00:00:00Z`))}</dt>
                {day.dishes.map((dish, index) => (
                  <dd key={index}>
                    {dish.name}
                    {dish.diets.length > 0 ? ` (${dish.diets.join(', ')})` : ''} — {price.format(dish.price)}
                  </dd>
                ))}
              </div>
            ))}
          </dl>
          <DietLegend days={page.lunchList.days} />
        </Section>
      ) : null}

      <Section kind="body">{body}</Section>

      <Section kind="attributes" title={t('stations.page.services')}>
        {station.express ? <p>{t('stations.page.expressText')}</p> : null}
        <ul className="station-services">
          {station.services.map((code) => (
            <li key={code}>{t(`stations.service.${code}`)}</li>
          ))}
        </ul>
      </Section>

      {show.foodMenu && page.foodMenu ? (
        <Section kind="foodMenu" title={page.foodMenu.title}>
          {page.foodMenu.sections.map((section) => (
            <div key={section.title} className="station-menu__section">
              <h3>{section.title}</h3>
              <ul>
                {section.items.map((item) => (
                  <li key={item.name}>
                    {item.name} — {price.format(item.price)}
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </Section>
      ) : null}

      {show.carwash && station.carwash ? (
        <Section kind="carwash" title={t('stations.page.carwash')}>
          <ul>
            {station.carwash.programmes.map((programme) => (
              <li key={programme.name}>
                {programme.name} — {price.format(programme.price)}
              </li>
            ))}
          </ul>
        </Section>
      ) : null}

      <Section kind="map" title={t('stations.page.map')}>
        <MapPanel
          stations={mapStations}
          language={htmlLang.slice(0, 2)}
          region={station.country}
          singleZoom={14}
          label={t('stations.page.mapLabel', { name: station.name })}
          place="stationPage"
        />
      </Section>
    </div>
  );
}

/** "Saved on this device; the station data was last updated …" under a page drawn offline. */
function StoredDataLine({ syncedAt }: { syncedAt: number | null }) {
  const t = useT();
  const { locale } = useSite();
  const time =
    syncedAt === null
      ? null
      : new Intl.DateTimeFormat(LOCALE_INFO[locale].formatLocale, { dateStyle: 'medium', timeStyle: 'short' }).format(
          new Date(syncedAt),
        );
  return (
    <p className="station-notice station-notice--offline station-page__stored" role="status">
      {time ? t('stations.page.storedData', { time }) : t('stations.page.storedDataUnknown')}
    </p>
  );
}

/** What the diet labels of this week's list mean (L, G, M, VEG), those it uses alone. */
function DietLegend({ days }: { days: LunchList['days'] }) {
  const t = useT();
  const used = new Set(days.flatMap((day) => day.dishes.flatMap((dish) => dish.diets)));
  const codes = DIET_CODES.filter((code) => used.has(code));
  if (codes.length === 0) return null;
  return (
    <p className="station-lunch-list__legend">
      {codes.map((code) => `${code} = ${t(`stations.diet.${code}`)}`).join(', ')}
    </p>
  );
}
