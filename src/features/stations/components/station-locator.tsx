/**
 * The stationLocator block (issue 5, spec §2): search, service filters, open now, near me,
 * the list beside a map (stacked on phones). Works from the stations stored on this
 * device, so it lists, searches, filters and sorts offline too, and says so.
 *
 * The server render lists the short `initial` list the origin put in the block (links the
 * crawler follows stay few); the browser swaps in the whole stored list after hydration.
 */
import { useCallback, useDeferredValue, useEffect, useId, useMemo, useRef, useState, type FormEvent } from 'react';
import { Link, useLocation } from 'react-router';
import { usePagePayload } from '@/ui/payload-context';
import { useSite } from '@/ui/site-context';
import { useT } from '@/i18n/use-t';
import type { KnownBlock } from '@/shared/content-schema';
import { FUEL_GRADES, type FuelGrade } from '@/shared/fuel-prices';
import { LOCALE_INFO } from '@/shared/locales';
import { zonedNow } from '@/shared/station-calendar';
import { COUNTRY_TIME_ZONE, type StationCountry, type StationSummary } from '@/shared/stations';
import { useOnlineStatus } from '@/ui/use-online-status';
import type { LatLng } from '../distance';
import { locatorSearch, parseLocatorQuery, type LocatorQuery } from '../locator-query';
import { rememberPage } from '../offline-pages';
import { SERVICE_FILTERS, type ServiceFilter } from '../service-filters';
import { CHEAPEST_NEAR_KM, indexStations, searchStations, type StationResult } from '../station-search';
import { useStationList } from '../use-station-list';
import { useMapFocus } from '../use-map-focus';
import { LocatorViewSwitch } from './locator-view-switch';
import { useFavourites } from '../use-favourites';
import { MyStations } from './my-stations';
import { MapPanel } from './map-panel';
import { stationHref, StationListItem } from './station-list-item';
import { StationLiveSummary } from './station-live-summary';
import { StationStyles } from './station-styles';

type StationLocatorBlock = Extract<KnownBlock, { type: 'stationLocator' }>;

/** Spec §9: the current country first, then NO, SE, FI. */
function countryOrder(current: StationCountry): StationCountry[] {
  return [current, ...(['NO', 'SE', 'FI'] as const).filter((country) => country !== current)];
}

const PAGE_SIZE = 30;
const MINUTE = 60_000;

type Position =
  | { status: 'off' }
  | { status: 'locating' }
  | { status: 'on'; at: LatLng }
  | { status: 'error'; reason: 'denied' | 'unavailable' | 'unsupported' };

function useMinuteClock(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), MINUTE);
    return () => clearInterval(timer);
  }, []);
  return now;
}

export function StationLocator({ block }: { block: StationLocatorBlock }) {
  const t = useT();
  const { locale } = useSite();
  const online = useOnlineStatus();
  const location = useLocation();
  const payload = usePagePayload();
  const ids = { q: useId(), country: useId(), status: useId(), filters: useId(), grade: useId() };
  const [query, setQuery] = useState<LocatorQuery>(() => parseLocatorQuery(location.search));
  const [position, setPosition] = useState<Position>({ status: 'off' });
  const [limit, setLimit] = useState(PAGE_SIZE);
  const [selected, setSelected] = useState<string | null>(null);
  // The visitor opens and closes the filter panel; unticking the last filter must not shut
  // it under their pointer (issue 11 item 17a). A linked filtered view opens it.
  const [filtersOpen, setFiltersOpen] = useState(() => query.services.length > 0);
  const now = useMinuteClock();
  const homeCountry = LOCALE_INFO[locale].country;
  const country = query.country ?? homeCountry;
  const list = useStationList(country, locale);
  const favourites = useFavourites();

  // The locator is kept for offline in-app navigation, like the station pages.
  useEffect(() => {
    if (payload) void rememberPage(window.location.pathname, payload);
  }, [payload]);

  // The view lives in the address (linkable), replaced in place: the page itself does not change.
  useEffect(() => {
    const search = locatorSearch(query);
    const url = `${window.location.pathname}${search ? `?${search}` : ''}${window.location.hash}`;
    if (url !== `${window.location.pathname}${window.location.search}${window.location.hash}`) {
      window.history.replaceState(window.history.state, '', url);
    }
  }, [query]);

  const locate = useCallback(() => {
    if (!('geolocation' in navigator)) {
      setPosition({ status: 'error', reason: 'unsupported' });
      return;
    }
    setPosition({ status: 'locating' });
    navigator.geolocation.getCurrentPosition(
      (result) => {
        setPosition({ status: 'on', at: { lat: result.coords.latitude, lng: result.coords.longitude } });
        // "Cheapest near me" keeps its price order; otherwise near me means nearest first.
        setQuery((current) => ({ ...current, sort: current.sort === 'price' ? 'price' : 'distance' }));
      },
      (error) =>
        setPosition({ status: 'error', reason: error.code === error.PERMISSION_DENIED ? 'denied' : 'unavailable' }),
      { enableHighAccuracy: false, timeout: 15_000, maximumAge: 5 * MINUTE },
    );
  }, []);

  // A linked "near me" view asks for the position when it opens.
  const askedOnOpen = useRef(false);
  useEffect(() => {
    if (askedOnOpen.current || query.sort !== 'distance') return;
    askedOnOpen.current = true;
    locate();
  }, [query.sort, locate]);

  const index = useMemo(() => (list.stations ? indexStations(list.stations) : null), [list.stations]);
  const coords = position.status === 'on' ? position.at : null;
  // Each key shows in the field at once; the search over the whole list (and the list and
  // map it redraws) follows as a render React may interrupt when the next key comes, so
  // typing stays responsive on a slow phone with thousands of stations.
  const searched = useDeferredValue(query);
  const results: StationResult[] | null = useMemo(
    () => (index ? searchStations(index, { ...searched, position: coords, now }) : null),
    [index, searched, coords, now],
  );
  const mapStations = useMemo(() => (results ?? []).map((result) => result.station), [results]);
  const mapFocus = useMapFocus(mapStations, coords);
  // A station chosen on the map opens its card under the map: on a phone, where the map
  // fills the screen, the card is brought into view.
  const card = useRef<HTMLElement>(null);
  useEffect(() => {
    if (selected) card.current?.scrollIntoView?.({ block: 'nearest' });
  }, [selected]);
  const zoned = useMemo(() => zonedNow(now, COUNTRY_TIME_ZONE[country]), [now, country]);

  const update = (change: Partial<LocatorQuery>) => {
    setQuery((current) => ({ ...current, ...change }));
    setLimit(PAGE_SIZE);
    setSelected(null);
  };
  const toggleService = (filter: ServiceFilter, on: boolean) =>
    update({ services: SERVICE_FILTERS.filter((item) => (item === filter ? on : query.services.includes(item))) });

  const priceNear = query.sort === 'price' && query.grade !== null && coords !== null;
  const shown: Array<{ station: StationSummary; open: boolean | null; distanceKm: number | null }> =
    results ?? block.initial.map((station) => ({ station, open: null, distanceKm: null }));
  const selectedStation = selected ? list.stations?.find((station) => station.id === selected) : undefined;
  const { htmlLang, formatLocale } = LOCALE_INFO[locale];
  const freshness =
    list.syncedAt === null
      ? null
      : new Intl.DateTimeFormat(formatLocale, { dateStyle: 'medium', timeStyle: 'short' }).format(
          new Date(list.syncedAt),
        );

  return (
    <section className="station-locator" aria-labelledby={`${ids.q}-title`}>
      <StationStyles />
      <h2 id={`${ids.q}-title`} className="station-locator__title">
        {t('stations.locator.title')}
      </h2>
      <LocatorViewSwitch view={query.view} onChange={(view) => setQuery((current) => ({ ...current, view }))} />
      <form className="station-locator__form" role="search" onSubmit={(event: FormEvent) => event.preventDefault()}>
        <div className="station-locator__field station-locator__field--search">
          <label htmlFor={ids.q}>{t('stations.search.label')}</label>
          <input
            id={ids.q}
            type="search"
            name="q"
            autoComplete="off"
            value={query.q}
            onChange={(event) => update({ q: event.target.value })}
          />
        </div>
        <div className="station-locator__field">
          <label htmlFor={ids.country}>{t('stations.country.label')}</label>
          <select
            id={ids.country}
            name="country"
            value={country}
            onChange={(event) =>
              update({ country: event.target.value === homeCountry ? null : (event.target.value as StationCountry) })
            }
          >
            {countryOrder(homeCountry).map((code) => (
              <option key={code} value={code}>
                {t(`stations.country.${code}`)}
              </option>
            ))}
          </select>
        </div>
        <details
          className="station-locator__filters"
          open={filtersOpen}
          onToggle={(event) => setFiltersOpen(event.currentTarget.open)}
        >
          <summary>
            {query.services.length > 0
              ? t('stations.filters.selected', { count: query.services.length })
              : t('stations.filters.title')}
          </summary>
          <fieldset>
            <legend className="visually-hidden">{t('stations.filters.title')}</legend>
            <ul className="station-locator__filter-list">
              {SERVICE_FILTERS.map((filter) => (
                <li key={filter}>
                  <label>
                    <input
                      type="checkbox"
                      name="service"
                      value={filter}
                      checked={query.services.includes(filter)}
                      onChange={(event) => toggleService(filter, event.target.checked)}
                    />{' '}
                    {t(`stations.filter.${filter}`)}
                  </label>
                </li>
              ))}
            </ul>
          </fieldset>
        </details>
        <div className="station-locator__field">
          <label htmlFor={ids.grade}>{t('stations.prices.gradeLabel')}</label>
          <select
            id={ids.grade}
            name="grade"
            value={query.grade ?? ''}
            onChange={(event) => {
              const grade = (event.target.value || null) as FuelGrade | null;
              update({ grade, sort: grade === null && query.sort === 'price' ? 'name' : query.sort });
            }}
          >
            <option value="">{t('stations.prices.anyGrade')}</option>
            {FUEL_GRADES.map((grade) => (
              <option key={grade} value={grade}>
                {t(`stations.service.${grade}`)}
              </option>
            ))}
          </select>
        </div>
        <div className="station-locator__toggles">
          {query.grade ? (
            <label className="station-locator__toggle">
              <input
                type="checkbox"
                name="sort"
                value="price"
                checked={query.sort === 'price'}
                onChange={(event) =>
                  update({ sort: event.target.checked ? 'price' : coords !== null ? 'distance' : 'name' })
                }
              />{' '}
              {t('stations.prices.cheapestFirst')}
            </label>
          ) : null}
          <label className="station-locator__toggle">
            <input
              type="checkbox"
              name="charger"
              value="fast"
              checked={query.fastCharger}
              onChange={(event) => update({ fastCharger: event.target.checked })}
            />{' '}
            {t('stations.chargers.fastFilter')}
          </label>
          <label className="station-locator__toggle">
            <input
              type="checkbox"
              name="open"
              checked={query.openNow}
              onChange={(event) => update({ openNow: event.target.checked })}
            />{' '}
            {t('stations.openNow.label')}
          </label>
          <button
            type="button"
            className="station-locator__near"
            onClick={locate}
            aria-pressed={coords !== null && query.sort === 'distance'}
          >
            {t('stations.nearMe')}
          </button>
          {query.sort !== 'name' ||
          query.q ||
          query.services.length > 0 ||
          query.openNow ||
          query.grade ||
          query.fastCharger ? (
            <button
              type="button"
              className="station-locator__clear"
              onClick={() =>
                update({ q: '', services: [], openNow: false, sort: 'name', grade: null, fastCharger: false })
              }
            >
              {t('stations.clear')}
            </button>
          ) : null}
        </div>
      </form>

      <div className="station-locator__notices">
        {!online ? (
          <p className="station-notice station-notice--offline" role="status">
            {list.stations && list.stations.length > 0 ? t('stations.offline') : t('stations.offline.noData')}
          </p>
        ) : list.syncFailed ? (
          <p className="station-notice station-notice--warning" role="status">
            {t('stations.syncFailed')}
          </p>
        ) : null}
        {freshness && (!online || list.syncFailed) ? (
          <p className="station-notice">{t('stations.freshness', { time: freshness })}</p>
        ) : null}
        {position.status === 'locating' ? <p className="station-notice">{t('stations.nearMe.locating')}</p> : null}
        {position.status === 'error' ? (
          <p className="station-notice station-notice--warning" role="alert">
            {t(`stations.nearMe.${position.reason}`)}
          </p>
        ) : null}
      </div>

      <p id={ids.status} className="station-locator__count" role="status" aria-live="polite">
        {results
          ? results.length === 0
            ? t('stations.results.none')
            : `${t('stations.results.count', { count: results.length })}${
                priceNear
                  ? ` · ${t('stations.prices.sortedNear', { km: CHEAPEST_NEAR_KM })}`
                  : query.sort === 'price' && query.grade
                    ? ` · ${t('stations.prices.sortedByPrice')}`
                    : coords && query.sort === 'distance'
                      ? ` · ${t('stations.sortedByDistance')}`
                      : ''
              }`
          : list.stations === null && block.total > 0
            ? t('stations.results.initial', { shown: block.initial.length, total: block.total })
            : t('stations.loading')}
      </p>

      <div className="station-locator__layout" data-view={query.view}>
        <div className="station-locator__list-column">
          <MyStations favourites={favourites} locale={locale} nowAt={now} />
          <ol className="station-list" aria-labelledby={ids.status}>
            {shown.slice(0, limit).map((result) => (
              <StationListItem
                key={result.station.id}
                station={result.station}
                open={result.open}
                distanceKm={result.distanceKm}
                locale={locale}
                now={zoned}
                favourite={favourites.ids.has(result.station.id)}
                instant={results ? now : null}
                grade={query.grade}
              />
            ))}
          </ol>
          {results && results.length > limit ? (
            <button
              type="button"
              className="station-locator__more"
              onClick={() => setLimit((value) => value + PAGE_SIZE)}
            >
              {t('stations.results.showMore', { count: results.length - limit })}
            </button>
          ) : null}
        </div>
        <div className="station-locator__map-column">
          <MapPanel
            stations={mapStations}
            language={htmlLang.slice(0, 2)}
            region={country}
            onSelect={setSelected}
            label={t('stations.map.label')}
            position={coords}
            fitTo={mapFocus}
          />
          {selectedStation ? (
            <section ref={card} className="station-card" aria-labelledby={`${ids.q}-card`}>
              <h3 id={`${ids.q}-card`} className="station-card__name">
                <Link to={stationHref(locale, selectedStation.slug)}>{selectedStation.name}</Link>
              </h3>
              <p>
                {selectedStation.address}, {selectedStation.postalCode} {selectedStation.city}
              </p>
              <StationLiveSummary station={selectedStation} grade={query.grade} now={now} locale={locale} />
              <button type="button" onClick={() => setSelected(null)}>
                {t('stations.card.close')}
              </button>
            </section>
          ) : null}
        </div>
      </div>
    </section>
  );
}
