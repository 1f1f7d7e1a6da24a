/**
 * The locator's state (stationLocator block, docs/stations.md): the view in the address,
 * the visitor's position for "near me", the stored list of the chosen country and what
 * the search, filters and sort make of it, the page of the list shown and the station
 * chosen on the map. StationLocator (components/station-locator.tsx) lays out the
 * presentational parts over what this returns.
 */
import { startTransition, useCallback, useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { usePagePayload } from '@/ui/payload-context';
import { requestIdle } from '@/ui/request-idle';
import { useSite } from '@/ui/site-context';
import { isStale, newestStatusAt } from '#shared/charge-points';
import { LOCALE_INFO } from '#shared/locales';
import { zonedNow } from '#shared/station-calendar';
import { COUNTRY_TIME_ZONE } from '#shared/station-constants';
import type { StationSummary } from '#shared/stations';
import type { LatLng } from './distance';
import { afterNextPaint } from './after-next-paint';
import { useQueryInAddress, usePathOfPage } from './locator-address';
import { parseLocatorQuery, type LocatorQuery } from './locator-query';
import { rememberPageAfterPaint } from './offline-pages';
import { SERVICE_FILTERS, type ServiceFilter } from './service-filters';
import { indexStations, prepareSearch, searchStationsOnce, type StationResult } from './station-search';
import { useFavourites } from './use-favourites';
import { useMapFocus } from './use-map-focus';
import { useAfterList } from './use-after-list';
import { useStationList } from './use-station-list';
import { useLiveStream } from './use-live-stream';
import { useSettledWords } from './use-settled-words';

const PAGE_SIZE = 30;
const MINUTE = 60_000;

export type LocatorPosition =
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

/** "Near me": the browser's position, asked on a press or when a linked near-me view opens. */
function usePosition(query: LocatorQuery, setQuery: (change: (current: LocatorQuery) => LocatorQuery) => void) {
  const [position, setPosition] = useState<LocatorPosition>({ status: 'off' });
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
  }, [setQuery]);

  const askedOnOpen = useRef(false);
  useEffect(() => {
    if (askedOnOpen.current || query.sort !== 'distance') return;
    askedOnOpen.current = true;
    locate();
  }, [query.sort, locate]);
  return { position, locate };
}

/**
 * The query the list, the count and the map show: the one in the form, once the frame
 * showing the change (the key in the field, the box ticked) has been painted. The key's
 * own render is the form alone; the search and the list and map it redraws follow as a
 * render React may interrupt, and a key typed before it starts replaces it. On a slow
 * phone with thousands of stations typing stays responsive (docs/performance.md
 * "Interaction").
 */
function useSearchedQuery(query: LocatorQuery): LocatorQuery {
  const [searched, setSearched] = useState(query);
  useEffect(() => {
    if (searched === query) return;
    return afterNextPaint(() => startTransition(() => setSearched(query)));
  }, [query, searched]);
  return searched;
}

/**
 * The search over the whole list. The stored list is deferred: when thousands of stations
 * arrive from storage after the first paint, React renders the list and the map in slices
 * instead of one long task that would block the page (docs/performance.md).
 */
function useResults(stored: StationSummary[] | null, searched: LocatorQuery, coords: LatLng | null, now: Date) {
  const stations = useDeferredValue(stored);
  const index = useMemo(() => (stations ? indexStations(stations) : null), [stations]);
  useEffect(() => (index ? prepareSearch(index, requestIdle) : undefined), [index]);
  const newestStatus = useMemo(() => (stations ? newestStatusAt(chargePointsOf(stations)) : null), [stations]);
  // Every status stored is too old to trust: "available now" cannot be answered (docs/stations.md).
  const staleSince = newestStatus !== null && isStale(newestStatus, now) ? newestStatus : null;
  const chargerStatusesStale = staleSince !== null;
  const results = useMemo<StationResult[] | null>(
    () => (index ? searchStationsOnce(index, { ...searched, position: coords, now, chargerStatusesStale }) : null),
    [index, searched, coords, now, chargerStatusesStale],
  );
  return { results, chargerStatusesAt: staleSince };
}

function* chargePointsOf(stations: readonly StationSummary[]) {
  for (const station of stations) if (station.chargePoints) yield* station.chargePoints;
}

/** `value` while `current`, else the last value it had while current. */
function useLastCurrent<T>(value: T, current: boolean): T {
  const [kept, setKept] = useState(value);
  // Adjusted while rendering (https://react.dev/learn/you-might-not-need-an-effect).
  if (current && kept !== value) setKept(value);
  return current ? value : kept;
}

export function useLocator() {
  const { locale } = useSite();
  const location = useLocation();
  const payload = usePagePayload();
  const [query, setQuery] = useState<LocatorQuery>(() => parseLocatorQuery(location.search));
  const [limit, setLimit] = useState(PAGE_SIZE);
  const [selected, setSelected] = useState<string | null>(null);
  // The visitor opens and closes the filter panel; unticking the last filter must not shut
  // it under their pointer. A linked filtered view opens it.
  const [filtersOpen, setFiltersOpen] = useState(() => query.services.length > 0);
  const now = useMinuteClock();
  const homeCountry = LOCALE_INFO[locale].country;
  const country = query.country ?? homeCountry;
  const list = useStationList(country, locale);
  // New prices and statuses while the locator stays open (live-stream.ts).
  useLiveStream(country, locale);
  const favourites = useFavourites();
  const { position, locate } = usePosition(query, setQuery);

  // The locator is kept for offline in-app navigation, like the station pages.
  useEffect(() => {
    if (payload) return rememberPageAfterPaint(payload);
  }, [payload]);

  const searched = useSearchedQuery(query);
  const coords = position.status === 'on' ? position.at : null;
  const { results, chargerStatusesAt } = useResults(list.stations, searched, coords, now);
  // The address and the map follow the search words once typing pauses; the filters, sort
  // and view at once.
  const words = useSettledWords(searched.q, query.q);
  const settled = searched.q === words;
  const ownPath = usePathOfPage(payload);
  useQueryInAddress(searched, words, ownPath);
  const mapResults = useLastCurrent(results, settled);
  const listed = useMemo(() => (mapResults ?? []).map((result) => result.station), [mapResults]);
  // The map draws after the list (use-after-list.ts).
  const mapStations = useAfterList(listed);
  const mapFocus = useMapFocus(mapStations, coords);
  const zoned = useMemo(() => zonedNow(now, COUNTRY_TIME_ZONE[country]), [now, country]);

  /**
   * A change of the search, filters or sort starts the list from its first page, with no
   * station chosen. Stable across renders, as is toggleService: the form's filters are
   * memoised on them, so a key in the search field re-renders the field alone, not every
   * checkbox (React writes each re-rendered input's name and type back, which restyles them).
   */
  const update = useCallback((change: Partial<LocatorQuery> | ((current: LocatorQuery) => Partial<LocatorQuery>)) => {
    setQuery((current) => ({ ...current, ...(typeof change === 'function' ? change(current) : change) }));
    setLimit(PAGE_SIZE);
    setSelected(null);
  }, []);
  const toggleService = useCallback(
    (filter: ServiceFilter, on: boolean) =>
      update((current) => ({
        services: SERVICE_FILTERS.filter((item) => (item === filter ? on : current.services.includes(item))),
      })),
    [update],
  );
  const setView = (view: LocatorQuery['view']) => setQuery((current) => ({ ...current, view }));
  const showMore = useCallback(() => setLimit((value) => value + PAGE_SIZE), []);
  const selectedStation = selected ? list.stations?.find((station) => station.id === selected) : undefined;

  return {
    locale,
    query,
    searched,
    country,
    homeCountry,
    list,
    favourites,
    position,
    coords,
    now,
    zoned,
    results,
    /** The newest charger status of the list when all are too old to trust, else null. */
    chargerStatusesAt,
    mapStations,
    mapFocus,
    limit,
    selectedStation,
    filtersOpen,
    setFiltersOpen,
    update,
    toggleService,
    setView,
    showMore,
    locate,
    select: setSelected,
  };
}
