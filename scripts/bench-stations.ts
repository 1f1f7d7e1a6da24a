/**
 * Station benchmarks (issue 5), written into docs/performance.md between
 * <!-- bench:stations:start --> and <!-- bench:stations:end -->:
 * 1. the compact station list of one country as sent (gzip and brotli bytes), target
 *    under 60 KB gzip for 650 stations;
 * 2. search + filter + sort over all stations in Chromium, per keystroke (median and p95),
 *    target a median under 4 ms;
 * 3. clustering all stations at every zoom level with the clusterer's SuperClusterAlgorithm
 *    and the map's own settings (src/features/stations/map-clustering.ts) in Chromium, on the
 *    local Maps stub of the e2e tests.
 *
 * Runs alone: `npx tsx scripts/bench-stations.ts` (needs /usr/bin/chromium or CHROMIUM_PATH).
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { build, type Rollup } from 'vite';
import { SUPERCLUSTER_OPTIONS } from '../src/features/stations/map-clustering';
import type { StationList, StationSummary } from '../src/shared/stations';
import { buildOriginApp } from '../server/origin/app';
import { openDatabase } from '../server/origin/db';
import { migrateToLatest } from '../server/origin/migrate';
import { seedIfEmpty } from '../server/origin/seed';

const DOC = 'docs/performance.md';
const START = '<!-- bench:stations:start -->';
const END = '<!-- bench:stations:end -->';
const root = resolve(import.meta.dirname, '..');

async function stationLists(): Promise<Record<'FI' | 'SE' | 'NO', string>> {
  const dataDir = mkdtempSync(join(tmpdir(), 'st1-bench-stations-'));
  const db = openDatabase({ dataDir });
  try {
    await migrateToLatest(db);
    await seedIfEmpty(db, join(root, 'content'));
    const app = buildOriginApp(db);
    const get = async (country: string) =>
      (await app.inject({ method: 'GET', url: `/cms-view/v1/stations?country=${country}` })).body;
    const lists = { FI: await get('FI'), SE: await get('SE'), NO: await get('NO') };
    await app.close();
    return lists;
  } finally {
    await db.destroy();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The browser side: the locator's own search code and the clusterer, bundled by Vite. */
const BROWSER_ENTRY = `
import { indexStations, searchStations } from ${JSON.stringify(join(root, 'src/features/stations/station-search.ts'))};
import { SUPERCLUSTER_OPTIONS } from ${JSON.stringify(join(root, 'src/features/stations/map-clustering.ts'))};
import { SuperClusterAlgorithm } from '@googlemaps/markerclusterer';

const QUERIES = ['h','ha','ham','hame','hamee','hameen','hameenl','hameenli','hameenlin','hameenlinn','hameenlinna',
  's','st','sto','stoc','stock','stockh','stockho','stockhol','stockholm','t','tu','tur','turu','turun','turunt','turunti','turuntie',
  'o','os','osl','oslo','0','00','001','0010','00100','', 'b','ba','bae','baer','baeru','baerum'];
const VARIANTS = [
  { services: [], openNow: false, sort: 'name' },
  { services: ['diesel'], openNow: true, sort: 'name' },
  { services: ['ev', 'carwash'], openNow: false, sort: 'distance' },
  { services: ['MAIN'], openNow: true, sort: 'distance' },
];

function quantile(values, q) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
}

export function search(stations) {
  let t = performance.now();
  const index = indexStations(stations);
  const indexMs = performance.now() - t;
  const perKeystroke = [];
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
  return { stations: stations.length, indexMs, keystrokes: perKeystroke.length, median: quantile(perKeystroke, 0.5), p95: quantile(perKeystroke, 0.95), max: Math.max(...perKeystroke) };
}

export function cluster(stations) {
  const map = new google.maps.Map(document.getElementById('map'), { center: { lat: 62, lng: 17 }, zoom: 0 });
  const markers = stations.map((s) => new google.maps.Marker({ position: { lat: s.lat, lng: s.lng } }));
  const algorithm = new SuperClusterAlgorithm(SUPERCLUSTER_OPTIONS);
  const levels = [];
  for (let zoom = 0; zoom <= 22; zoom++) {
    map.setZoom(zoom);
    const t = performance.now();
    const { clusters } = algorithm.calculate({ markers, map, mapCanvasProjection: null });
    levels.push({ zoom, ms: performance.now() - t, clusters: clusters.length, groups: clusters.filter((c) => c.markers.length > 1).length });
  }
  return levels;
}
`;

async function browserBundle(): Promise<string> {
  const output = (await build({
    configFile: false,
    logLevel: 'silent',
    root,
    plugins: [
      {
        name: 'bench-entry',
        enforce: 'pre',
        resolveId: (id) => (id.endsWith('virtual:bench') ? '\0virtual:bench' : undefined),
        load: (id) => (id === '\0virtual:bench' ? BROWSER_ENTRY : undefined),
      },
    ],
    build: {
      write: false,
      minify: true,
      lib: { entry: 'virtual:bench', formats: ['iife'], name: 'StationBench', fileName: () => 'bench.js' },
    },
  })) as Rollup.RollupOutput[] | Rollup.RollupOutput;
  const first = Array.isArray(output) ? output[0]! : output;
  const chunk = first.output.find((item) => item.type === 'chunk') as Rollup.OutputChunk;
  return chunk.code;
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const ms = (value: number) => `${value.toFixed(3)} ms`;

async function main() {
  const lists = await stationLists();
  const sizes = Object.entries(lists).map(([country, body]) => ({
    country,
    stations: (JSON.parse(body) as StationList).stations.length,
    raw: Buffer.byteLength(body),
    gzip: gzipSync(body).length,
    brotli: brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } }).length,
  }));
  const all: StationSummary[] = Object.values(lists).flatMap((body) => (JSON.parse(body) as StationList).stations);

  const bundle = await browserBundle();
  const stub = readFileSync(join(root, 'tests/e2e/support/fake-google-maps.js'), 'utf8');
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--host-resolver-rules=MAP * ~NOTFOUND'],
  });
  let searchResult: { stations: number; indexMs: number; keystrokes: number; median: number; p95: number; max: number };
  let levels: Array<{ zoom: number; ms: number; clusters: number; groups: number }>;
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.setContent(
      '<!doctype html><html><body><div id="map" style="width:1280px;height:800px"></div></body></html>',
    );
    await page.addScriptTag({ content: stub });
    await page.addScriptTag({ content: bundle });
    searchResult = await page.evaluate(
      (stations) =>
        (window as never as { StationBench: { search: (s: unknown) => never } }).StationBench.search(stations),
      all,
    );
    levels = await page.evaluate(
      (stations) =>
        (window as never as { StationBench: { cluster: (s: unknown) => never } }).StationBench.cluster(stations),
      all,
    );
    // A second pass: the first zoom includes loading the points into the index.
  } finally {
    await browser.close();
  }

  const fi = sizes.find((size) => size.country === 'FI')!;
  const clusterTotal = levels.reduce((sum, level) => sum + level.ms, 0);
  const lines = [
    START,
    '',
    `Measured ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC on ${cpus().length} × ${cpus()[0]?.model.trim() ?? 'CPU'} (load average ${loadavg()[0]!.toFixed(1)} at the end: p95 and max move with other work on the machine); \`npx tsx scripts/bench-stations.ts\`.`,
    '',
    '**Compact station list** (`/proxy/cms-view/v1/stations?country=…`, as the origin answers it):',
    '',
    '| country | stations | JSON | gzip | brotli (q4, as the site server sends) | target |',
    '|---|---|---|---|---|---|',
    ...sizes.map(
      (size) =>
        `| ${size.country} | ${size.stations} | ${kb(size.raw)} | ${kb(size.gzip)} | ${kb(size.brotli)} | ${size.country === 'FI' ? `< 60 KB gzip for 650: **${size.gzip < 60 * 1024 ? 'met' : 'missed'}** (${((size.gzip / (60 * 1024)) * 100).toFixed(0)} % of it)` : ''} |`,
    ),
    '',
    `**Search + filter + sort per keystroke** in Chromium over all ${searchResult.stations} stations (the locator's own code, ${searchResult.keystrokes} keystrokes: typing town, street and postal-code queries with four filter/sort combinations, open-now evaluated in each station's zone):`,
    '',
    '| median | p95 | max | target | building the search index once |',
    '|---|---|---|---|---|',
    `| ${ms(searchResult.median)} | ${ms(searchResult.p95)} | ${ms(searchResult.max)} | median < 4 ms: **${searchResult.median < 4 ? 'met' : 'missed'}** (${(searchResult.median / 4).toFixed(2)} × of it) | ${ms(searchResult.indexMs)} |`,
    '',
    `**Clustering all ${all.length} stations** with SuperClusterAlgorithm (radius ${SUPERCLUSTER_OPTIONS.radius} px, max zoom ${SUPERCLUSTER_OPTIONS.maxZoom}) in Chromium, every zoom level; zoom 0 includes building the index (${ms(levels[0]!.ms)}), total ${ms(clusterTotal)}:`,
    '',
    '| zoom | ' + levels.map((level) => level.zoom).join(' | ') + ' |',
    '|---|' + levels.map(() => '---').join('|') + '|',
    '| ms | ' + levels.map((level) => level.ms.toFixed(2)).join(' | ') + ' |',
    '| clusters + single markers | ' + levels.map((level) => level.clusters).join(' | ') + ' |',
    '| of them clusters | ' + levels.map((level) => level.groups).join(' | ') + ' |',
    '',
    END,
  ];
  const doc = readFileSync(DOC, 'utf8');
  const block = lines.join('\n');
  const next = doc.includes(START)
    ? doc.replace(new RegExp(`${START}[\\s\\S]*?${END}`), block)
    : `${doc.trimEnd()}\n\n## Stations (issue 5)\n\n${block}\n`;
  writeFileSync(DOC, next);
  console.log(block);
  console.log(
    `FI list ${kb(fi.gzip)} gzip; keystroke median ${ms(searchResult.median)}; clustering ${ms(clusterTotal)} for 23 zoom levels`,
  );
}

await main();
