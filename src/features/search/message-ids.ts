/**
 * Message ids chosen by a code at runtime, written out so that `lingui extract` finds them
 * (docs/i18n.md): the name of a locator filter inside a sentence ("25 stations with EV
 * charging in Helsinki"), keyed by the filter (src/shared/search/service-codes.ts).
 */
import type { QueryFilter } from '#shared/search/service-codes';

export const SEARCH_FILTER_IDS: Record<QueryFilter, string> = {
  '95': /*i18n*/ 'search.filter.95',
  '98': /*i18n*/ 'search.filter.98',
  diesel: /*i18n*/ 'search.filter.diesel',
  HVO: /*i18n*/ 'search.filter.HVO',
  e85: /*i18n*/ 'search.filter.e85',
  gas: /*i18n*/ 'search.filter.gas',
  adblue: /*i18n*/ 'search.filter.adblue',
  ev: /*i18n*/ 'search.filter.ev',
  carwash: /*i18n*/ 'search.filter.carwash',
  food: /*i18n*/ 'search.filter.food',
  truck: /*i18n*/ 'search.filter.truck',
  atm: /*i18n*/ 'search.filter.atm',
  post: /*i18n*/ 'search.filter.post',
  shower: /*i18n*/ 'search.filter.shower',
  sauna: /*i18n*/ 'search.filter.sauna',
};
