/**
 * The locator's state in the query string, so that a filtered view can be linked
 * (issue 5; spec §2's `?service=MAIN`): q (search words), service (filters, comma
 * separated or repeated), open=1 (open now), sort=distance (near me), country, and
 * view=map (a phone shows the map instead of the list; docs/stations.md "On a phone").
 * Unknown values are dropped rather than failing: an old link still opens the locator.
 */
import { STATION_COUNTRIES, type StationCountry } from '@/shared/stations';
import { isServiceFilter, SERVICE_FILTERS, type ServiceFilter } from './service-filters';

export interface LocatorQuery {
  q: string;
  services: ServiceFilter[];
  openNow: boolean;
  sort: 'name' | 'distance';
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
  return {
    q: (params.get('q') ?? '').slice(0, 100),
    // In the fixed order of SERVICE_FILTERS, so that one view has one address.
    services: SERVICE_FILTERS.filter((filter) => services.includes(filter)),
    openNow: params.get('open') === '1',
    sort: params.get('sort') === 'distance' ? 'distance' : 'name',
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
  if (query.sort === 'distance') params.set('sort', 'distance');
  if (query.country) params.set('country', query.country);
  if (query.view === 'map') params.set('view', 'map');
  return params.toString();
}
