/**
 * The locator's state in the query string, so that a filtered view can be linked
 * (as spec §2's `?service=MAIN` is): q (search words), service (filters, comma
 * separated or repeated), open=1 (open now), sort=distance (near me) or sort=price
 * (cheapest of `grade` first), grade (a fuel whose price the list shows and filters on),
 * charger=fast (a fast charger available now), country, and view=map (a phone shows the
 * map instead of the list; docs/stations.md "On a phone").
 * Unknown values are dropped rather than failing: an old link still opens the locator.
 */
import { isFuelGrade, type FuelGrade } from '#shared/fuel-prices';
import { STATION_COUNTRIES, type StationCountry } from '#shared/station-constants';
import { isServiceFilter, SERVICE_FILTERS, type ServiceFilter } from './service-filters';

export interface LocatorQuery {
  q: string;
  services: ServiceFilter[];
  openNow: boolean;
  sort: 'name' | 'distance' | 'price';
  /** The grade whose price is shown, filtered on and sorted by. */
  grade: FuelGrade | null;
  /** Only stations with a charger of ≥ 100 kW available now. */
  fastCharger: boolean;
  country: StationCountry | null;
  /** What a narrow screen shows: the list or the map (a wide one shows both). */
  view: 'list' | 'map';
}

export function parseLocatorQuery(search: string | URLSearchParams): LocatorQuery {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  const services = params
    .getAll('service')
    .flatMap((value) => value.split(','))
    .map((value) => value.trim())
    .filter(isServiceFilter);
  const country = params.get('country')?.toUpperCase();
  const grade = params.get('grade');
  const sort = params.get('sort');
  return {
    q: (params.get('q') ?? '').slice(0, 100),
    // In the fixed order of SERVICE_FILTERS, so that one view has one address.
    services: SERVICE_FILTERS.filter((filter) => services.includes(filter)),
    openNow: params.get('open') === '1',
    // A price order needs a grade to order by.
    sort: sort === 'distance' ? 'distance' : sort === 'price' && isFuelGrade(grade) ? 'price' : 'name',
    grade: isFuelGrade(grade) ? grade : null,
    fastCharger: params.get('charger') === 'fast',
    country: (STATION_COUNTRIES as readonly string[]).includes(country ?? '') ? (country as StationCountry) : null,
    view: params.get('view') === 'map' ? 'map' : 'list',
  };
}

/** The query string of a locator state ("" for the default view), without "?". */
export function locatorSearch(query: LocatorQuery): string {
  const params = new URLSearchParams();
  if (query.q.trim()) params.set('q', query.q.trim());
  if (query.services.length > 0) params.set('service', query.services.join(','));
  if (query.openNow) params.set('open', '1');
  if (query.grade) params.set('grade', query.grade);
  if (query.sort === 'distance' || (query.sort === 'price' && query.grade)) params.set('sort', query.sort);
  if (query.fastCharger) params.set('charger', 'fast');
  if (query.country) params.set('country', query.country);
  if (query.view === 'map') params.set('view', 'map');
  return params.toString();
}
