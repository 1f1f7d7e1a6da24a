/**
 * The map's clustering settings (spec §9 "Map clustering: radius 60 px, padding 60 px, max
 * zoom 16"), in one place for the map (components/station-map.tsx) and the benchmark
 * (scripts/bench-stations.ts). The colour rule is in ./cluster-colour.ts.
 */
import type { SuperClusterOptions } from '@googlemaps/markerclusterer';

/** Options of @googlemaps/markerclusterer's SuperClusterAlgorithm: cluster radius in px, no clusters above zoom 16. */
export const SUPERCLUSTER_OPTIONS = { radius: 60, maxZoom: 16 } as const satisfies SuperClusterOptions;

/** Padding in px when the map fits its bounds to the stations or to a clicked cluster. */
export const FIT_BOUNDS_PADDING_PX = 60;
