/**
 * Writes the country outlines of the offline station map
 * (src/features/stations/nordic-countries.json) from Natural Earth's 1:50m
 * countries as packaged by the world-atlas npm package: Finland, Sweden and Norway only,
 * without the Arctic islands (Svalbard, Jan Mayen: no stations, and they would double the
 * file), as a TopoJSON topology that keeps world-atlas's quantised, delta-encoded arcs.
 * About 20 KB (7 KB gzip) instead of world-atlas's 740 KB.
 *
 * Run after updating world-atlas: `npx tsx scripts/generate-nordic-countries.ts`.
 * scripts/generate-nordic-countries.test.ts fails when the committed
 * file differs from what this writes.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { geoMercator, geoPath } from 'd3-geo';
import { feature } from 'topojson-client';
import type { GeometryCollection, MultiPolygon, Polygon, Topology } from 'topojson-specification';

/** ISO 3166-1 numeric codes, world-atlas's feature ids. */
export const NORDIC_COUNTRY_IDS = { FI: '246', SE: '752', NO: '578' } as const;
/** Polygons reaching above this latitude or west of Greenwich are left out (Svalbard, Jan Mayen). */
const MAX_LATITUDE = 72;
const MIN_LONGITUDE = 0;

export const NORDIC_COUNTRIES_FILE = join(
  import.meta.dirname,
  '..',
  'src',
  'features',
  'stations',
  'nordic-countries.json',
);

type CountryGeometry = Polygon<{ name: string }> | MultiPolygon<{ name: string }>;

function onMainland(topology: Topology, polygon: number[][]): boolean {
  const shape = feature(topology, { type: 'Polygon', arcs: polygon });
  return shape.geometry.coordinates.every((ring) =>
    ring.every(([lng, lat]) => (lat ?? 0) <= MAX_LATITUDE && (lng ?? 0) >= MIN_LONGITUDE),
  );
}

/** The reduced topology (pure: from world-atlas's countries-50m object). */
export function nordicCountries(world: Topology): Topology {
  const all = world.objects.countries as GeometryCollection<{ name: string }>;
  const used = new Map<number, number>();
  const arcs: Topology['arcs'] = [];
  const remap = (index: number): number => {
    const original = index < 0 ? ~index : index;
    let next = used.get(original);
    if (next === undefined) {
      next = arcs.length;
      used.set(original, next);
      arcs.push(world.arcs[original]!);
    }
    return index < 0 ? ~next : next;
  };
  const geometries = Object.entries(NORDIC_COUNTRY_IDS).map(([code, id]) => {
    const source = all.geometries.find((geometry) => geometry.id === id) as CountryGeometry | undefined;
    if (!source) throw new Error(`world-atlas has no country ${id}`);
    const polygons = (source.type === 'Polygon' ? [source.arcs] : source.arcs).filter((polygon) =>
      onMainland(world, polygon),
    );
    return {
      type: 'MultiPolygon' as const,
      id: code,
      arcs: polygons.map((polygon) => polygon.map((ring) => ring.map(remap))),
    };
  });
  return {
    type: 'Topology',
    ...(world.transform ? { transform: world.transform } : {}),
    objects: { countries: { type: 'GeometryCollection', geometries } },
    arcs,
  };
}

export function nordicCountriesJson(): string {
  const require = createRequire(import.meta.url);
  const world = JSON.parse(readFileSync(require.resolve('world-atlas/countries-50m.json'), 'utf8')) as Topology;
  return `${JSON.stringify(nordicCountries(world))}\n`;
}

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].split('/').pop()!)) {
  const json = nordicCountriesJson();
  writeFileSync(NORDIC_COUNTRIES_FILE, json);
  console.log(`Wrote ${NORDIC_COUNTRIES_FILE} (${(json.length / 1024).toFixed(1)} KB)`);
}

/**
 * The neighbours' land around the three countries (Russia, Estonia, Latvia, Lithuania,
 * Belarus, Poland, Germany, Denmark), so that the map does not show open sea east of
 * Finland or south of the Baltic: Natural Earth 1:50m as well, cut to the map's region
 * (NEIGHBOUR_REGION) and stored as ready SVG paths in the map's world pixels (the world
 * 256 px wide at zoom 0, src/features/stations/offline-map-model.ts). Russia's outline
 * alone is larger than the whole Nordic file; the cut keeps its north-west.
 */
export const NEIGHBOUR_COUNTRY_IDS = {
  RU: '643',
  EE: '233',
  LV: '428',
  LT: '440',
  BY: '112',
  PL: '616',
  DE: '276',
  DK: '208',
} as const;
/** Longitude and latitude box the neighbours are cut to: well past the stations of the three countries. */
export const NEIGHBOUR_REGION = { west: -2, east: 45, south: 52, north: 72.5 } as const;
/** World-pixel digits: 0.001 px is under a screen pixel up to zoom 9, past the zoom where towns show. */
const NEIGHBOUR_DIGITS = 3;

export const NEIGHBOUR_LANDS_FILE = join(
  import.meta.dirname,
  '..',
  'src',
  'features',
  'stations',
  'neighbour-lands.json',
);

/** The neighbours as `{ code, d }` SVG paths (pure: from world-atlas's countries-50m object). */
export function neighbourLands(world: Topology): Array<{ code: string; d: string }> {
  const worldPx = 256;
  const projection = geoMercator()
    .scale(worldPx / (2 * Math.PI))
    .translate([worldPx / 2, worldPx / 2]);
  const [x0, y0] = projection([NEIGHBOUR_REGION.west, NEIGHBOUR_REGION.north])!;
  const [x1, y1] = projection([NEIGHBOUR_REGION.east, NEIGHBOUR_REGION.south])!;
  projection.clipExtent([
    [x0, y0],
    [x1, y1],
  ]);
  const path = geoPath(projection).digits(NEIGHBOUR_DIGITS);
  const all = world.objects.countries as GeometryCollection<{ name: string }>;
  return Object.entries(NEIGHBOUR_COUNTRY_IDS).map(([code, id]) => {
    const source = all.geometries.find((geometry) => geometry.id === id);
    if (!source) throw new Error(`world-atlas has no country ${id}`);
    return { code, d: path(feature(world, source)) ?? '' };
  });
}

export function neighbourLandsJson(): string {
  const require = createRequire(import.meta.url);
  const world = JSON.parse(readFileSync(require.resolve('world-atlas/countries-50m.json'), 'utf8')) as Topology;
  return `${JSON.stringify(neighbourLands(world))}\n`;
}

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].split('/').pop()!)) {
  const json = neighbourLandsJson();
  writeFileSync(NEIGHBOUR_LANDS_FILE, json);
  console.log(`Wrote ${NEIGHBOUR_LANDS_FILE} (${(json.length / 1024).toFixed(1)} KB)`);
}
