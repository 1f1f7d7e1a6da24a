/** A Finnish station's facts for the stations feature's tests: the id and name vary, the rest is plain. */
import type { StationFacts } from '#shared/station-wire';

export const stationFacts = (id: string, name = `St1 ${id}`): StationFacts => ({
  id,
  slug: id.toLowerCase(),
  name,
  address: 'Katu 1',
  postalCode: '00100',
  city: 'Helsinki',
  country: 'FI',
  lat: 60.17,
  lng: 24.94,
  services: ['95'],
  express: false,
  hours: null,
});
