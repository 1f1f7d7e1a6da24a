// @vitest-environment happy-dom
/**
 * The favourites' first answer on a first visit (none starred) tells "My stations" that
 * storage has been read, and must not draw the locator's rows again: that render ran in
 * one task after hydration (docs/performance.md, use-favourites.ts).
 */
import type { I18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { cleanup, render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { preloadCatalogs } from '@/i18n/catalogs';
import { SiteContext } from '@/ui/site-context';
import { zonedNow } from '#shared/station-calendar';
import type { Locale } from '#shared/locales';
import { stationSummarySchema } from '#shared/stations';
import { stationFacts } from '../station-facts.fixture';
import type { FavouriteStations } from '../use-favourites';
import { LocatorList, type ShownStation } from './locator-results';

const rowRenders = vi.hoisted(() => ({ count: 0 }));
vi.mock('./station-list-item', async (importOriginal) => {
  const original = await importOriginal<typeof import('./station-list-item')>();
  return {
    ...original,
    StationListItem: (props: Parameters<typeof original.StationListItem>[0]) => {
      rowRenders.count += 1;
      return <li>{props.station.name}</li>;
    },
  };
});

let catalogs: Record<Locale, I18n>;
beforeAll(async () => {
  catalogs = await preloadCatalogs();
});
afterEach(cleanup);

const NOW = new Date('2026-11-30T10:00:00Z');
const ZONED = zonedNow(NOW, 'Europe/Helsinki');
const SHOWN: ShownStation[] = ['FI-1', 'FI-2', 'FI-3'].map((id) => ({
  station: stationSummarySchema.parse(stationFacts(id)),
  open: null,
  distanceKm: null,
}));
const noop = () => {};

function list(favourites: FavouriteStations): ReactNode {
  return (
    <I18nProvider i18n={catalogs['en-EU']}>
      <SiteContext.Provider value={{ locale: 'en-EU', basename: '' }}>
        <MemoryRouter initialEntries={['/station-locator#my-stations']}>
          <LocatorList
            labelledBy="count"
            shown={SHOWN}
            limit={30}
            total={null}
            searched={false}
            locale="en-EU"
            now={NOW}
            zoned={ZONED}
            favourites={favourites}
            grade={null}
            onShowMore={noop}
          />
        </MemoryRouter>
      </SiteContext.Provider>
    </I18nProvider>
  );
}

describe('LocatorList', () => {
  it('draws "My stations" but not the rows again when the favourites turn out to be none', () => {
    const ids = new Set<string>();
    const stations: FavouriteStations['stations'] = [];
    const view = render(list({ read: false, ids, stations }));
    expect(rowRenders.count).toBe(SHOWN.length);
    expect(view.container.textContent).not.toContain(catalogs['en-EU']._('stations.favourites.none'));

    view.rerender(list({ read: true, ids, stations }));
    expect(view.container.textContent).toContain(catalogs['en-EU']._('stations.favourites.none'));
    expect(rowRenders.count).toBe(SHOWN.length);

    // A star does draw them again (a row shows whether it is starred), and the starred
    // station once more in "My stations".
    view.rerender(list({ read: true, ids: new Set(['FI-2']), stations: [SHOWN[1]!.station] }));
    expect(rowRenders.count).toBe(SHOWN.length * 2 + 1);
  });
});
