/** Great-circle distance (haversine) on a spherical Earth: ample for "nearest station". */
export interface LatLng {
  lat: number;
  lng: number;
}

const EARTH_RADIUS_KM = 6371.0088;
const toRadians = (degrees: number) => (degrees * Math.PI) / 180;

export function distanceKm(a: LatLng, b: LatLng): number {
  const dLat = toRadians(b.lat - a.lat);
  const dLng = toRadians(b.lng - a.lng);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(toRadians(a.lat)) * Math.cos(toRadians(b.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** "850 m", "12.3 km", "120 km" in the locale's number format. */
export function formatDistance(km: number, locale: string): string {
  if (km < 1)
    return `${new Intl.NumberFormat(locale, { maximumFractionDigits: 0 }).format(Math.round(km * 100) * 10)} m`;
  return `${new Intl.NumberFormat(locale, { maximumFractionDigits: km < 100 ? 1 : 0 }).format(km)} km`;
}
