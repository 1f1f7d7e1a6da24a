import Supercluster from 'supercluster';
import { describe, expect, it } from 'vitest';
import { clusterColour } from './cluster-colour';
import { FIT_BOUNDS_PADDING_PX } from './map-clustering';
import {
  buildClusterIndex,
  clusterView,
  countriesBounds,
  countryOutlines,
  initialView,
  SINGLE_STATION_MAX_ZOOM,
  markersInView,
  NEAR_ME_STATIONS,
  nearView,
  neighbourOutlines,
  prepareFirstDraw,
  townLabels,
  townMinZoom,
  townsOf,
  toWorld,
  worldBounds,
  zoomOf,
  type OfflineMapStation,
} from './offline-map-model';

/** A deterministic spread of stations over the three countries (mulberry32). */
function stationsAround(count: number, seed = 7): OfflineMapStation[] {
  let state = seed;
  const random = () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const towns = [
    { lat: 60.17, lng: 24.94 },
    { lat: 61.5, lng: 23.76 },
    { lat: 59.33, lng: 18.07 },
    { lat: 59.91, lng: 10.75 },
    { lat: 66.5, lng: 25.73 },
    { lat: 63.43, lng: 10.4 },
  ];
  return Array.from({ length: count }, (_, i) => {
    const town = towns[i % towns.length]!;
    return {
      id: `S-${i}`,
      name: `Station ${i}`,
      lat: town.lat + (random() - 0.5) * 2,
      lng: town.lng + (random() - 0.5) * 4,
    };
  });
}

const SIZE = { width: 800, height: 600 };

describe('offline map geometry', () => {
  it('uses Web Mercator world pixels, 256 px wide at zoom 0, as Google does', () => {
    const [x0, y0] = toWorld(0, 0);
    expect(x0).toBeCloseTo(128, 6);
    expect(y0).toBeCloseTo(128, 6);
    // Google's Projection.fromLatLngToPoint, as documented, for Helsinki.
    const sin = Math.sin((60.17 * Math.PI) / 180);
    const [x, y] = toWorld(24.94, 60.17);
    expect(x).toBeCloseTo(256 * (0.5 + 24.94 / 360), 9);
    expect(y).toBeCloseTo(256 * (0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI)), 9);
  });

  it('fits the stations with 60 px of padding', () => {
    const stations = stationsAround(200);
    const view = initialView(stations, SIZE);
    const bounds = worldBounds(stations)!;
    const left = bounds.x0 * view.k + view.x;
    const right = bounds.x1 * view.k + view.x;
    const top = bounds.y0 * view.k + view.y;
    const bottom = bounds.y1 * view.k + view.y;
    // One axis touches the padding exactly, the other has at least that much.
    const horizontal = Math.min(left, SIZE.width - right);
    const vertical = Math.min(top, SIZE.height - bottom);
    expect(Math.min(horizontal, vertical)).toBeCloseTo(FIT_BOUNDS_PADDING_PX, 6);
    expect(Math.max(horizontal, vertical)).toBeGreaterThanOrEqual(FIT_BOUNDS_PADDING_PX - 1e-6);
  });

  it('centres a single station at the given zoom, at most a regional one, and shows the countries when there is none', () => {
    const [one] = stationsAround(1);
    expect(initialView([one!], SIZE, 4).k).toBe(2 ** 4);
    // A station page asks for 14; 1:50m outlines at that zoom show a straight line.
    const view = initialView([one!], SIZE, 14);
    expect(view.k).toBe(2 ** SINGLE_STATION_MAX_ZOOM);
    const [x, y] = toWorld(one!.lng, one!.lat);
    expect(x * view.k + view.x).toBeCloseTo(SIZE.width / 2, 6);
    expect(y * view.k + view.y).toBeCloseTo(SIZE.height / 2, 6);
    const empty = initialView([], SIZE);
    const countries = countriesBounds();
    expect(countries.x0 * empty.k + empty.x).toBeGreaterThanOrEqual(FIT_BOUNDS_PADDING_PX - 1e-6);
    expect(countries.x1 * empty.k + empty.x).toBeLessThanOrEqual(SIZE.width - FIT_BOUNDS_PADDING_PX + 1e-6);
  });

  it('has the outlines of Finland, Sweden and Norway, without Svalbard', () => {
    const outlines = countryOutlines();
    expect(outlines.map((country) => country.code)).toEqual(['FI', 'SE', 'NO']);
    for (const country of outlines) expect(country.d).toMatch(/^M[\d.]+,[\d.]+L/);
    const bounds = countriesBounds();
    // Norway's mainland reaches 71°N; Svalbard (80°N) would push the top far above it.
    expect(bounds.y0).toBeGreaterThan(toWorld(20, 72.5)[1]);
    expect(bounds.y0).toBeLessThan(toWorld(20, 70.5)[1]);
  });
});

describe('offline map clusters', () => {
  const stations = stationsAround(1300);

  it('clusters like Supercluster with radius 60 screen px, max zoom 16, and colours by the rule', () => {
    const { index, view, drawn } = prepareFirstDraw(stations, SIZE);
    const zoom = zoomOf(view);
    expect(drawn.zoom).toBe(zoom);
    // The same clusters as a reference index in screen pixels: extent 256 at Google's tile size.
    const reference = new Supercluster({ radius: 60, maxZoom: 16, extent: 256 });
    reference.load(
      stations.map((station) => ({
        type: 'Feature' as const,
        properties: {},
        geometry: { type: 'Point' as const, coordinates: [station.lng, station.lat] },
      })),
    );
    const all = reference.getClusters([-180, -85, 180, 85], zoom);
    const mean = stations.length / all.length;
    expect(drawn.meanClusterSize).toBeCloseTo(mean, 9);
    const counts = (items: typeof all) =>
      items.map((item) => (item.properties as { point_count?: number }).point_count ?? 1).sort((a, b) => a - b);
    const drawnCounts = drawn.markers.map((marker) => (marker.kind === 'cluster' ? marker.count : 1));
    // Everything is in view after the fit, so the drawn markers are all of them.
    expect(drawnCounts.sort((a, b) => a - b)).toEqual(counts(all));
    expect(drawnCounts.reduce((sum, count) => sum + count, 0)).toBe(stations.length);
    for (const marker of drawn.markers) {
      if (marker.kind === 'cluster') expect(marker.colour).toBe(clusterColour(marker.count, mean));
    }
    expect(drawn.markers.some((marker) => marker.kind === 'cluster' && marker.colour === 'red')).toBe(true);
    expect(drawn.markers.some((marker) => marker.kind === 'cluster' && marker.colour === 'blue')).toBe(true);
    expect(index.stations).toBe(1300);
  });

  it('keeps no two drawn markers within 60 px at a clustering zoom', () => {
    const index = buildClusterIndex(stations);
    const view = { ...initialView(stations, SIZE) };
    view.k = 2 ** Math.floor(Math.log2(view.k));
    const { markers } = markersInView(index, view, SIZE);
    for (let i = 0; i < markers.length; i++) {
      for (let j = i + 1; j < markers.length; j++) {
        const a = markers[i]!;
        const b = markers[j]!;
        // Supercluster merges points within the radius of a cluster's centre (greedy), so
        // centres can come closer than 60 px but never within half of it.
        expect(Math.hypot(a.x - b.x, a.y - b.y)).toBeGreaterThan(30);
      }
    }
  });

  it('draws every station on its own above zoom 16', () => {
    const index = buildClusterIndex(stations.slice(0, 50));
    const [x, y] = toWorld(stations[0]!.lng, stations[0]!.lat);
    const k = 2 ** 17;
    const { markers } = markersInView(index, { x: SIZE.width / 2 - x * k, y: SIZE.height / 2 - y * k, k }, SIZE);
    expect(markers.length).toBeGreaterThan(0);
    expect(markers.every((marker) => marker.kind === 'station')).toBe(true);
  });

  it('leaves out what is off screen', () => {
    const index = buildClusterIndex(stations);
    const [x, y] = toWorld(24.94, 60.17);
    const k = 2 ** 9;
    const { markers } = markersInView(index, { x: SIZE.width / 2 - x * k, y: SIZE.height / 2 - y * k, k }, SIZE);
    const total = markers.reduce((sum, marker) => sum + (marker.kind === 'cluster' ? marker.count : 1), 0);
    expect(total).toBeGreaterThan(0);
    expect(total).toBeLessThan(stations.length / 3);
    for (const marker of markers) {
      expect(marker.x).toBeGreaterThan(-61);
      expect(marker.x).toBeLessThan(SIZE.width + 61);
    }
  });

  it('zooms into a clicked cluster far enough to split it', () => {
    const { index, drawn } = prepareFirstDraw(stations, SIZE);
    const cluster = drawn.markers.find((marker) => marker.kind === 'cluster')!;
    if (cluster.kind !== 'cluster') throw new Error('no cluster');
    const view = clusterView(index, cluster.clusterId, SIZE);
    expect(zoomOf(view)).toBeGreaterThanOrEqual(index.clusters.getClusterExpansionZoom(cluster.clusterId));
    const after = markersInView(index, view, SIZE);
    const largest = Math.max(...after.markers.map((marker) => (marker.kind === 'cluster' ? marker.count : 1)));
    expect(largest).toBeLessThan(cluster.count);
  });

  it('prepares a first draw of 13,000 stations', () => {
    const many = stationsAround(13_000, 11);
    const { drawn } = prepareFirstDraw(many, SIZE);
    expect(drawn.markers.reduce((sum, marker) => sum + (marker.kind === 'cluster' ? marker.count : 1), 0)).toBe(13_000);
  });
});

describe('what a driver reads on the map', () => {
  const size = { width: 390, height: 320 };
  const station = (id: string, city: string, lat: number, lng: number): OfflineMapStation => ({
    id,
    name: `St1 ${city} ${id}`,
    city,
    lat,
    lng,
  });

  it('draws the neighbours east and south of the three countries', () => {
    const codes = neighbourOutlines().map((land) => land.code);
    expect(codes).toEqual(expect.arrayContaining(['RU', 'EE', 'DK']));
  });

  it('names towns from the stations, the biggest from further out, never two names on top of each other', () => {
    const stations = [
      ...Array.from({ length: 25 }, (_, i) => station(`H${i}`, 'Helsinki', 60.17 + i * 0.001, 24.94)),
      ...Array.from({ length: 6 }, (_, i) => station(`E${i}`, 'Espoo', 60.2 + i * 0.001, 24.66)),
      station('K1', 'Kerava', 60.4, 25.1),
    ];
    const towns = townsOf(stations);
    expect(towns.map((town) => [town.name, town.stations])).toEqual([
      ['Helsinki', 25],
      ['Espoo', 6],
      ['Kerava', 1],
    ]);
    expect(townMinZoom(25)).toBeLessThan(townMinZoom(6));
    const at = (zoom: number, frame = size) => {
      const [x, y] = toWorld(24.94, 60.17);
      const k = 2 ** zoom;
      return townLabels(towns, { x: frame.width / 2 - x * k, y: frame.height / 2 - y * k, k }, frame).map(
        (label) => label.name,
      );
    };
    expect(at(3)).toEqual(['Helsinki']);
    expect(at(5)).toEqual(['Helsinki']);
    // Espoo is 15 km west of Helsinki: at zoom 6 to 8 the two names would overlap, at 9 they do not.
    expect(at(6)).toEqual(['Helsinki']);
    expect(at(8, { width: 1280, height: 800 })).toEqual(['Helsinki', 'Kerava']);
    expect(at(9, { width: 1280, height: 800 })).toEqual(['Helsinki', 'Espoo', 'Kerava']);
    // A name that would run off the map is left out.
    expect(at(9)).not.toContain('Kerava');
  });

  it("puts a town's name beside the markers on it, never under one (issue 31, finding 6)", () => {
    const towns = townsOf([station('T1', 'Tampere', 61.5, 23.76), station('T2', 'Tampere', 61.5, 23.77)]);
    const frame = { width: 400, height: 400 };
    const [x, y] = toWorld(23.765, 61.5);
    const k = 2 ** 8;
    const view = { x: frame.width / 2 - x * k, y: frame.height / 2 - y * k, k };
    const [free] = townLabels(towns, view, frame);
    expect(free).toMatchObject({ name: 'Tampere', x: 200, y: 200 });
    // A cluster of 44 px on the town: the name goes below it, clear of its edge.
    const [moved] = townLabels(towns, view, frame, [{ x: 200, y: 200, diameter: 44 }]);
    expect(moved!.x).toBe(200);
    expect(moved!.y - 9).toBeGreaterThanOrEqual(200 + 22);
    // Markers above, below and on both sides: the name goes further down.
    const ring = [
      { x: 200, y: 200, diameter: 44 },
      { x: 200, y: 235, diameter: 44 },
      { x: 200, y: 165, diameter: 44 },
      { x: 270, y: 200, diameter: 44 },
      { x: 130, y: 200, diameter: 44 },
    ];
    const [further] = townLabels(towns, view, frame, ring);
    for (const marker of ring) expect(Math.abs(further!.y - marker.y)).toBeGreaterThanOrEqual(22 + 9);
  });

  it('"near me" shows the position and the nearest stations, close in', () => {
    const stations = [
      station('A', 'Oulu', 65.01, 25.47),
      station('B', 'Oulu', 65.02, 25.5),
      ...Array.from({ length: 20 }, (_, i) => station(`S${i}`, 'Helsinki', 60.1 + i * 0.01, 24.9)),
    ];
    const position = { lat: 65.0, lng: 25.45 };
    const view = nearView(position, stations, size);
    const onScreen = (lat: number, lng: number) => {
      const [x, y] = toWorld(lng, lat);
      const sx = x * view.k + view.x;
      const sy = y * view.k + view.y;
      return sx >= 0 && sx <= size.width && sy >= 0 && sy <= size.height;
    };
    expect(onScreen(position.lat, position.lng)).toBe(true);
    expect(onScreen(65.01, 25.47) && onScreen(65.02, 25.5)).toBe(true);
    expect(NEAR_ME_STATIONS).toBe(5);
    // Five nearest: the two in Oulu and three in Helsinki, so the view spans the country.
    expect(zoomOf(view)).toBeLessThan(8);
    const close = nearView(position, stations.slice(0, 2), size);
    expect(zoomOf(close)).toBeGreaterThanOrEqual(10);
    expect(zoomOf(close)).toBeLessThanOrEqual(14);
  });
});
