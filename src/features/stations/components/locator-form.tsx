/**
 * The locator's search form: the search field, the country, the service filters, the fuel
 * grade, and the toggles (cheapest first, fast chargers, open now, near me, clear). It
 * shows the query it is given and reports each change; the state is use-locator.ts's.
 *
 * Each part beside the search field is memoised on the fields it shows (and callbacks that
 * use-locator.ts keeps stable), so that a key typed re-renders the field alone: React
 * writes a re-rendered input's name and type back to the DOM, and on a phone restyling
 * every checkbox for each key cost more than the key's own render (docs/performance.md,
 * "Interaction").
 */
import { memo, useId, type FormEvent } from 'react';
import { useLingui } from '@lingui/react';
import { FUEL_GRADES, type FuelGrade } from '#shared/fuel-prices';
import type { StationCountry } from '#shared/stations';
import { countryOrder } from '../country-order';
import type { LocatorQuery } from '../locator-query';
import { SERVICE_FILTERS, type ServiceFilter } from '../service-filters';
import { STATIONS_COUNTRY_IDS, STATIONS_FILTER_IDS, STATIONS_SERVICE_IDS } from '../message-ids';

export interface LocatorFormProps {
  query: LocatorQuery;
  country: StationCountry;
  homeCountry: StationCountry;
  /** Whether the visitor's position is known ("near me" is on). */
  located: boolean;
  filtersOpen: boolean;
  onFiltersOpen: (open: boolean) => void;
  onUpdate: (change: Partial<LocatorQuery>) => void;
  /** Kept stable by use-locator.ts, as are onUpdate, onFiltersOpen and onLocate. */
  onToggleService: (filter: ServiceFilter, on: boolean) => void;
  onLocate: () => void;
}

const ServiceFilters = memo(function ServiceFilters({
  services,
  open,
  onOpen,
  onToggle,
}: {
  services: LocatorQuery['services'];
  open: boolean;
  onOpen: (open: boolean) => void;
  onToggle: (filter: ServiceFilter, on: boolean) => void;
}) {
  const { i18n } = useLingui();
  return (
    <details className="station-locator__filters" open={open} onToggle={(event) => onOpen(event.currentTarget.open)}>
      <summary>
        {services.length > 0
          ? i18n._('stations.filters.selected', { count: services.length })
          : i18n._('stations.filters.title')}
      </summary>
      <fieldset>
        <legend className="visually-hidden">{i18n._('stations.filters.title')}</legend>
        <ul className="station-locator__filter-list">
          {SERVICE_FILTERS.map((filter) => (
            <li key={filter}>
              <label>
                <input
                  type="checkbox"
                  name="service"
                  value={filter}
                  checked={services.includes(filter)}
                  onChange={(event) => onToggle(filter, event.target.checked)}
                />{' '}
                {i18n._(STATIONS_FILTER_IDS[filter] ?? `stations.filter.${filter}`)}
              </label>
            </li>
          ))}
        </ul>
      </fieldset>
    </details>
  );
});

type QueryFields<K extends keyof LocatorQuery> = Pick<LocatorQuery, K> & Pick<LocatorFormProps, 'onUpdate'>;

const GradeSelect = memo(function GradeSelect({ grade: selected, sort, onUpdate }: QueryFields<'grade' | 'sort'>) {
  const { i18n } = useLingui();
  const id = useId();
  return (
    <div className="station-locator__field">
      <label htmlFor={id}>{i18n._('stations.prices.gradeLabel')}</label>
      <select
        id={id}
        name="grade"
        value={selected ?? ''}
        onChange={(event) => {
          const grade = (event.target.value || null) as FuelGrade | null;
          onUpdate({ grade, sort: grade === null && sort === 'price' ? 'name' : sort });
        }}
      >
        <option value="">{i18n._('stations.prices.anyGrade')}</option>
        {FUEL_GRADES.map((grade) => (
          <option key={grade} value={grade}>
            {i18n._(STATIONS_SERVICE_IDS[grade] ?? `stations.service.${grade}`)}
          </option>
        ))}
      </select>
    </div>
  );
});

function isFiltered(query: LocatorQuery): boolean {
  return Boolean(
    query.sort !== 'name' || query.q || query.services.length > 0 || query.openNow || query.grade || query.fastCharger,
  );
}

const LocatorToggles = memo(function LocatorToggles({
  grade,
  sort,
  fastCharger,
  openNow,
  filtered,
  located,
  onUpdate,
  onLocate,
}: QueryFields<'grade' | 'sort' | 'fastCharger' | 'openNow'> &
  Pick<LocatorFormProps, 'located' | 'onLocate'> & {
    /** Whether anything is searched, filtered or sorted: "clear" is offered. */
    filtered: boolean;
  }) {
  const { i18n } = useLingui();
  return (
    <div className="station-locator__toggles">
      {grade ? (
        <label className="station-locator__toggle">
          <input
            type="checkbox"
            name="sort"
            value="price"
            checked={sort === 'price'}
            onChange={(event) => onUpdate({ sort: event.target.checked ? 'price' : located ? 'distance' : 'name' })}
          />{' '}
          {i18n._('stations.prices.cheapestFirst')}
        </label>
      ) : null}
      <label className="station-locator__toggle">
        <input
          type="checkbox"
          name="charger"
          value="fast"
          checked={fastCharger}
          onChange={(event) => onUpdate({ fastCharger: event.target.checked })}
        />{' '}
        {i18n._('stations.chargers.fastFilter')}
      </label>
      <label className="station-locator__toggle">
        <input
          type="checkbox"
          name="open"
          checked={openNow}
          onChange={(event) => onUpdate({ openNow: event.target.checked })}
        />{' '}
        {i18n._('stations.openNow.label')}
      </label>
      <button
        type="button"
        className="station-locator__near"
        onClick={onLocate}
        aria-pressed={located && sort === 'distance'}
      >
        {i18n._('stations.nearMe')}
      </button>
      {filtered ? (
        <button
          type="button"
          className="station-locator__clear"
          onClick={(event) => {
            onUpdate({ q: '', services: [], openNow: false, sort: 'name', grade: null, fastCharger: false });
            // The button goes with the filters: the focus goes to the emptied search field,
            // not to <body> (WCAG 2.4.3).
            event.currentTarget.form?.querySelector<HTMLInputElement>('input[name="q"]')?.focus();
          }}
        >
          {i18n._('stations.clear')}
        </button>
      ) : null}
    </div>
  );
});

const CountrySelect = memo(function CountrySelect({
  country,
  homeCountry,
  onUpdate,
}: Pick<LocatorFormProps, 'country' | 'homeCountry' | 'onUpdate'>) {
  const { i18n } = useLingui();
  const id = useId();
  return (
    <div className="station-locator__field">
      <label htmlFor={id}>{i18n._('stations.country.label')}</label>
      <select
        id={id}
        name="country"
        value={country}
        onChange={(event) =>
          onUpdate({ country: event.target.value === homeCountry ? null : (event.target.value as StationCountry) })
        }
      >
        {countryOrder(homeCountry).map((code) => (
          <option key={code} value={code}>
            {i18n._(STATIONS_COUNTRY_IDS[code] ?? `stations.country.${code}`)}
          </option>
        ))}
      </select>
    </div>
  );
});

export function LocatorForm(props: LocatorFormProps) {
  const { query, onUpdate } = props;
  const { i18n } = useLingui();
  const searchId = useId();
  return (
    <form className="station-locator__form" role="search" onSubmit={(event: FormEvent) => event.preventDefault()}>
      <div className="station-locator__field station-locator__field--search">
        <label htmlFor={searchId}>{i18n._('stations.search.label')}</label>
        <input
          id={searchId}
          type="search"
          name="q"
          autoComplete="off"
          // Shown where the label is read out only (a phone in map view, stations.css).
          placeholder={i18n._('stations.search.label')}
          value={query.q}
          onChange={(event) => onUpdate({ q: event.target.value })}
        />
      </div>
      <CountrySelect country={props.country} homeCountry={props.homeCountry} onUpdate={onUpdate} />
      <ServiceFilters
        services={query.services}
        open={props.filtersOpen}
        onOpen={props.onFiltersOpen}
        onToggle={props.onToggleService}
      />
      <GradeSelect grade={query.grade} sort={query.sort} onUpdate={onUpdate} />
      <LocatorToggles
        grade={query.grade}
        sort={query.sort}
        fastCharger={query.fastCharger}
        openNow={query.openNow}
        filtered={isFiltered(query)}
        located={props.located}
        onUpdate={onUpdate}
        onLocate={props.onLocate}
      />
    </form>
  );
}
