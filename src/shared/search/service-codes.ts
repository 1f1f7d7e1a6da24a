/**
 * The service codes behind each of the locator's filters (docs/stations.md "Filters"): a
 * filter matches a station that has any of its codes. Here, below both, so that the site
 * search on the origin and the locator in the browser count the same stations for
 * "diesel Tampere" or "pesu Oulu" (src/features/stations/service-filters.ts adds MAIN).
 */
import type { ServiceCode } from '../stations';

export const FILTER_CODES = {
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
} as const satisfies Record<string, readonly ServiceCode[]>;

export type CodeFilter = keyof typeof FILTER_CODES;

/** The filters a search word can ask for (query-words.ts). */
export const QUERY_FILTERS = [
  '95',
  '98',
  'diesel',
  'HVO',
  'e85',
  'gas',
  'adblue',
  'ev',
  'carwash',
  'food',
  'truck',
  'atm',
  'post',
  'shower',
  'sauna',
] as const satisfies readonly CodeFilter[];
export type QueryFilter = (typeof QUERY_FILTERS)[number];

export function hasFilterCodes(services: readonly string[], filter: CodeFilter): boolean {
  return FILTER_CODES[filter].some((code) => services.includes(code));
}
