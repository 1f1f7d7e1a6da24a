/**
 * The locator's list column ("My stations" and the results, a page at a time) and its map
 * column (the map of the results and the card of the station chosen on it).
 */
import { memo, useEffect, useId, useMemo, useRef } from 'react';
import { Link } from '@/ui/link';
import { useLingui } from '@lingui/react';
import type { FuelGrade } from '#shared/fuel-prices';
import { LOCALE_INFO, type Locale } from '#shared/locales';
import type { zonedNow } from '#shared/station-calendar';
import type { StationCountry, StationSummary } from '#shared/stations';
import type { LatLng } from '../distance';
import type { useFavourites } from '../use-favourites';
import { MapPanel } from './map-panel';
import { MyStations } from './my-stations';
import { stationHref, StationListItem } from './station-list-item';
import { StationLiveSummary } from './station-live-summary';

export interface ShownStation {
  station: StationSummary;
  open: boolean | null;
  distanceKm: number | null;
}

/** Memoised: a key in the search field must not render the list again (station-locator.tsx). */
export const LocatorList = memo(function LocatorList({
  labelledBy,
  shown,
  limit,
  total,
  searched,
  locale,
  now,
  zoned,
  favourites,
  grade,
  onShowMore,
}: {
  labelledBy: string;
  shown: readonly ShownStation[];
  limit: number;
  /** How many results there are (null: the server's short list, with no "show more"). */
  total: number | null;
  /** Whether the stations are search results in the browser (with live times), not the server's list. */
  searched: boolean;
  locale: Locale;
  now: Date;
  zoned: ReturnType<typeof zonedNow>;
  favourites: ReturnType<typeof useFavourites>;
  grade: FuelGrade | null;
  onShowMore: () => void;
}) {
  const { i18n } = useLingui();
  const list = useRef<HTMLOListElement>(null);
  // "Show more" hands the focus to the first station it added: the button moves below
  // them, or goes with the last page, and the focus must not fall to <body> (WCAG 2.4.3).
  const focusFrom = useRef<number | null>(null);
  useEffect(() => {
    const index = focusFrom.current;
    if (index === null || limit <= index) return;
    focusFrom.current = null;
    list.current?.children[index]?.querySelector<HTMLElement>('.station-item__name a')?.focus();
  }, [limit]);
  // The rows depend on the starred ids only, not on whether storage has been read: the
  // favourites' first answer (none starred, the usual first visit) draws "My stations"
  // again but not the rows (use-favourites.ts, NOT_READ and NONE share their ids).
  const favouriteIds = favourites.ids;
  const instant = searched ? now : null;
  const rows = useMemo(
    () =>
      shown
        .slice(0, limit)
        .map((result) => (
          <StationListItem
            key={result.station.id}
            station={result.station}
            open={result.open}
            distanceKm={result.distanceKm}
            locale={locale}
            now={zoned}
            favourite={favouriteIds.has(result.station.id)}
            instant={instant}
            grade={grade}
          />
        )),
    [shown, limit, locale, zoned, favouriteIds, instant, grade],
  );
  return (
    <div className="station-locator__list-column">
      <MyStations favourites={favourites} locale={locale} nowAt={now} />
      <ol ref={list} className="station-list" aria-labelledby={labelledBy}>
        {rows}
      </ol>
      {total !== null && total > limit ? (
        <button
          type="button"
          className="station-locator__more"
          onClick={() => {
            focusFrom.current = limit;
            onShowMore();
          }}
        >
          {i18n._('stations.results.showMore', { count: total - limit })}
        </button>
      ) : null}
    </div>
  );
});

/** Memoised like the list: the map follows the search once typing pauses (use-locator.ts). */
export const LocatorMap = memo(function LocatorMap({
  stations,
  country,
  locale,
  position,
  fitTo,
  selected,
  grade,
  now,
  onSelect,
}: {
  stations: readonly StationSummary[];
  country: StationCountry;
  locale: Locale;
  position: LatLng | null;
  fitTo: readonly LatLng[] | null;
  selected: StationSummary | undefined;
  grade: FuelGrade | null;
  now: Date;
  onSelect: (id: string | null) => void;
}) {
  const { i18n } = useLingui();
  const cardId = useId();
  // A station chosen on the map opens its card under the map: on a phone, where the map
  // fills the screen, the card is brought into view.
  const card = useRef<HTMLElement>(null);
  useEffect(() => {
    if (selected) card.current?.scrollIntoView?.({ block: 'nearest' });
  }, [selected]);
  return (
    <div className="station-locator__map-column">
      <MapPanel
        stations={stations}
        language={LOCALE_INFO[locale].htmlLang.slice(0, 2)}
        region={country}
        onSelect={onSelect}
        label={i18n._('stations.map.label')}
        position={position}
        fitTo={fitTo}
      />
      {selected ? (
        <section ref={card} className="station-card" aria-labelledby={cardId}>
          <h3 id={cardId} className="station-card__name">
            <Link to={stationHref(locale, selected.slug)}>{selected.name}</Link>
          </h3>
          <p>
            {selected.address}, {selected.postalCode} {selected.city}
          </p>
          <StationLiveSummary station={selected} grade={grade} now={now} locale={locale} />
          <button type="button" onClick={() => onSelect(null)}>
            {i18n._('stations.card.close')}
          </button>
        </section>
      ) : null}
    </div>
  );
});
