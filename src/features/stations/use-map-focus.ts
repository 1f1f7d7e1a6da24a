/**
 * The locator map's focus (map-focus.ts) as one array while its points stay the same: the
 * list is recomputed every minute (open now), and a new array of the same points must not
 * fit the map again over the visitor's pan and zoom.
 */
import { useMemo, useState } from 'react';
import type { LatLng } from './distance';
import { focusKey, mapFocus } from './map-focus';

export function useMapFocus(stations: readonly LatLng[], position: LatLng | null): LatLng[] | null {
  const focus = useMemo(() => mapFocus(stations, position), [stations, position]);
  const key = focusKey(focus);
  const [stable, setStable] = useState({ key, focus });
  // Adjusted while rendering (https://react.dev/learn/you-might-not-need-an-effect).
  if (stable.key !== key) setStable({ key, focus });
  return stable.key === key ? stable.focus : focus;
}
