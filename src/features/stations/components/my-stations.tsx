/**
 * "My stations": the starred stations first in the locator, from any country, each with
 * its own star to take it off. The header's "My stations" link and the installed app's
 * shortcut open the locator here (`#my-stations`), so the section scrolls into view when
 * the address asks for it, and then says so when nothing is starred yet (not before the
 * favourites have been read: a visitor with stars must not see "none" first).
 */
import { useEffect, useLayoutEffect, useRef, type FocusEvent } from 'react';
import { useLingui } from '@lingui/react';
import { useLocation } from 'react-router';
import type { Locale } from '#shared/locales';
import { zonedNow } from '#shared/station-calendar';
import { COUNTRY_TIME_ZONE, MY_STATIONS_ANCHOR } from '#shared/station-constants';
import { isOpenNow } from '../open-now';
import type { FavouriteStations } from '../use-favourites';
import { StationListItem } from './station-list-item';

export function MyStations({
  favourites,
  locale,
  nowAt,
}: {
  favourites: FavouriteStations;
  locale: Locale;
  nowAt: Date;
}) {
  const { i18n } = useLingui();
  const section = useRef<HTMLElement>(null);
  const count = favourites.stations.length;
  const asked = useLocation().hash === `#${MY_STATIONS_ANCHOR}`;
  // Without stars the section is there only for a visitor who asked for it: on every
  // other visit the results keep their place at the top.
  const shown = favourites.read && (count > 0 || asked);
  const scrolled = useRef(false);

  // The section appears once storage is read, after the browser looked for the anchor; a
  // click on the header's link while the locator is open asks again.
  useEffect(() => {
    if (!asked) {
      scrolled.current = false;
      return;
    }
    if (scrolled.current || !shown) return;
    scrolled.current = true;
    section.current?.scrollIntoView();
    section.current?.focus({ preventScroll: true });
  }, [asked, shown]);

  const focusedStar = useFocusKeptOnUnstar(favourites.stations);

  if (!shown) return null;
  return (
    <section
      ref={section}
      onFocus={focusedStar}
      id={MY_STATIONS_ANCHOR}
      className="my-stations"
      aria-labelledby={`${MY_STATIONS_ANCHOR}-title`}
      tabIndex={-1}
    >
      <h3 id={`${MY_STATIONS_ANCHOR}-title`} className="my-stations__title">
        {i18n._('stations.favourites.title')}
      </h3>
      {count === 0 ? (
        <p className="my-stations__empty">{i18n._('stations.favourites.none')}</p>
      ) : (
        <ol className="station-list station-list--favourites">
          {favourites.stations.map((station) => (
            <StationListItem
              key={station.id}
              station={station}
              open={isOpenNow(station.hours, COUNTRY_TIME_ZONE[station.country], nowAt)}
              distanceKm={null}
              locale={locale}
              now={zonedNow(nowAt, COUNTRY_TIME_ZONE[station.country])}
              favourite
            />
          ))}
        </ol>
      )}
    </section>
  );
}

const STAR = '.favourite-star';

/**
 * Un-starring a station here takes its row, and the focused star, away: the focus would
 * fall to <body> (WCAG 2.4.3). It goes to the star of the next favourite, else the
 * previous one, else (none left) the same station's star in the results list.
 * Returns the section's focus handler, which notes whose star has the focus.
 */
function useFocusKeptOnUnstar(stations: FavouriteStations['stations']): (event: FocusEvent<HTMLElement>) => void {
  const focusedId = useRef<string | null>(null);
  const previousIds = useRef<string[]>([]);
  useLayoutEffect(() => {
    const before = previousIds.current;
    const ids = stations.map((station) => station.id);
    previousIds.current = ids;
    const id = focusedId.current;
    if (id === null || ids.includes(id)) return;
    focusedId.current = null;
    // Only a focus that was lost with the row is moved, never one the visitor put elsewhere.
    if (document.activeElement !== null && document.activeElement !== document.body) return;
    const index = Math.min(Math.max(before.indexOf(id), 0), ids.length - 1);
    const next = index >= 0 ? ids[index] : undefined;
    const target = next
      ? document.querySelector<HTMLElement>(`.station-list--favourites [data-station-id="${CSS.escape(next)}"] ${STAR}`)
      : document.querySelector<HTMLElement>(
          `.station-list:not(.station-list--favourites) [data-station-id="${CSS.escape(id)}"] ${STAR}`,
        );
    target?.focus();
  }, [stations]);
  return (event) => {
    const target = event.target;
    focusedId.current = target.matches(STAR)
      ? (target.closest<HTMLElement>('[data-station-id]')?.dataset.stationId ?? null)
      : null;
  };
}
