import { describe, expect, it } from 'vitest';
import { distanceKm } from './distance';
import { focusKey, mapFocus, NEAREST_IN_FOCUS } from './map-focus';
import { initialView, toWorld } from './offline-map-model';

const helsinki = { lat: 60.17, lng: 24.94 };
const stations = [
  { id: 'a', name: 'Helsinki 1', lat: 60.18, lng: 24.95 },
  { id: 'b', name: 'Helsinki 2', lat: 60.2, lng: 24.9 },
  { id: 'c', name: 'Espoo', lat: 60.21, lng: 24.66 },
  { id: 'd', name: 'Vantaa', lat: 60.29, lng: 25.04 },
  { id: 'e', name: 'Porvoo', lat: 60.39, lng: 25.66 },
  { id: 'f', name: 'Tampere', lat: 61.5, lng: 23.76 },
  { id: 'g', name: 'Oulu', lat: 65.01, lng: 25.47 },
  { id: 'h', name: 'Rovaniemi', lat: 66.5, lng: 25.73 },
];

describe('where the locator map opens', () => {
  it('without a position: all the stations (no focus)', () => {
    expect(mapFocus(stations, null)).toBeNull();
  });

  it('with a position: the visitor and the nearest stations', () => {
    const focus = mapFocus(stations, helsinki)!;
    expect(focus[0]).toEqual(helsinki);
    expect(focus).toHaveLength(1 + NEAREST_IN_FOCUS);
    const farthestShown = Math.max(...focus.slice(1).map((point) => distanceKm(helsinki, point)));
    expect(farthestShown).toBeLessThan(distanceKm(helsinki, stations[5]!));
  });

  it('frames the focus far closer than the whole country, with the visitor in view', () => {
    const size = { width: 390, height: 600 };
    const country = initialView(stations, size);
    const near = initialView(stations, size, 14, mapFocus(stations, helsinki));
    expect(Math.log2(near.k) - Math.log2(country.k)).toBeGreaterThan(2);
    const [x, y] = toWorld(helsinki.lng, helsinki.lat);
    const screen = [x * near.k + near.x, y * near.k + near.y];
    expect(screen[0]).toBeGreaterThanOrEqual(0);
    expect(screen[0]).toBeLessThanOrEqual(size.width);
    expect(screen[1]).toBeGreaterThanOrEqual(0);
    expect(screen[1]).toBeLessThanOrEqual(size.height);
  });

  it('a position alone opens around it; the key names the same points the same way', () => {
    const view = initialView([], { width: 390, height: 600 }, 14, [helsinki]);
    expect(Math.log2(view.k)).toBeGreaterThanOrEqual(10);
    expect(focusKey(mapFocus(stations, helsinki))).toBe(focusKey(mapFocus([...stations].reverse(), helsinki)));
    expect(focusKey(null)).toBe('');
  });
});
