/**
 * Where the locator's map opens (docs/stations.md "On a phone"): fitted to the stations
 * listed, or, once the visitor's position is known, to the visitor and the nearest few
 * stations, so that "near me" opens on a street-level view of them rather than on the
 * whole country.
 */
import { distanceKm, type LatLng } from './distance';

/** Stations framed with the visitor: enough to choose from, few enough to see streets. */
export const NEAREST_IN_FOCUS = 5;

/** The points the first view frames; null: all the stations on the map. */
export function mapFocus(stations: readonly LatLng[], position: LatLng | null): LatLng[] | null {
  if (!position) return null;
  const nearest = stations
    .map((station) => ({ station, km: distanceKm(position, station) }))
    .sort((a, b) => a.km - b.km)
    .slice(0, NEAREST_IN_FOCUS)
    .map(({ station }) => ({ lat: station.lat, lng: station.lng }));
  return [{ lat: position.lat, lng: position.lng }, ...nearest];
}

/** A short key of a focus, so that the same points do not fit the map again. */
export function focusKey(focus: readonly LatLng[] | null | undefined): string {
  return focus ? focus.map((point) => `${point.lat.toFixed(5)},${point.lng.toFixed(5)}`).join('|') : '';
}
