// @vitest-environment happy-dom
/**
 * A key typed in the locator's search re-renders the search field alone. React writes a
 * re-rendered input's name and type back to the DOM, and on a phone restyling every filter
 * checkbox for each key cost more than the key's own render (docs/performance.md,
 * "Interaction"). The filters, the grade, the country and the toggles are memoised on the
 * fields they show and on callbacks use-locator.ts keeps stable, as this harness does.
 */
import type { I18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { cleanup, fireEvent, render } from '@testing-library/react';
import { useCallback, useState } from 'react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { preloadCatalogs } from '@/i18n/catalogs';
import type { Locale } from '#shared/locales';
import { parseLocatorQuery, type LocatorQuery } from '../locator-query';
import { LocatorForm } from './locator-form';

let catalogs: Record<Locale, I18n>;
beforeAll(async () => {
  catalogs = await preloadCatalogs();
});
afterEach(cleanup);

const noop = () => {};

function Harness({ initial }: { initial: string }) {
  const [query, setQuery] = useState<LocatorQuery>(() => parseLocatorQuery(initial));
  const update = useCallback((change: Partial<LocatorQuery>) => setQuery((current) => ({ ...current, ...change })), []);
  const toggleService = useCallback(
    (filter: LocatorQuery['services'][number], on: boolean) =>
      setQuery((current) => ({
        ...current,
        services: on ? [...current.services, filter] : current.services.filter((item) => item !== filter),
      })),
    [],
  );
  return (
    <I18nProvider i18n={catalogs['en-EU']}>
      <LocatorForm
        query={query}
        country="FI"
        homeCountry="FI"
        located={false}
        filtersOpen
        onFiltersOpen={noop}
        onUpdate={update}
        onToggleService={toggleService}
        onLocate={noop}
      />
    </I18nProvider>
  );
}

/** The DOM changes made to anything but the search field while `act` runs. */
function changesOutsideSearch(container: HTMLElement, search: HTMLInputElement, act: () => void): string[] {
  const observer = new MutationObserver(() => {});
  observer.observe(container, { subtree: true, attributes: true, childList: true, characterData: true });
  act();
  return observer
    .takeRecords()
    .filter((record) => record.target !== search)
    .map((record) => `${record.type} ${(record.target as Element).outerHTML?.slice(0, 80) ?? record.target.nodeName}`);
}

describe('LocatorForm', () => {
  it('re-renders only the search field for each key once something is searched', () => {
    // Grade and a service chosen: every part of the form shows something.
    const view = render(<Harness initial="?q=h&grade=diesel&service=carwash" />);
    const search = view.getByRole('searchbox') as HTMLInputElement;
    const checkboxes = view.getAllByRole('checkbox').length;
    expect(checkboxes).toBeGreaterThan(5);

    for (const typed of ['ha', 'ham', 'hame']) {
      const changes = changesOutsideSearch(view.container, search, () => {
        fireEvent.change(search, { target: { value: typed } });
      });
      expect(changes, `typing "${typed}"`).toEqual([]);
      expect(search.value).toBe(typed);
    }
  });

  it('still redraws a filter when it changes', () => {
    const view = render(<Harness initial="" />);
    const open = view.getByRole('checkbox', {
      name: catalogs['en-EU']._('stations.openNow.label'),
    }) as HTMLInputElement;
    fireEvent.click(open);
    expect(open.checked).toBe(true);
    // "Clear" is offered once anything is filtered.
    expect(view.getByRole('button', { name: catalogs['en-EU']._('stations.clear') })).toBeTruthy();
  });
});
