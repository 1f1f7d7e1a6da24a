/**
 * The map's clustering settings (numbers in rules/limits.ts), in one place for the map (components/station-map.tsx) and the benchmark
 * (scripts/bench-stations.ts). The colour rule is in ./cluster-colour.ts.
 */
import type { SuperClusterOptions } from '@googlemaps/markerclusterer';
import { CLUSTER_MAX_ZOOM, CLUSTER_RADIUS_PX, FIT_BOUNDS_PADDING_PX } from '../../shared/rules/limits';

/** Options of @googlemaps/markerclusterer's SuperClusterAlgorithm: cluster radius in px, no clusters above zoom 16. */
export const SUPERCLUSTER_OPTIONS = {
  radius: CLUSTER_RADIUS_PX,
  maxZoom: CLUSTER_MAX_ZOOM,
} as const satisfies SuperClusterOptions;

export { FIT_BOUNDS_PADDING_PX };

/**
 * The same settings for the offline map's own supercluster index
 * (offline-map-model.ts). That map draws the world 256 px wide at zoom 0, as
 * Google does, so `extent: 256` makes `radius: 60` mean 60 screen pixels, as on
 * Google's map; Supercluster's default 512 px extent would halve it.
 */
export const OFFLINE_SUPERCLUSTER_OPTIONS = { ...SUPERCLUSTER_OPTIONS, extent: 256 } as const;

/** The offline map's world width in px at zoom 0 (zoom z is 256 × 2^z px, as in Google Maps). */
export const OFFLINE_WORLD_PX = 256;
