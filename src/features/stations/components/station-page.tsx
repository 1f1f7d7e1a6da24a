/**
 * The station page (contentType stationPage), body in the order of spec §4: header, lunch,
 * lunch list, body blocks, attributes, food menu, optional car-wash block (enabled and
 * fi-FI only), map; with contact, get directions, opening hours, the services heading and
 * express. Flags (spec §2): lunchList and foodMenu default false, carwash default true.
 */
import { useEffect, useMemo, type ReactNode } from 'react';
import { Link } from '@/ui/link';
import { usePagePayload } from '@/ui/payload-context';
import { useSite } from '@/ui/site-context';
import { useRenderDate } from '@/ui/render-date';
import { useLingui } from '@lingui/react';
import type { PageContent } from '#shared/content-schema';
import { LOCALE_INFO, LOCALIZED_PATHS } from '#shared/locales';
import { formatMoney } from '#shared/shop/money';
import { zonedNow } from '#shared/station-calendar';
import type { StationDetails } from '#shared/stations';
import { rememberPageAfterPaint } from '../offline-pages';
import { open24hLabel, todaysHours } from '../opening-hours';
import { optionalStationBlocks } from '../station-page-blocks';
import { useFavourites } from '../use-favourites';
import { FavouriteStar } from './favourite-star';
import { MapPanel } from './map-panel';
import { OpenStatusList } from './open-status-list';
import { StationStyles } from './station-styles';

import { Section } from './station-section';
import {
  StationCarwash,
  StationContact,
  StationFoodMenu,
  StationHours,
  StationLiveData,
  StationLunch,
  StationLunchList,
  StationServices,
} from './station-page-sections';

export function StationPage({ page, body }: { page: PageContent; body: ReactNode }) {
  const payload = usePagePayload();
  const station = page.station;
  const mapStations = useMemo(() => (station ? [station] : []), [station]);
  const favourites = useFavourites();
  // A page drawn from the stored list offline says how old that list is.
  const offline = payload?.offline?.kind === 'station' ? payload.offline : null;

  // Every station page visited is kept for offline in-app navigation; one
  // drawn from stored data is not a page to keep.
  useEffect(() => {
    if (payload && !payload.offline) return rememberPageAfterPaint(payload);
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
  const { i18n } = useLingui();
  const { locale } = useSite();
  const { htmlLang } = LOCALE_INFO[locale];
  // Prices at a station are paid there, in its country's currency (SEK at a Swedish one).
  const price = { format: (amount: number) => formatMoney(amount, station.currency, locale) };
  const today = zonedNow(useRenderDate(), station.timeZone).date;
  const todayText = todaysHours(station.openingHours, today);
  const show = optionalStationBlocks(station, page, locale);

  return (
    <div className="station-page">
      <Section kind="header">
        <p className="station-page__back">
          <Link to={LOCALIZED_PATHS.stationLocator[locale]}>{i18n._('stations.page.back')}</Link>
        </p>
        <div className="station-page__title">
          <h1>{station.name}</h1>
          <FavouriteStar station={station} on={favourite} />
        </div>
        {syncedAt !== undefined ? <StoredDataLine syncedAt={syncedAt} /> : null}
        {station.express ? <p className="station-badge station-badge--large">{i18n._('stations.express')}</p> : null}
        <p className="station-page__address">
          {station.address}, {station.postalCode} {station.city}
        </p>
        <p className="station-page__today">
          {typeof todayText === 'string' ? i18n._('stations.today', { hours: todayText }) : open24hLabel(i18n.t)}
        </p>
        <OpenStatusList station={station} />
        <div className="station-page__facts">
          <StationContact station={station} />
          <StationHours station={station} today={today} />
        </div>
        <StationLiveData station={station} />
      </Section>

      {station.lunch ? <StationLunch lunch={station.lunch} price={price} /> : null}

      {show.lunchList && page.lunchList ? <StationLunchList list={page.lunchList} price={price} /> : null}

      <Section kind="body">{body}</Section>

      <StationServices station={station} />

      {show.foodMenu && page.foodMenu ? <StationFoodMenu menu={page.foodMenu} price={price} /> : null}

      {show.carwash && station.carwash ? <StationCarwash carwash={station.carwash} price={price} /> : null}

      <Section kind="map" title={i18n._('stations.page.map')}>
        <MapPanel
          stations={mapStations}
          language={htmlLang.slice(0, 2)}
          region={station.country}
          singleZoom={14}
          label={i18n._('stations.page.mapLabel', { name: station.name })}
          place="stationPage"
        />
      </Section>
    </div>
  );
}

/** "Saved on this device; the station data was last updated …" under a page drawn offline. */
function StoredDataLine({ syncedAt }: { syncedAt: number | null }) {
  const { i18n } = useLingui();
  const { locale } = useSite();
  const time =
    syncedAt === null
      ? null
      : new Intl.DateTimeFormat(LOCALE_INFO[locale].formatLocale, { dateStyle: 'medium', timeStyle: 'short' }).format(
          new Date(syncedAt),
        );
  return (
    <p className="station-notice station-notice--offline station-page__stored" role="status">
      {time ? i18n._('stations.page.storedData', { time }) : i18n._('stations.page.storedDataUnknown')}
    </p>
  );
}
