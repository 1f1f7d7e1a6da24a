/**
 * The locator's service filters (fuels, car wash, EV charging, shop/food,
 * truck …). Each filter matches stations that have any of its codes; several filters all
 * have to match. `MAIN` (the `?service=MAIN` links of spec §2) is a staffed station with
 * a shop, i.e. not an unmanned express station (docs/stations.md).
 */
import type { ServiceCode, StationSummary } from '@/shared/stations';

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

const CODES: Record<Exclude<ServiceFilter, 'MAIN'>, readonly ServiceCode[]> = {
  '95': ['95'],
  '98': ['98'],
  diesel: ['diesel'],
  HVO: ['HVO'],
  e85: ['e85'],
  gas: ['cng', 'lbg'],
  adblue: ['adblue'],
  ev: ['evCharging', 'elbilsladdning150', 'elbilsladdning400'],
  evFast: ['elbilsladdning150', 'elbilsladdning400'],
  carwash: ['carwash', 'norwegianshellcarwash'],
  food: ['lunch'],
  truck: ['truckfacilities', 'adblue', 'shower'],
  atm: ['atm'],
  post: ['post'],
  shower: ['shower'],
  rental: ['trailerrent', 'vanrental'],
  sauna: ['sauna'],
};

const FILTER_SET: ReadonlySet<string> = new Set(SERVICE_FILTERS);

export function isServiceFilter(value: string): value is ServiceFilter {
  return FILTER_SET.has(value);
}

export function matchesFilter(station: StationSummary, filter: ServiceFilter): boolean {
  if (filter === 'MAIN') return !station.express;
  return CODES[filter].some((code) => station.services.includes(code));
}
