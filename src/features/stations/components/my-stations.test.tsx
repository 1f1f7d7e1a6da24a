// @vitest-environment happy-dom
/**
 * "My stations" with nothing starred: the header's link and the app's shortcut open the
 * locator at #my-stations, where a visitor without stars is told how to get some, but only
 * once storage has been read (a visitor whose stars are still being read must not be told
 * they have none), and not on a plain visit to the locator, whose list keeps its place.
 */
import type { I18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { preloadCatalogs } from '@/i18n/catalogs';
import { SiteContext } from '@/ui/site-context';
import type { Locale } from '#shared/locales';
import { stationSummarySchema, type StationSummary } from '#shared/stations';
import { stationFacts } from '../station-facts.fixture';
import type { FavouriteStations } from '../use-favourites';
import { MyStations } from './my-stations';

let catalogs: Record<Locale, I18n>;
beforeAll(async () => {
  catalogs = await preloadCatalogs();
});
afterEach(cleanup);

const NOW = new Date('2026-11-30T10:00:00Z');
const notRead: FavouriteStations = { read: false, ids: new Set(), stations: [] };
const none: FavouriteStations = { read: true, ids: notRead.ids, stations: notRead.stations };
const station: StationSummary = stationSummarySchema.parse(stationFacts('FI-1', 'St1 Kamppi'));

function renderAt(address: string, favourites: FavouriteStations, locale: Locale = 'en-EU') {
  return render(
    <I18nProvider i18n={catalogs[locale]}>
      <SiteContext.Provider value={{ locale, basename: '' }}>
        <MemoryRouter initialEntries={[address]}>
          <MyStations favourites={favourites} locale={locale} nowAt={NOW} />
        </MemoryRouter>
      </SiteContext.Provider>
    </I18nProvider>,
  );
}

const emptyText = (locale: Locale = 'en-EU') => catalogs[locale]._('stations.favourites.none');

describe('My stations with nothing starred', () => {
  it('says so, in the section the address asked for, which takes the focus', () => {
    renderAt('/station-locator#my-stations', none);
    const section = screen.getByRole('region', { name: 'My stations' });
    expect(section.textContent).toContain(emptyText());
    expect(section.querySelector('ol')).toBeNull();
    expect(document.activeElement).toBe(section);
  });

  it('says nothing while the favourites are still being read', () => {
    const { container } = renderAt('/station-locator#my-stations', notRead);
    expect(container.textContent).toBe('');
  });

  it('stays away on a visit that did not ask for it, so the results keep their place', () => {
    const { container } = renderAt('/station-locator', none);
    expect(container.textContent).toBe('');
  });

  it.each(['fi-FI', 'sv-SE', 'no-NO'] as const)('has its text in %s', (locale) => {
    renderAt('/asemahaku#my-stations', none, locale);
    expect(emptyText(locale)).not.toBe('stations.favourites.none');
    expect(screen.getByText(emptyText(locale))).toBeTruthy();
  });

  it('lists the starred stations, without the text, when there are some', () => {
    renderAt('/station-locator#my-stations', { read: true, ids: new Set([station.id]), stations: [station] });
    const section = screen.getByRole('region', { name: 'My stations' });
    expect(section.textContent).toContain('St1 Kamppi');
    expect(section.textContent).not.toContain(emptyText());
  });
});
