/// <reference types="google.maps" />
/**
 * The browser side of the station benchmark (scripts/bench-stations.ts): the locator's own
 * code, bundled by Vite into one script and run in Chromium on a page with a real origin
 * (so that IndexedDB works). Each function measures one thing and returns plain numbers.
 * The page also has the local Maps stub of the e2e tests (tests/e2e/support/fake-google-maps.js).
 */
import { SuperClusterAlgorithm } from '@googlemaps/markerclusterer';
import Supercluster from 'supercluster';
import { SUPERCLUSTER_OPTIONS } from '../../src/features/stations/map-clustering';
import { readList, setStationsDb, StationsDatabase } from '../../src/features/stations/station-db';
import { indexStations, prepareSearch, searchStations } from '../../src/features/stations/station-search';
import { syncStations } from '../../src/features/stations/station-sync';
import type { ServiceFilter } from '../../src/features/stations/service-filters';
import type { StationCountry, StationSummary } from '#shared/stations';
import { OFFLINE_MAP_FIRST_DRAW } from './offline-map-first-draw';

const QUERIES = [
  ...['h', 'ha', 'ham', 'hame', 'hamee', 'hameen', 'hameenl', 'hameenli', 'hameenlin', 'hameenlinn', 'hameenlinna'],
  ...['s', 'st', 'sto', 'stoc', 'stock', 'stockh', 'stockho', 'stockhol', 'stockholm'],
  ...['t', 'tu', 'tur', 'turu', 'turun', 'turunt', 'turunti', 'turuntie'],
  ...['o', 'os', 'osl', 'oslo', '0', '00', '001', '0010', '00100', '', 'b', 'ba', 'bae', 'baer', 'baeru', 'baerum'],
  // Inflected, combined and misspelt queries (the parser of src/shared/search/station-query.ts;
  // a word that is no town, service or station text is tried against every name one edit away).
  ...['helsingissa', 'turussa', 'tampereella', 'goteborgs', 'tamprere', 'helsinski', 'xyzzyq'],
  ...['diesel t', 'diesel ta', 'diesel tam', 'diesel tamp', 'diesel tampe', 'diesel tamper', 'diesel tampere'],
  ...['pesu oulussa', 'pikalataus helsingissa', 'laddning stockholm', 'vaskehall oslo'],
];
const VARIANTS: Array<{ services: ServiceFilter[]; openNow: boolean; sort: 'name' | 'distance' }> = [
  { services: [], openNow: false, sort: 'name' },
  { services: ['diesel'], openNow: true, sort: 'name' },
  { services: ['ev', 'carwash'], openNow: false, sort: 'distance' },
  { services: ['MAIN'], openNow: true, sort: 'distance' },
];

export function quantile(values: readonly number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
}

export interface SearchFigures {
  stations: number;
  /** The list's order (indexStations): what the locator's first render of the list pays. */
  indexMs: number;
  /** The folded texts and the towns (prepareSearch, in idle moments before the first key). */
  prepareMs: number;
  keystrokes: number;
  median: number;
  p95: number;
  max: number;
}

/** Search + filter + sort per keystroke, over every station given. */
export function search(stations: StationSummary[]): SearchFigures {
  let t = performance.now();
  const index = indexStations(stations);
  const indexMs = performance.now() - t;
  t = performance.now();
  // One idle moment with room for all of it: the work, not the browser's scheduling.
  prepareSearch(index, (work) => {
    work({ timeRemaining: () => Infinity });
    return () => {};
  });
  const prepareMs = performance.now() - t;
  const perKeystroke: number[] = [];
  const position = { lat: 60.17, lng: 24.94 };
  for (let round = 0; round < 3; round++) {
    for (const variant of VARIANTS) {
      for (const q of QUERIES) {
        // Ten runs per keystroke: the browser's clock is coarse (0.1 ms).
        t = performance.now();
        for (let i = 0; i < 10; i++) searchStations(index, { ...variant, q, position, now: new Date() });
        perKeystroke.push((performance.now() - t) / 10);
      }
    }
  }
  return {
    stations: stations.length,
    indexMs,
    prepareMs,
    keystrokes: perKeystroke.length,
    median: quantile(perKeystroke, 0.5),
    p95: quantile(perKeystroke, 0.95),
    max: Math.max(...perKeystroke),
  };
}

export interface ZoomFigures {
  zoom: number;
  ms: number;
  clusters: number;
  groups: number;
}

/** The Google map's clustering (markerclusterer's SuperClusterAlgorithm) at every zoom level. */
export function cluster(stations: StationSummary[]): ZoomFigures[] {
  const map = new google.maps.Map(document.getElementById('map')!, { center: { lat: 62, lng: 17 }, zoom: 0 });
  const markers = stations.map((s) => new google.maps.Marker({ position: { lat: s.lat, lng: s.lng } }));
  const algorithm = new SuperClusterAlgorithm(SUPERCLUSTER_OPTIONS);
  const levels: ZoomFigures[] = [];
  for (let zoom = 0; zoom <= 22; zoom++) {
    map.setZoom(zoom);
    const t = performance.now();
    const { clusters } = algorithm.calculate({ markers, map, mapCanvasProjection: null as never });
    levels.push({
      zoom,
      ms: performance.now() - t,
      clusters: clusters.length,
      groups: clusters.filter((c) => c.markers!.length > 1).length,
    });
  }
  return levels;
}

export interface SyncFigures {
  /** First sync into an empty store: parse, check, store the whole list (median of runs). */
  fullMs: number;
  /** Reading the stored list back, as the locator does when it opens. */
  readMs: number;
  /** A delta sync on top of the stored list. */
  deltaMs: number;
  stored: number;
}

/** The origin's channels from memory: a body per channel, or 304 where none is given. */
const fakeFetch = (bodies: { facts?: string; live?: string }, etag: string) =>
  (async (url: string) => {
    const body = url.includes('station-live') ? bodies.live : bodies.facts;
    return body === undefined
      ? new Response(null, { status: 304 })
      : new Response(body, { status: 200, headers: { 'content-type': 'application/json', etag } });
  }) as unknown as typeof fetch;

/**
 * The station sync of the app (station-sync.ts, station-db.ts with Dexie) into this page's
 * real IndexedDB, answered from memory with the origin's own bodies: so the figures are the
 * browser's work (JSON parse, the shape check, the IndexedDB transaction), not the network.
 */
export async function sync(
  country: StationCountry,
  full: { facts: string; live: string },
  deltaBody: string,
  runs: number,
) {
  const first: number[] = [];
  const read: number[] = [];
  const delta: number[] = [];
  let stored = 0;
  for (let run = 0; run < runs; run++) {
    const db = new StationsDatabase(`bench-${country}-${run}-${Date.now()}`);
    setStationsDb(db);
    try {
      let t = performance.now();
      await syncStations(country, 'fi-FI', { fetch: fakeFetch(full, '"full"') });
      first.push(performance.now() - t);
      t = performance.now();
      stored = (await readList(country)).stations.length;
      read.push(performance.now() - t);
      t = performance.now();
      await syncStations(country, 'fi-FI', { fetch: fakeFetch({ facts: deltaBody }, '"delta"') });
      delta.push(performance.now() - t);
    } finally {
      db.close();
      await db.delete();
    }
  }
  return {
    fullMs: quantile(first, 0.5),
    readMs: quantile(read, 0.5),
    deltaMs: quantile(delta, 0.5),
    stored,
  } satisfies SyncFigures;
}

/** The Web Mercator zoom at which the stations' bounds fit into width × height (256 px tiles). */
export function fittedZoom(stations: readonly StationSummary[], width: number, height: number, padding = 60): number {
  const mercatorY = (lat: number) => {
    const sin = Math.sin((lat * Math.PI) / 180);
    return 0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI);
  };
  const lngs = stations.map((s) => s.lng);
  const ys = stations.map((s) => mercatorY(s.lat));
  const spanX = (Math.max(...lngs) - Math.min(...lngs)) / 360;
  const spanY = Math.max(...ys) - Math.min(...ys);
  const zoomX = Math.log2((width - 2 * padding) / 256 / spanX);
  const zoomY = Math.log2((height - 2 * padding) / 256 / spanY);
  return Math.max(0, Math.floor(Math.min(zoomX, zoomY)));
}

export interface FirstDrawFigures {
  /** True when the offline map's own first draw ran (scripts/bench-support/offline-map-first-draw.ts). */
  wired: boolean;
  ms: number;
  zoom: number;
  /** Clusters and single points of the first view (stand-in only). */
  shown: number | null;
}

const nextFrame = () => new Promise<void>((resolve) => requestAnimationFrame(() => resolve()));

/**
 * The offline map's first draw, median of `runs`. Until the map is wired in, a stand-in:
 * what a first draw needs that exists today, i.e. the cluster index over all stations
 * (supercluster, the library under the map's clusterer, with the map's settings) and the
 * clusters of the first view at the fitted zoom. Projection and painting are not in it.
 */
export async function firstDraw(stations: StationSummary[], runs: number): Promise<FirstDrawFigures> {
  const width = 1280;
  const height = 800;
  const zoom = fittedZoom(stations, width, height);
  const times: number[] = [];
  let shown: number | null = null;
  for (let run = 0; run < runs; run++) {
    const container = document.createElement('div');
    container.style.cssText = `width:${width}px;height:${height}px;position:relative`;
    document.body.append(container);
    await nextFrame();
    const t = performance.now();
    if (OFFLINE_MAP_FIRST_DRAW) {
      await OFFLINE_MAP_FIRST_DRAW({ stations, container, width, height });
      await nextFrame();
    } else {
      const index = new Supercluster(SUPERCLUSTER_OPTIONS).load(
        stations.map((s) => ({
          type: 'Feature' as const,
          properties: { id: s.id },
          geometry: { type: 'Point' as const, coordinates: [s.lng, s.lat] },
        })),
      );
      shown = index.getClusters([-180, -85, 180, 85], zoom).length;
    }
    times.push(performance.now() - t);
    container.remove();
  }
  return { wired: OFFLINE_MAP_FIRST_DRAW !== null, ms: quantile(times, 0.5), zoom, shown };
}
