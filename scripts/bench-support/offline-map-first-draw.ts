/**
 * The import point of the offline station map's first draw for the scale benchmark
 * (scripts/bench-stations.ts, issue 12 item 3: "first map draw < 200 ms at 13,000").
 *
 * The offline map is built on another branch; until it is merged this module exports
 * `null` and the benchmark measures the part of a first draw that exists today (see
 * `firstDrawStandIn` in the benchmark: the cluster index and the clusters of the first view)
 * and says so in its table.
 *
 * TO WIRE (coordinator, after merging the offline map): import the map's pure first-draw
 * function here and set OFFLINE_MAP_FIRST_DRAW to an adapter with this signature. The
 * benchmark runs it in Chromium with a fresh 1280 × 800 container and all stations of the
 * run, and measures from the call until the next animation frame after it settles (the
 * first frame painted with the map in it).
 */
import type { StationSummary } from '../../src/shared/stations';

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

/** Set to the offline map's first draw once it is merged (see above). */
export const OFFLINE_MAP_FIRST_DRAW: FirstDraw | null = null;
