/**
 * "My stations": the starred stations first in the locator, from any country, each with
 * its own star to take it off. The installed app's shortcut opens the locator here
 * (`#my-stations`), so the section scrolls into view when the address asks for it.
 */
import { useEffect, useRef } from 'react';
import { useLingui } from '@lingui/react';
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
  const scrolled = useRef(false);

  // The section appears once storage is read, after the browser looked for the anchor.
  useEffect(() => {
    if (scrolled.current || count === 0 || window.location.hash !== `#${MY_STATIONS_ANCHOR}`) return;
    scrolled.current = true;
    section.current?.scrollIntoView();
    section.current?.focus({ preventScroll: true });
  }, [count]);

  if (count === 0) return null;
  return (
    <section
      ref={section}
      id={MY_STATIONS_ANCHOR}
      className="my-stations"
      aria-labelledby={`${MY_STATIONS_ANCHOR}-title`}
      tabIndex={-1}
    >
      <h3 id={`${MY_STATIONS_ANCHOR}-title`} className="my-stations__title">
        {i18n._('stations.favourites.title')}
      </h3>
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
    </section>
  );
}
