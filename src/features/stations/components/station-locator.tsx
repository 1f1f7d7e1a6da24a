/**
 * The stationLocator block (spec §2): search, service filters, open now, near me, the list
 * beside a map (stacked on phones). Works from the stations stored on this device, so it
 * lists, searches, filters and sorts offline too, and says so.
 *
 * The server render lists the short `initial` list the origin put in the block (links the
 * crawler follows stay few); the browser swaps in the whole stored list after hydration.
 * The state is use-locator.ts's; the parts here only show it and report changes.
 *
 * A key in the search field renders the form at once and the rest later, from the
 * deferred query (`searched`): the list, the count and the map are memoised and get only
 * values that stay the same until that deferred render (docs/performance.md "Interaction").
 */
import { useId, useMemo } from 'react';
import { useLingui } from '@lingui/react';
import type { KnownBlock } from '#shared/content-schema';
import { useLocator } from '../use-locator';
import { LocatorForm } from './locator-form';
import { LocatorList, LocatorMap, type ShownStation } from './locator-results';
import { LocatorCount, LocatorNotices } from './locator-status';
import { LocatorViewSwitch } from './locator-view-switch';
import { StoredCountries } from './stored-countries';
import { StationStyles } from './station-styles';

type StationLocatorBlock = Extract<KnownBlock, { type: 'stationLocator' }>;

export function StationLocator({ block }: { block: StationLocatorBlock }) {
  const { i18n } = useLingui();
  const ids = { title: useId(), status: useId() };
  const locator = useLocator();
  const { query, searched, results, coords } = locator;
  const shown: readonly ShownStation[] = useMemo(
    () => results ?? block.initial.map((station) => ({ station, open: null, distanceKm: null })),
    [results, block.initial],
  );
  const initial = useMemo(() => ({ shown: block.initial.length, total: block.total }), [block]);

  return (
    <section className="station-locator" aria-labelledby={ids.title}>
      <StationStyles />
      <h2 id={ids.title} className="station-locator__title">
        {i18n._('stations.locator.title')}
      </h2>
      <LocatorViewSwitch view={query.view} onChange={locator.setView} />
      <LocatorForm
        query={query}
        country={locator.country}
        homeCountry={locator.homeCountry}
        located={coords !== null}
        filtersOpen={locator.filtersOpen}
        onFiltersOpen={locator.setFiltersOpen}
        onUpdate={locator.update}
        onToggleService={locator.toggleService}
        onLocate={locator.locate}
      />
      <LocatorNotices
        list={locator.list}
        position={locator.position}
        locale={locator.locale}
        staleChargers={
          searched.fastCharger && locator.chargerStatusesAt !== null
            ? { at: locator.chargerStatusesAt, now: locator.now }
            : null
        }
      />
      <StoredCountries locale={locator.locale} homeCountry={locator.homeCountry} />
      <LocatorCount id={ids.status} results={results} query={searched} located={coords !== null} initial={initial} />
      <div className="station-locator__layout" data-view={query.view}>
        <LocatorList
          labelledBy={ids.status}
          shown={shown}
          limit={locator.limit}
          total={results ? results.length : null}
          searched={results !== null}
          locale={locator.locale}
          now={locator.now}
          zoned={locator.zoned}
          favourites={locator.favourites}
          grade={searched.grade}
          onShowMore={locator.showMore}
        />
        <LocatorMap
          stations={locator.mapStations}
          country={locator.country}
          locale={locator.locale}
          position={coords}
          fitTo={locator.mapFocus}
          selected={locator.selectedStation}
          grade={searched.grade}
          now={locator.now}
          onSelect={locator.select}
        />
      </div>
    </section>
  );
}
