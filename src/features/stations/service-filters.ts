/**
 * The locator's service filters (fuels, car wash, EV charging, shop/food,
 * truck …). Each filter matches stations that have any of its codes; several filters all
 * have to match. `MAIN` (the `?service=MAIN` links of spec §2) is a staffed station with
 * a shop, i.e. not an unmanned express station (docs/stations.md).
 */
import { hasFilterCodes } from '#shared/search/service-codes';
import type { StationSummary } from '#shared/stations';

export const SERVICE_FILTERS = [
  'MAIN',
  '95',
  '98',
  'diesel',
  'HVO',
  'e85',
  'gas',
  'adblue',
  'ev',
  'evFast',
  'carwash',
  'food',
  'truck',
  'atm',
  'post',
  'shower',
  'rental',
  'sauna',
] as const;
export type ServiceFilter = (typeof SERVICE_FILTERS)[number];

const FILTER_SET: ReadonlySet<string> = new Set(SERVICE_FILTERS);

export function isServiceFilter(value: string): value is ServiceFilter {
  return FILTER_SET.has(value);
}

export function matchesFilter(station: StationSummary, filter: ServiceFilter): boolean {
  if (filter === 'MAIN') return !station.express;
  return hasFilterCodes(station.services, filter);
}
