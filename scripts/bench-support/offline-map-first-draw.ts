/**
 * The offline station map's first draw for the scale benchmark (scripts/bench-stations.ts,
 * target: "first map draw < 200 ms at 13,000"): the real component
 * (src/features/stations/components/offline-map.tsx) rendered by React into the bench's
 * 1280 × 800 container, from the call until its markers are in the DOM at the fitted view
 * (the index over all stations, the projection of the outlines, the clusters of the first
 * view and their buttons). The benchmark then waits for the next frame, so painting counts.
 * Messages are ids (an empty catalog): the text does not change the work.
 */
import { setupI18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { createElement } from 'react';
import { createRoot } from 'react-dom/client';
import OfflineMap from '../../src/features/stations/components/offline-map';
import type { StationSummary } from '#shared/stations';

export interface FirstDrawInput {
  /** Every station of the run (1,300 or 13,000), as the stored list holds them. */
  stations: readonly StationSummary[];
  /** An empty, attached element of `width` × `height` CSS pixels to draw into. */
  container: HTMLElement;
  width: number;
  height: number;
}

/** Draws the map's first view (fitted to the stations) into the container. */
export type FirstDraw = (input: FirstDrawInput) => void | Promise<void>;

const i18n = setupI18n({ locale: 'en-EU', messages: { 'en-EU': {} } });

/** Resolves once `container` holds a marker (cluster or station) or, for no stations, the outlines. */
function markersDrawn(container: HTMLElement, expectMarkers: boolean): Promise<void> {
  const done = () =>
    expectMarkers
      ? container.querySelector('.offline-map__cluster, .offline-map__station') !== null
      : container.querySelector('.offline-map__country') !== null;
  return new Promise((resolve) => {
    if (done()) return resolve();
    const observer = new MutationObserver(() => {
      if (!done()) return;
      observer.disconnect();
      resolve();
    });
    observer.observe(container, { childList: true, subtree: true });
  });
}

export const OFFLINE_MAP_FIRST_DRAW: FirstDraw | null = async ({ stations, container }) => {
  const root = createRoot(container);
  root.render(createElement(I18nProvider, { i18n }, createElement(OfflineMap, { stations, label: 'Stations' })));
  await markersDrawn(container, stations.length > 0);
};
