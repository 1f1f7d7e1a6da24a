/**
 * The offline station map's geometry and clusters, as pure functions so
 * that the component (offline-map.tsx), the unit tests and the first-draw benchmark share
 * them. No DOM, no React.
 *
 * Coordinates: "world" pixels of Web Mercator, the world 256 px wide at zoom 0 (Google's
 * world coordinates), from d3-geo's geoMercator; a view {x, y, k} puts world point p on the
 * screen at p × k + (x, y), which is d3-zoom's transform. The clustering zoom is
 * ⌊log2 k⌋, so the Supercluster settings of map-clustering.ts mean on this map what they
 * mean on Google's: radius 60 px, no clusters above zoom 16, padding 60 px on every fit.
 */
import { geoMercator, geoPath } from 'd3-geo';
import Supercluster from 'supercluster';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import { clusterColour, type ClusterColour } from './cluster-colour';
import { FIT_BOUNDS_PADDING_PX, OFFLINE_SUPERCLUSTER_OPTIONS, OFFLINE_WORLD_PX } from './map-clustering';
import { distanceKm } from './distance';
import neighbourLands from './neighbour-lands.json';
import nordicCountries from './nordic-countries.json';

export interface OfflineMapStation {
  id: string;
  name: string;
  lat: number;
  lng: number;
  /** The station's town (town names on the map come from the stations' towns). */
  city?: string;
}

export interface MapSize {
  width: number;
  height: number;
}

/** d3-zoom's transform: screen = world × k + (x, y). */
export interface MapView {
  x: number;
  y: number;
  k: number;
}

type OfflineMarker =
  | {
      kind: 'cluster';
      key: string;
      clusterId: number;
      count: number;
      colour: ClusterColour;
      /** Screen position of the cluster's centre, px from the map's top left. */
      x: number;
      y: number;
      /** Button size in px: see markerDiameters. */
      diameter: number;
    }
  | { kind: 'station'; key: string; stationId: string; name: string; x: number; y: number };

export interface OfflineMarkers {
  /** The clustering zoom (⌊log2 k⌋, capped). */
  zoom: number;
  /** Spec §9's "mean cluster size": stations ÷ clusters and single markers at this zoom, over the whole map. */
  meanClusterSize: number;
  /** What lies in the view (with a margin of one cluster radius), clusters before single stations. */
  markers: OfflineMarker[];
}

/** Deepest zoom the map allows (past the last clustering zoom, so that close stations separate). */
export const MAX_VIEW_ZOOM = 18;
/** Shallowest zoom: the three countries in a phone-sized map. */
export const MIN_VIEW_ZOOM = 3;

/** Web Mercator in world pixels (the same numbers as Google's Projection.fromLatLngToPoint). */
const worldProjection = geoMercator()
  .scale(OFFLINE_WORLD_PX / (2 * Math.PI))
  .translate([OFFLINE_WORLD_PX / 2, OFFLINE_WORLD_PX / 2]);

export function toWorld(lng: number, lat: number): [number, number] {
  return worldProjection([lng, lat]) ?? [0, 0];
}

function toLngLat(x: number, y: number): [number, number] {
  return worldProjection.invert?.([x, y]) ?? [0, 0];
}

type StationProps = { stationId: string; name: string };
export type StationClusterIndex = {
  clusters: Supercluster<StationProps, Supercluster.AnyProps>;
  stations: number;
  /** Number of clusters and single markers per zoom (the denominator of the mean), filled on demand. */
  perZoom: Map<number, number>;
};

/** Builds the cluster index of the stations (once per list; the costly part of a first draw). */
export function buildClusterIndex(stations: readonly OfflineMapStation[]): StationClusterIndex {
  const clusters = new Supercluster<StationProps, Supercluster.AnyProps>(OFFLINE_SUPERCLUSTER_OPTIONS);
  clusters.load(
    stations.map((station) => ({
      type: 'Feature' as const,
      properties: { stationId: station.id, name: station.name },
      geometry: { type: 'Point' as const, coordinates: [station.lng, station.lat] },
    })),
  );
  return { clusters, stations: stations.length, perZoom: new Map() };
}

export function zoomOf(view: MapView): number {
  return Math.max(0, Math.floor(Math.log2(view.k) + 1e-9));
}

const WORLD_BOX: [number, number, number, number] = [-180, -85, 180, 85];

/** The mean cluster size at a zoom: the colour rule (cluster-colour.ts) compares every cluster's count with it. */
function meanClusterSizeAt(index: StationClusterIndex, zoom: number): number {
  let markers = index.perZoom.get(zoom);
  if (markers === undefined) {
    markers = index.clusters.getClusters(WORLD_BOX, zoom).length;
    index.perZoom.set(zoom, markers);
  }
  return markers === 0 ? 0 : index.stations / markers;
}

/** The markers to draw for a view: clusters red or blue (cluster-colour.ts), single stations, on screen. */
export function markersInView(index: StationClusterIndex, view: MapView, size: MapSize): OfflineMarkers {
  const zoom = zoomOf(view);
  const margin = OFFLINE_SUPERCLUSTER_OPTIONS.radius;
  const [west, north] = toLngLat((-margin - view.x) / view.k, (-margin - view.y) / view.k);
  const [east, south] = toLngLat((size.width + margin - view.x) / view.k, (size.height + margin - view.y) / view.k);
  const box: [number, number, number, number] = [
    Math.max(-180, west),
    Math.max(-85, south),
    Math.min(180, east),
    Math.min(85, north),
  ];
  const meanClusterSize = meanClusterSizeAt(index, zoom);
  const clusters: OfflineMarker[] = [];
  const singles: OfflineMarker[] = [];
  for (const item of index.clusters.getClusters(box, zoom)) {
    const [lng, lat] = item.geometry.coordinates as [number, number];
    const [wx, wy] = toWorld(lng, lat);
    const x = wx * view.k + view.x;
    const y = wy * view.k + view.y;
    const properties = item.properties as Partial<Supercluster.ClusterProperties> & Partial<StationProps>;
    if (properties.cluster) {
      const count = properties.point_count ?? 0;
      const clusterId = properties.cluster_id ?? 0;
      clusters.push({
        kind: 'cluster',
        key: `c${zoom}-${clusterId}`,
        clusterId,
        count,
        colour: clusterColour(count, meanClusterSize),
        x,
        y,
        diameter: CLUSTER_DIAMETER_PX,
      });
    } else if (properties.stationId) {
      singles.push({
        kind: 'station',
        key: `s${properties.stationId}`,
        stationId: properties.stationId,
        name: properties.name ?? '',
        x,
        y,
      });
    }
  }
  const markers = [...clusters, ...singles];
  fitDiameters(markers);
  return { zoom, meanClusterSize, markers };
}

const CLUSTER_DIAMETER_PX = 44;
/** WCAG 2.2 (2.5.8): targets of at least 24 × 24 px. Single stations are drawn at that size. */
const MIN_TARGET_PX = 24;

/**
 * Cluster centres can come closer than their 44 px circles (Supercluster moves a merged
 * cluster to the mean of its points), and overlapping buttons hide part of each other's
 * target. A cluster shrinks to the distance of its nearest neighbour along x or y (so the
 * square boxes do not overlap), but never below 24 px.
 */
function fitDiameters(markers: OfflineMarker[]): void {
  for (const marker of markers) {
    if (marker.kind !== 'cluster') continue;
    let nearest = Infinity;
    for (const other of markers) {
      if (other === marker) continue;
      nearest = Math.min(nearest, Math.max(Math.abs(other.x - marker.x), Math.abs(other.y - marker.y)));
    }
    marker.diameter = Math.max(MIN_TARGET_PX, Math.min(CLUSTER_DIAMETER_PX, Math.floor(nearest)));
  }
}

export interface WorldBounds {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

export function worldBounds(points: Iterable<{ lat: number; lng: number }>): WorldBounds | null {
  let bounds: WorldBounds | null = null;
  for (const point of points) {
    const [x, y] = toWorld(point.lng, point.lat);
    if (!bounds) bounds = { x0: x, y0: y, x1: x, y1: y };
    else {
      bounds.x0 = Math.min(bounds.x0, x);
      bounds.y0 = Math.min(bounds.y0, y);
      bounds.x1 = Math.max(bounds.x1, x);
      bounds.y1 = Math.max(bounds.y1, y);
    }
  }
  return bounds;
}

const clampK = (k: number) => Math.min(2 ** MAX_VIEW_ZOOM, Math.max(2 ** MIN_VIEW_ZOOM, k));

/** The view that shows `bounds` with FIT_BOUNDS_PADDING_PX around it (Google's fitBounds), zoom at most `maxZoom`. */
function fitView(bounds: WorldBounds, size: MapSize, maxZoom = MAX_VIEW_ZOOM): MapView {
  const padding = FIT_BOUNDS_PADDING_PX;
  const spanX = Math.max(bounds.x1 - bounds.x0, 1e-9);
  const spanY = Math.max(bounds.y1 - bounds.y0, 1e-9);
  const fit = Math.min(Math.max(size.width - 2 * padding, 1) / spanX, Math.max(size.height - 2 * padding, 1) / spanY);
  const k = clampK(Math.min(fit, 2 ** maxZoom));
  return centredView((bounds.x0 + bounds.x1) / 2, (bounds.y0 + bounds.y1) / 2, k, size);
}

function centredView(worldX: number, worldY: number, k: number, size: MapSize): MapView {
  return { x: size.width / 2 - worldX * k, y: size.height / 2 - worldY * k, k };
}

type CountryCode = 'FI' | 'SE' | 'NO';
const topology = nordicCountries as unknown as Topology<{ countries: GeometryCollection }>;

/** The countries' outlines as one world-pixel SVG path per country, computed once per page. */
let outlines: Array<{ code: CountryCode; d: string }> | undefined;
export function countryOutlines(): Array<{ code: CountryCode; d: string }> {
  if (!outlines) {
    // Four decimals of a world pixel stay under a screen pixel up to zoom 13.
    const path = geoPath(worldProjection).digits(4);
    outlines = topology.objects.countries.geometries.map((geometry) => ({
      code: geometry.id as CountryCode,
      d: path(feature(topology, geometry)) ?? '',
    }));
  }
  return outlines;
}

/** The world bounds of the three countries: the view when there are no stations to show. */
export function countriesBounds(): WorldBounds {
  const [[x0, y0], [x1, y1]] = geoPath(worldProjection).bounds(feature(topology, topology.objects.countries));
  return { x0, y0, x1, y1 };
}

/**
 * The outlines are Natural Earth 1:50m: at a street zoom (a station page asks Google's map
 * for 14) a coast is a straight line and nothing says where the station is. One station
 * opens at most at this zoom, with its region and coast in view; the visitor can zoom in.
 */
export const SINGLE_STATION_MAX_ZOOM = 6;

/** A position alone (the visitor, no station near) opens at this zoom around it. */
const FOCUS_POINT_ZOOM = 11;

/**
 * The first view of a list: all its stations fitted with padding; one station at
 * `singleZoom` (at most SINGLE_STATION_MAX_ZOOM); none: the countries. With `focus` (the
 * locator's visitor and nearest stations, map-focus.ts), those points instead.
 */
export function initialView(
  stations: readonly OfflineMapStation[],
  size: MapSize,
  singleZoom = 14,
  focus?: readonly { lat: number; lng: number }[] | null,
): MapView {
  if (focus && focus.length === 1) {
    const [x, y] = toWorld(focus[0]!.lng, focus[0]!.lat);
    return centredView(x, y, clampK(2 ** FOCUS_POINT_ZOOM), size);
  }
  if (focus && focus.length > 1) return fitView(worldBounds(focus)!, size, FOCUS_POINT_ZOOM + 3);
  if (stations.length === 1) {
    const [x, y] = toWorld(stations[0]!.lng, stations[0]!.lat);
    return centredView(x, y, clampK(2 ** Math.min(singleZoom, SINGLE_STATION_MAX_ZOOM)), size);
  }
  return fitView(worldBounds(stations) ?? countriesBounds(), size);
}

export interface FirstDraw {
  index: StationClusterIndex;
  view: MapView;
  drawn: OfflineMarkers;
  countries: Array<{ code: CountryCode; d: string }>;
}

/**
 * Everything the offline map computes before its first paint: the cluster index of the
 * stations, the view fitted to them, the markers of that view and the country outlines
 * (cached after the first call in a page). The benchmark of the first draw calls this.
 */
export function prepareFirstDraw(
  stations: readonly OfflineMapStation[],
  size: MapSize,
  { singleZoom = 14 }: { singleZoom?: number } = {},
): FirstDraw {
  const index = buildClusterIndex(stations);
  const view = initialView(stations, size, singleZoom);
  return { index, view, drawn: markersInView(index, view, size), countries: countryOutlines() };
}

/** The view after a click on a cluster: its stations fitted with padding, deep enough to split it. */
export function clusterView(index: StationClusterIndex, clusterId: number, size: MapSize): MapView {
  const leaves = index.clusters.getLeaves(clusterId, Infinity);
  const bounds = worldBounds(
    leaves.map((leaf) => {
      const [lng, lat] = leaf.geometry.coordinates as [number, number];
      return { lng, lat };
    }),
  );
  const expansion = 2 ** Math.min(index.clusters.getClusterExpansionZoom(clusterId), MAX_VIEW_ZOOM);
  if (!bounds) return centredView(0, 0, expansion, size);
  const fitted = fitView(bounds, size);
  if (fitted.k >= expansion) return fitted;
  return centredView((bounds.x0 + bounds.x1) / 2, (bounds.y0 + bounds.y1) / 2, expansion, size);
}

/**
 * The neighbours' land (Russia, the Baltic states, Belarus, Poland, Germany, Denmark),
 * cut to the region and stored as world-pixel paths by scripts/generate-nordic-countries.ts.
 */
export function neighbourOutlines(): ReadonlyArray<{ code: string; d: string }> {
  return neighbourLands;
}

export interface Town {
  name: string;
  /** The mean position of its stations. */
  lat: number;
  lng: number;
  /** Its stations: the bigger towns are named first, and from further out. */
  stations: number;
}

/** The towns of the stations (by their `city`), largest first. */
export function townsOf(stations: readonly OfflineMapStation[]): Town[] {
  const byName = new Map<string, { lat: number; lng: number; stations: number }>();
  for (const station of stations) {
    if (!station.city) continue;
    const town = byName.get(station.city) ?? { lat: 0, lng: 0, stations: 0 };
    town.lat += station.lat;
    town.lng += station.lng;
    town.stations += 1;
    byName.set(station.city, town);
  }
  return [...byName]
    .map(([name, town]) => ({
      name,
      lat: town.lat / town.stations,
      lng: town.lng / town.stations,
      stations: town.stations,
    }))
    .sort((a, b) => b.stations - a.stations || a.name.localeCompare(b.name));
}

/**
 * From which zoom a town of n stations is named: the biggest from the country view (zoom
 * 3 on a phone), the smallest once the map is at a region's scale (zoom 8, a town's surroundings).
 */
export function townMinZoom(stations: number): number {
  if (stations >= 20) return 3;
  if (stations >= 10) return 5;
  if (stations >= 5) return 6;
  if (stations >= 2) return 7;
  return 8;
}

export interface TownLabel {
  name: string;
  /** Screen position of the town, px from the map's top left. */
  x: number;
  y: number;
}

/** Rough label box: the map's label font is 12–13 px (offline-map.css). */
export const LABEL_CHAR_PX = 7.5;
const LABEL_HEIGHT_PX = 18;
const MAX_TOWN_LABELS = 40;

/** A single station's marker, in px (offline-map.css). */
const STATION_MARKER_PX = 24;
/** Space between a marker and a name moved off it. */
const LABEL_GAP_PX = 4;

export type Box = { x0: number; x1: number; y0: number; y1: number };
const overlaps = (a: Box, b: Box) => a.x0 < b.x1 && a.x1 > b.x0 && a.y0 < b.y1 && a.y1 > b.y0;

function markerBox(marker: Pick<OfflineMarker, 'x' | 'y'> & { diameter?: number }): Box {
  const half = (marker.diameter ?? STATION_MARKER_PX) / 2;
  return { x0: marker.x - half, x1: marker.x + half, y0: marker.y - half, y1: marker.y + half };
}

/**
 * Where a town's name may go, in order: on the town, else below, above, right of or left
 * of the markers drawn on it (a town's stations sit where its name would: issue 31,
 * finding 6, three of four names at country view were under markers).
 */
function labelCandidates(x: number, y: number, halfWidth: number, markerHalf: number): Array<[number, number]> {
  const down = markerHalf + LABEL_GAP_PX + LABEL_HEIGHT_PX / 2;
  const side = markerHalf + LABEL_GAP_PX + halfWidth;
  return [
    [x, y],
    [x, y + down],
    [x, y - down],
    [x + side, y],
    [x - side, y],
    [x, y + 2 * down],
    [x, y - 2 * down],
  ];
}

/**
 * The town names to draw in a view: the towns whose size fits the zoom, largest first,
 * each where it covers no marker and no name already placed and stays on the map (on the
 * town, or moved just off the markers on it); a name with no such place is left out.
 */
export function townLabels(
  towns: readonly Town[],
  view: MapView,
  size: MapSize,
  markers: ReadonlyArray<Pick<OfflineMarker, 'x' | 'y'> & { diameter?: number }> = [],
  /** Other boxes a name must not cover (a station page's station name under its marker). */
  obstacles: readonly Box[] = [],
): TownLabel[] {
  const zoom = zoomOf(view);
  const markerBoxes = [...markers.map(markerBox), ...obstacles];
  const widest = markers.reduce((most, marker) => Math.max(most, marker.diameter ?? STATION_MARKER_PX), 0);
  const placed: Array<TownLabel & Box> = [];
  for (const town of towns) {
    if (placed.length >= MAX_TOWN_LABELS) break;
    if (townMinZoom(town.stations) > zoom) continue;
    const [wx, wy] = toWorld(town.lng, town.lat);
    const half = (town.name.length * LABEL_CHAR_PX) / 2 + 4;
    const boxAt = (x: number, y: number) => ({
      x0: x - half,
      x1: x + half,
      y0: y - LABEL_HEIGHT_PX / 2,
      y1: y + LABEL_HEIGHT_PX / 2,
    });
    const [cx, cy] = [wx * view.k + view.x, wy * view.k + view.y];
    // A name that would run off the map, or onto a bigger town's, is left out (as before
    // markers counted); one on a marker moves off it.
    const own = boxAt(cx, cy);
    if (own.x0 < 0 || own.x1 > size.width || own.y0 < 0 || own.y1 > size.height) continue;
    if (placed.some((other) => overlaps(own, other))) continue;
    for (const [x, y] of labelCandidates(cx, cy, half, widest / 2)) {
      const box = boxAt(x, y);
      if (box.x0 < 0 || box.x1 > size.width || box.y0 < 0 || box.y1 > size.height) continue;
      if (markerBoxes.some((marker) => overlaps(box, marker)) || placed.some((other) => overlaps(box, other))) continue;
      placed.push({ name: town.name, x, y, ...box });
      break;
    }
  }
  return placed.map(({ name, x, y }) => ({ name, x, y }));
}

/** How many of the nearest stations "near me" brings into view with the position. */
export const NEAR_ME_STATIONS = 5;

/**
 * The view after "near me": the visitor's position and the nearest stations fitted with
 * padding (at most zoom 14, where the nearest is next door); the position alone when
 * there are no stations.
 */
export function nearView(
  position: { lat: number; lng: number },
  stations: readonly OfflineMapStation[],
  size: MapSize,
): MapView {
  const nearest = stations
    .map((station) => ({ station, km: distanceKm(position, station) }))
    .sort((a, b) => a.km - b.km)
    .slice(0, NEAR_ME_STATIONS)
    .map((entry) => entry.station);
  const bounds = worldBounds([position, ...nearest])!;
  return fitView(bounds, size, 14);
}
