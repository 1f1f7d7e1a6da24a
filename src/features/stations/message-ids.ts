/**
 * Message ids chosen by a code at runtime, written out so that `lingui extract` finds them
 * (docs/i18n.md): the key is the code, the value its id in this folder's catalog.
 */
export const STATIONS_CHARGER_STATUS_IDS: Partial<Record<string, string>> = {
  AVAILABLE: /*i18n*/ 'stations.charger.status.AVAILABLE',
  BLOCKED: /*i18n*/ 'stations.charger.status.BLOCKED',
  CHARGING: /*i18n*/ 'stations.charger.status.CHARGING',
  INOPERATIVE: /*i18n*/ 'stations.charger.status.INOPERATIVE',
  OUTOFORDER: /*i18n*/ 'stations.charger.status.OUTOFORDER',
  PLANNED: /*i18n*/ 'stations.charger.status.PLANNED',
  REMOVED: /*i18n*/ 'stations.charger.status.REMOVED',
  RESERVED: /*i18n*/ 'stations.charger.status.RESERVED',
  UNKNOWN: /*i18n*/ 'stations.charger.status.UNKNOWN',
};

export const STATIONS_COUNTRY_IDS: Partial<Record<string, string>> = {
  FI: /*i18n*/ 'stations.country.FI',
  NO: /*i18n*/ 'stations.country.NO',
  SE: /*i18n*/ 'stations.country.SE',
};

export const STATIONS_DIET_IDS: Partial<Record<string, string>> = {
  G: /*i18n*/ 'stations.diet.G',
  L: /*i18n*/ 'stations.diet.L',
  M: /*i18n*/ 'stations.diet.M',
  VEG: /*i18n*/ 'stations.diet.VEG',
};

export const STATIONS_FILTER_IDS: Partial<Record<string, string>> = {
  '95': /*i18n*/ 'stations.filter.95',
  '98': /*i18n*/ 'stations.filter.98',
  adblue: /*i18n*/ 'stations.filter.adblue',
  atm: /*i18n*/ 'stations.filter.atm',
  carwash: /*i18n*/ 'stations.filter.carwash',
  diesel: /*i18n*/ 'stations.filter.diesel',
  e85: /*i18n*/ 'stations.filter.e85',
  ev: /*i18n*/ 'stations.filter.ev',
  evFast: /*i18n*/ 'stations.filter.evFast',
  food: /*i18n*/ 'stations.filter.food',
  gas: /*i18n*/ 'stations.filter.gas',
  HVO: /*i18n*/ 'stations.filter.HVO',
  MAIN: /*i18n*/ 'stations.filter.MAIN',
  post: /*i18n*/ 'stations.filter.post',
  rental: /*i18n*/ 'stations.filter.rental',
  sauna: /*i18n*/ 'stations.filter.sauna',
  shower: /*i18n*/ 'stations.filter.shower',
  truck: /*i18n*/ 'stations.filter.truck',
};

export const STATIONS_NEAR_ME_IDS: Partial<Record<string, string>> = {
  denied: /*i18n*/ 'stations.nearMe.denied',
  unavailable: /*i18n*/ 'stations.nearMe.unavailable',
  unsupported: /*i18n*/ 'stations.nearMe.unsupported',
};

export const STATIONS_OPEN_STATUS_DAY_IDS: Partial<Record<string, string>> = {
  '1': /*i18n*/ 'stations.openStatus.day.1',
  '2': /*i18n*/ 'stations.openStatus.day.2',
  '3': /*i18n*/ 'stations.openStatus.day.3',
  '4': /*i18n*/ 'stations.openStatus.day.4',
  '5': /*i18n*/ 'stations.openStatus.day.5',
  '6': /*i18n*/ 'stations.openStatus.day.6',
  '7': /*i18n*/ 'stations.openStatus.day.7',
  tomorrow: /*i18n*/ 'stations.openStatus.day.tomorrow',
};

export const STATIONS_OPEN_STATUS_KIND_IDS: Partial<Record<string, string>> = {
  breakfast: /*i18n*/ 'stations.openStatus.kind.breakfast',
  kitchen: /*i18n*/ 'stations.openStatus.kind.kitchen',
  lunch: /*i18n*/ 'stations.openStatus.kind.lunch',
  station: /*i18n*/ 'stations.openStatus.kind.station',
};

export const STATIONS_SERVICE_IDS: Partial<Record<string, string>> = {
  '95': /*i18n*/ 'stations.service.95',
  '98': /*i18n*/ 'stations.service.98',
  adblue: /*i18n*/ 'stations.service.adblue',
  atm: /*i18n*/ 'stations.service.atm',
  carwash: /*i18n*/ 'stations.service.carwash',
  cng: /*i18n*/ 'stations.service.cng',
  diesel: /*i18n*/ 'stations.service.diesel',
  e85: /*i18n*/ 'stations.service.e85',
  elbilsladdning150: /*i18n*/ 'stations.service.elbilsladdning150',
  elbilsladdning400: /*i18n*/ 'stations.service.elbilsladdning400',
  evCharging: /*i18n*/ 'stations.service.evCharging',
  HVO: /*i18n*/ 'stations.service.HVO',
  lbg: /*i18n*/ 'stations.service.lbg',
  lunch: /*i18n*/ 'stations.service.lunch',
  norwegianshellcarwash: /*i18n*/ 'stations.service.norwegianshellcarwash',
  post: /*i18n*/ 'stations.service.post',
  sauna: /*i18n*/ 'stations.service.sauna',
  servicestation: /*i18n*/ 'stations.service.servicestation',
  shower: /*i18n*/ 'stations.service.shower',
  trailerrent: /*i18n*/ 'stations.service.trailerrent',
  truckfacilities: /*i18n*/ 'stations.service.truckfacilities',
  vanrental: /*i18n*/ 'stations.service.vanrental',
};

export const STATIONS_VIEW_IDS: Partial<Record<string, string>> = {
  list: /*i18n*/ 'stations.view.list',
  map: /*i18n*/ 'stations.view.map',
};
