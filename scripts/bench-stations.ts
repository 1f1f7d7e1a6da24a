/**
 * Station benchmarks, written into docs/performance.md between
 * <!-- bench:stations:start --> and <!-- bench:stations:end -->. Each measure is taken with
 * today's seed (1,300 stations) and ten times that (13,000, the same generator), side by
 * side in one run, and the scale table gives the ratio 13,000 : 1,300:
 * 1. a first install of the locale's country (fi-FI → FI) as the origin sends it: the
 *    station facts and the live data in full (docs/stations.md "Two channels"), gzip and
 *    brotli bytes, beside the keyed list of before, and a facts delta after 10 changes and
 *    2 removals; targets ≤ 26 KB gzip at the seed and ≤ 250 KB gzip at 13,000;
 * 2. the app's station sync (station-sync.ts, Dexie) into Chromium's IndexedDB: first full
 *    sync of both channels, reading the stored list back (the locator opening), a delta sync;
 * 3. search + filter + sort per keystroke over all stations in Chromium (targets: median
 *    < 4 ms at 1,300, < 8 ms at 13,000);
 * 4. clustering all stations at every zoom level with the clusterer's SuperClusterAlgorithm
 *    and the map's settings (src/features/stations/map-clustering.ts), on the local Maps stub;
 * 5. the offline map's first draw (target < 200 ms at 13,000), through the import point
 *    scripts/bench-support/offline-map-first-draw.ts (a stand-in until the map is wired).
 *
 * 6. the two channels at 13,000 stations: a first install of all three countries and of FI,
 *    and the live delta with 10 % of the stations changing a price or a status
 *    (scripts/bench-support/live-delta.ts; targets ≤ 500 KB, ≤ 250 KB, ≤ 24 B a change), written into
 *    docs/stations.md between <!-- bench:station-live:start --> and <!-- bench:station-live:end -->.
 *
 * Runs alone: `npx tsx scripts/bench-stations.ts` or `npm run bench -- stations` (needs
 * /usr/bin/chromium or CHROMIUM_PATH). About a minute on 2 idle cores.
 * `npx tsx scripts/bench-stations.ts live` measures only item 6 (no browser).
 * Smoke mode (`--smoke` or BENCH_SMOKE=1): every measure once at 130 and 260 stations,
 * printed, nothing written into the docs; for checking that the script runs.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { chromium, type Browser } from '@playwright/test';
import { CHROMIUM_ARGS, chromiumPath } from '../tests/e2e/support/chromium';
import { build, type Rollup } from 'vite';
import { SUPERCLUSTER_OPTIONS } from '../src/features/stations/map-clustering';
import type { StationList } from '#shared/stations';
import { buildOriginApp } from '../server/origin/app';
import { openDatabase } from '../server/origin/db';
import { createOriginUnitOfWork } from '../server/origin/origin-unit-of-work';
import { migrateToLatest } from '../server/origin/migrate';
import { createStationsRepository } from '../server/origin/stations/stations-repository';
import { seedLiveDataIfEmpty, seedTariffsIfEmpty } from '../server/origin/stations/seed/live-data-seed';
import { seedStationsIfEmpty } from '../server/origin/stations/seed/stations-seed';
import { liveDeltaFigures, liveDeltaReport } from './bench-support/live-delta';
import { SMOKE, smokeOr, writeMarkedBlock } from './bench-support/bench-mode';
import type * as BrowserSide from './bench-support/stations-browser';
import { median } from './bench-support/measures';

const START = '<!-- bench:stations:start -->';
const END = '<!-- bench:stations:end -->';
const LIVE_DOC = 'docs/stations.md';
const LIVE_START = '<!-- bench:station-live:start -->';
const LIVE_END = '<!-- bench:station-live:end -->';
const root = resolve(import.meta.dirname, '..');
/** Today's seed and ten times it; a smoke run (npm test) takes two small seeds through the same path. */
const SCALES: readonly [number, number] = smokeOr([60, 120], [1300, 13000]);
const ONLY_LIVE = process.argv.slice(2).includes('live');
/** Live data: the stations of the larger scale, and the share of them that changes between two syncs. */
const LIVE_TOTAL = smokeOr(260, 13000);
const LIVE_FRACTION = 0.1;
const COUNTRIES = ['FI', 'SE', 'NO'] as const;
/** The country of the locale measured (fi-FI and en-EU → FI, the largest list). */
const LOCALE_COUNTRY = 'FI';
/** Issue 29's target for a first install of Finland at the seed (1,300 stations). */
const SEED_TARGET_KB = 26;
/** What an editor does between two syncs in the delta row. */
const DELTA_CHANGES = 10;
const DELTA_REMOVALS = 2;
const SYNC_RUNS = smokeOr(1, 3);
const FIRST_DRAW_RUNS = smokeOr(1, 5);
const PAGE_ORIGIN = 'http://stations-bench.test';

type Bodies = Record<(typeof COUNTRIES)[number], string>;

interface OriginFigures {
  /** The keyed lists (cms-view/v1/stations): the stations search, clustering and the first draw use. */
  lists: Bodies;
  /** The two channels' full answers (cms-view/v1/station-facts, …/station-live): a first install. */
  facts: Bodies;
  live: Bodies;
  /** The origin's time for the locale's full list (in process): the first request at this version. */
  fullFirstMs: number;
  /** The same list again (median of 4): kept ready by ETag (server/origin/stations/station-routes.ts). */
  fullAgainMs: number;
  /** The facts delta after an editor's changes (the live channel answers 304 meanwhile). */
  delta: string;
  deltaMs: number;
}

/** A fresh SQLite origin seeded with `total` stations; the list bodies as it sends them. */
async function originFigures(total: number): Promise<OriginFigures> {
  const dataDir = mkdtempSync(join(tmpdir(), 'st1-bench-stations-'));
  const db = openDatabase({ dataDir });
  try {
    await migrateToLatest(db);
    await seedStationsIfEmpty(createOriginUnitOfWork(db).transaction, join(root, 'content'), { total });
    // The lists carry live data (prices, chargers) as the product's do; two days of history.
    await seedLiveDataIfEmpty(createOriginUnitOfWork(db).transaction, join(root, 'content'), { days: 2 });
    // Each charge point carries its tariff in the list, as the product's do.
    await seedTariffsIfEmpty(createOriginUnitOfWork(db).transaction, join(root, 'content'));
    const app = buildOriginApp(db);
    const get = async (query: string, path = 'station-facts') => {
      const times: number[] = [];
      let body = '';
      for (let run = 0; run < 5; run++) {
        const t = performance.now();
        const response = await app.inject({ method: 'GET', url: `/cms-view/v1/${path}${query}` });
        times.push(performance.now() - t);
        if (response.statusCode !== 200) throw new Error(`${query} answered ${response.statusCode}`);
        body = response.body;
      }
      return { body, first: times[0]!, again: median(times.slice(1)) };
    };
    const lists = { FI: '', SE: '', NO: '' };
    const facts = { FI: '', SE: '', NO: '' };
    const live = { FI: '', SE: '', NO: '' };
    let fullFirstMs = 0;
    let fullAgainMs = 0;
    for (const country of COUNTRIES) {
      const answer = await get(`?country=${country}`);
      facts[country] = answer.body;
      live[country] = (await get(`?country=${country}`, 'station-live')).body;
      lists[country] = (await get(`?country=${country}`, 'stations')).body;
      if (country === LOCALE_COUNTRY) ({ first: fullFirstMs, again: fullAgainMs } = answer);
    }
    // An editor's day between two syncs: some stations changed, a couple closed.
    const before = JSON.parse(lists[LOCALE_COUNTRY]) as StationList;
    const repository = createStationsRepository(db);
    for (const summary of before.stations.slice(0, DELTA_CHANGES)) {
      const record = (await repository.findBySlug(summary.slug))!;
      await repository.save({ ...record, name: `${record.name} (renovated)` });
    }
    for (const summary of before.stations.slice(DELTA_CHANGES, DELTA_CHANGES + DELTA_REMOVALS))
      await repository.remove(summary.id);
    const delta = await get(`?country=${LOCALE_COUNTRY}&since=${before.version}`);
    await app.close();
    return { lists, facts, live, fullFirstMs, fullAgainMs, delta: delta.body, deltaMs: delta.again };
  } finally {
    await db.destroy();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * The browser side (./bench-support/stations-browser.ts) bundled by Vite into one script,
 * with the stylesheets it imports (the offline map's: its frame takes the container's size).
 */
async function browserBundle(): Promise<{ script: string; styles: string }> {
  const output = (await build({
    configFile: false,
    logLevel: 'silent',
    root,
    resolve: { alias: { '@': join(root, 'src') } },
    // A library build leaves process.env.NODE_ENV alone; React reads it (production build).
    define: { 'process.env.NODE_ENV': JSON.stringify('production') },
    build: {
      write: false,
      minify: true,
      lib: {
        entry: join(root, 'scripts/bench-support/stations-browser.ts'),
        formats: ['iife'],
        name: 'StationBench',
        fileName: () => 'bench.js',
      },
    },
  })) as Rollup.RollupOutput[] | Rollup.RollupOutput;
  const first = Array.isArray(output) ? output[0]! : output;
  const chunk = first.output.find((item) => item.type === 'chunk') as Rollup.OutputChunk;
  const styles = first.output
    .filter((item): item is Rollup.OutputAsset => item.type === 'asset' && item.fileName.endsWith('.css'))
    .map((asset) => String(asset.source))
    .join('\n');
  return { script: chunk.code, styles };
}

type Bench = typeof BrowserSide;
interface BrowserFigures {
  sync: BrowserSide.SyncFigures;
  search: BrowserSide.SearchFigures;
  levels: BrowserSide.ZoomFigures[];
  firstDraw: BrowserSide.FirstDrawFigures;
}

async function browserFigures(
  browser: Browser,
  bundle: { script: string; styles: string },
  origin: OriginFigures,
): Promise<BrowserFigures> {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  try {
    // A real origin (IndexedDB needs one), answered from here: nothing leaves the machine.
    await page.route(`${PAGE_ORIGIN}/**`, (route) =>
      route.fulfill({
        contentType: 'text/html',
        body: '<!doctype html><html><body><div id="map" style="width:1280px;height:800px"></div></body></html>',
      }),
    );
    await page.goto(`${PAGE_ORIGIN}/`);
    await page.addScriptTag({ content: readFileSync(join(root, 'tests/e2e/support/fake-google-maps.js'), 'utf8') });
    await page.addStyleTag({ content: bundle.styles });
    await page.addScriptTag({ content: bundle.script });
    const bench = 'StationBench' as const;
    const sync = await page.evaluate(
      ([name, country, facts, live, delta, runs]) =>
        (window as unknown as Record<string, Bench>)[name]!.sync(country, { facts, live }, delta, runs),
      [
        bench,
        LOCALE_COUNTRY,
        origin.facts[LOCALE_COUNTRY],
        origin.live[LOCALE_COUNTRY],
        origin.delta,
        SYNC_RUNS,
      ] as const,
    );
    // Search, clustering and the first draw over every station of the run (the worst case:
    // the locator holds one country's list).
    const allBodies = COUNTRIES.map((country) => origin.lists[country]);
    const search = await page.evaluate(
      ([name, bodies]) =>
        (window as unknown as Record<string, Bench>)[name]!.search(
          bodies.flatMap((body) => (JSON.parse(body) as StationList).stations),
        ),
      [bench, allBodies] as const,
    );
    const levels = await page.evaluate(
      ([name, bodies]) =>
        (window as unknown as Record<string, Bench>)[name]!.cluster(
          bodies.flatMap((body) => (JSON.parse(body) as StationList).stations),
        ),
      [bench, allBodies] as const,
    );
    const firstDraw = await page.evaluate(
      ([name, bodies, runs]) =>
        (window as unknown as Record<string, Bench>)[name]!.firstDraw(
          bodies.flatMap((body) => (JSON.parse(body) as StationList).stations),
          runs,
        ),
      [bench, allBodies, FIRST_DRAW_RUNS] as const,
    );
    return { sync, search, levels, firstDraw };
  } finally {
    await page.close();
  }
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const ms = (value: number, digits = 2) => `${value.toFixed(digits)} ms`;
const gzipBytes = (body: string) => gzipSync(body).length;
const brotliBytes = (body: string) =>
  brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } }).length;

interface Run {
  total: number;
  origin: OriginFigures;
  browser: BrowserFigures;
}

/** One row of the scale table: the value at both scales, the ratio and the target at 13,000. */
function scaleRow(
  what: string,
  [small, large]: readonly [number, number],
  format: (value: number) => string,
  target?: { text: string; met: (value: number) => boolean },
): string {
  const ratio = small > 0 ? `${(large / small).toFixed(1)}` : '–';
  const verdict = target ? `${target.text}: **${target.met(large) ? 'met' : 'missed'}**` : '';
  return `| ${what} | ${format(small)} | ${format(large)} | ${ratio} | ${verdict} |`;
}

function report(runs: readonly [Run, Run]): string[] {
  const [small, large] = runs;
  const both = (pick: (run: Run) => number) => [pick(small), pick(large)] as const;
  const localeList = (run: Run) => run.origin.lists[LOCALE_COUNTRY];
  const localeCount = (run: Run) => (JSON.parse(localeList(run)) as StationList).stations.length;
  // A first install: both channels' full answers of the locale's country.
  const firstInstall = (run: Run) =>
    gzipBytes(run.origin.facts[LOCALE_COUNTRY]) + gzipBytes(run.origin.live[LOCALE_COUNTRY]);
  const seedMet = firstInstall(small) <= SEED_TARGET_KB * 1024;
  const zoomMedian = (run: Run) => median(run.browser.levels.slice(1).map((level) => level.ms));
  const zoomMax = (run: Run) => Math.max(...run.browser.levels.slice(1).map((level) => level.ms));
  const wired = large.browser.firstDraw.wired;
  const lines = [
    `**Scale: ${small.total.toLocaleString('en')} stations (today's seed) against ${large.total.toLocaleString('en')}** (the same generator, \`generateSeedStations(dir, { total })\`). The locale's list is fi-FI's (Finland: ${localeCount(small)} and ${localeCount(large)} stations); search, clustering and the first draw use every station of the run. Ratio = ${large.total.toLocaleString('en')} : ${small.total.toLocaleString('en')}.`,
    '',
    `| measure | ${small.total.toLocaleString('en')} | ${large.total.toLocaleString('en')} | ratio | target at ${large.total.toLocaleString('en')} |`,
    '|---|---:|---:|---:|---|',
    scaleRow('First install of the locale country: station facts + live data, gzip', both(firstInstall), kb, {
      text: `≤ 250 KB gzip (at ${small.total.toLocaleString('en')}: ≤ ${SEED_TARGET_KB} KB, ${seedMet ? 'met' : 'missed'})`,
      met: (value) => value <= 250 * 1024,
    }),
    scaleRow(
      'First install of the locale country: facts + live data, brotli q4 (as the site server sends it)',
      both((run) => brotliBytes(run.origin.facts[LOCALE_COUNTRY]) + brotliBytes(run.origin.live[LOCALE_COUNTRY])),
      kb,
    ),
    scaleRow(
      'The keyed list of before (cms-view/v1/stations, apps installed before the channels), gzip',
      both((run) => gzipBytes(localeList(run))),
      kb,
    ),
    scaleRow(
      `Facts delta after ${DELTA_CHANGES} changes and ${DELTA_REMOVALS} removals, gzip (every later sync)`,
      both((run) => gzipBytes(run.origin.delta)),
      kb,
    ),
    scaleRow(
      'Origin answering the full list, first request at a version (in process)',
      both((run) => run.origin.fullFirstMs),
      (v) => ms(v, 1),
    ),
    scaleRow(
      'Origin answering the full list again (kept by ETag)',
      both((run) => run.origin.fullAgainMs),
      (v) => ms(v, 1),
    ),
    scaleRow(
      'Origin answering the delta (in process)',
      both((run) => run.origin.deltaMs),
      (v) => ms(v, 1),
    ),
    scaleRow(
      'IndexedDB: first full sync (both channels: parse, decode, check, store)',
      both((run) => run.browser.sync.fullMs),
      (v) => ms(v, 0),
    ),
    scaleRow(
      'IndexedDB: delta sync on the stored list',
      both((run) => run.browser.sync.deltaMs),
      (v) => ms(v, 0),
    ),
    scaleRow(
      'IndexedDB: reading the stored list (the locator opening)',
      both((run) => run.browser.sync.readMs),
      (v) => ms(v, 0),
    ),
    scaleRow(
      'Search + filter + sort per keystroke, median',
      both((run) => run.browser.search.median),
      (v) => ms(v, 3),
      {
        text: '< 8 ms',
        met: (value) => value < 8,
      },
    ),
    scaleRow(
      'Search + filter + sort per keystroke, p95',
      both((run) => run.browser.search.p95),
      (v) => ms(v, 3),
    ),
    scaleRow(
      'Ordering the list for the search (once per list, in its first render)',
      both((run) => run.browser.search.indexMs),
      (v) => ms(v, 1),
    ),
    scaleRow(
      'Readying the search: folded texts and towns (once per list, in idle moments)',
      both((run) => run.browser.search.prepareMs),
      (v) => ms(v, 1),
    ),
    scaleRow('Clustering per zoom change, median of zooms 1–22', both(zoomMedian), (v) => ms(v, 2)),
    scaleRow('Clustering per zoom change, slowest of zooms 1–22', both(zoomMax), (v) => ms(v, 2)),
    scaleRow(
      'Clustering: loading the index (zoom 0)',
      both((run) => run.browser.levels[0]!.ms),
      (v) => ms(v, 1),
    ),
    scaleRow(
      wired
        ? "Offline map's first draw (until the next frame)"
        : "Offline map's first draw — **not wired yet**: stand-in = cluster index + first view's clusters (no projection, no painting)",
      both((run) => run.browser.firstDraw.ms),
      (v) => ms(v, 1),
      { text: '< 200 ms', met: (value) => value < 200 },
    ),
    '',
  ];
  if (!wired)
    lines.push(
      `The first-draw row measures a stand-in until the offline map is merged: \`scripts/bench-support/offline-map-first-draw.ts\` is the import point (it exports \`OFFLINE_MAP_FIRST_DRAW = null\` today). The stand-in loads all stations into supercluster with the map's settings and takes the clusters of the first view (zoom ${large.browser.firstDraw.zoom}, fitted to 1280 × 800: ${small.browser.firstDraw.shown} and ${large.browser.firstDraw.shown} clusters and single stations), i.e. the part of a first draw that exists today.`,
      '',
    );

  lines.push(
    '**A first install per country**: the station facts and the live data (`/proxy/cms-view/v1/station-facts?country=…` and `…/station-live?country=…`, as the origin answers them), and the keyed list of before beside them:',
    '',
    '| stations in the seed | country | stations | facts gzip | live gzip | facts + live gzip | facts + live brotli (q4) | keyed list gzip |',
    '|---|---|---:|---:|---:|---:|---:|---:|',
    ...runs.flatMap((run) =>
      COUNTRIES.map((country) => {
        const count = (JSON.parse(run.origin.lists[country]) as StationList).stations.length;
        const facts = run.origin.facts[country];
        const live = run.origin.live[country];
        return `| ${run.total.toLocaleString('en')} | ${country} | ${count} | ${kb(gzipBytes(facts))} | ${kb(gzipBytes(live))} | ${kb(gzipBytes(facts) + gzipBytes(live))} | ${kb(brotliBytes(facts) + brotliBytes(live))} | ${kb(gzipBytes(run.origin.lists[country]))} |`;
      }),
    ),
    '',
    `**Search + filter + sort per keystroke** in Chromium over all stations (the locator's own code, ${small.browser.search.keystrokes} keystrokes: town, street and postal-code queries typed key by key, Finnish and Swedish inflected forms, combined grade and service queries and misspellings, with four filter/sort combinations, open-now in each station's zone):`,
    '',
    '| stations | median | p95 | max | ordering the list | readying the search |',
    '|---:|---:|---:|---:|---:|---:|',
    ...runs.map(
      (run) =>
        `| ${run.browser.search.stations} | ${ms(run.browser.search.median, 3)} | ${ms(run.browser.search.p95, 3)} | ${ms(run.browser.search.max, 3)} | ${ms(run.browser.search.indexMs, 1)} | ${ms(run.browser.search.prepareMs, 1)} |`,
    ),
    '',
    `**Clustering all stations** with SuperClusterAlgorithm (radius ${SUPERCLUSTER_OPTIONS.radius} px, max zoom ${SUPERCLUSTER_OPTIONS.maxZoom}) in Chromium, every zoom level; zoom 0 includes building the index:`,
    '',
    '| stations | ' + small.browser.levels.map((level) => `z${level.zoom}`).join(' | ') + ' |',
    '|---|' + small.browser.levels.map(() => '---:').join('|') + '|',
    ...runs.map(
      (run) => `| ${run.total} ms | ` + run.browser.levels.map((level) => level.ms.toFixed(1)).join(' | ') + ' |',
    ),
    ...runs.map(
      (run) => `| ${run.total} markers | ` + run.browser.levels.map((level) => level.clusters).join(' | ') + ' |',
    ),
    '',
  );
  return lines;
}

/** Replaces the marked block of a doc (or appends it under `heading`). */
function writeBlock(doc: string, start: string, end: string, block: string, heading: string): void {
  const text = readFileSync(doc, 'utf8');
  const next = text.includes(start)
    ? text.replace(new RegExp(`${start}[\\s\\S]*?${end}`), () => block)
    : `${text.trimEnd()}\n\n${heading}\n\n${block}\n`;
  writeFileSync(doc, next);
}

function machine(loadAtStart: number): string {
  const loadNow = loadavg()[0]!;
  const busy = Math.max(loadAtStart, loadNow) > cpus().length;
  return `on ${cpus().length} × ${cpus()[0]?.model.trim() ?? 'CPU'}, load average ${loadAtStart.toFixed(1)} at the start and ${loadNow.toFixed(1)} at the end${busy ? ' (above the core count: other work shared the cores, so times are upper bounds)' : ' (an idle machine)'}`;
}

async function live(): Promise<void> {
  const loadAtStart = loadavg()[0]!;
  const figures = await liveDeltaFigures(root, LIVE_TOTAL, LIVE_FRACTION);
  const when = new Date().toISOString().slice(0, 16).replace('T', ' ');
  const block = [
    LIVE_START,
    '',
    ...liveDeltaReport(
      figures,
      `Measured ${when} UTC by \`npx tsx scripts/bench-stations.ts live\` (also part of \`npm run bench -- stations\`) ${machine(loadAtStart)}.`,
    ),
    '',
    LIVE_END,
  ].join('\n');
  if (!SMOKE) writeBlock(LIVE_DOC, LIVE_START, LIVE_END, block, '### Measured: the delta sync of live data');
  console.log(block);
}

async function main() {
  if (ONLY_LIVE) return live();
  const bundle = await browserBundle();
  const browser = await chromium.launch({
    executablePath: chromiumPath(),
    args: CHROMIUM_ARGS,
  });
  const runs: Run[] = [];
  const loadAtStart = loadavg()[0]!;
  try {
    for (const total of SCALES) {
      const origin = await originFigures(total);
      runs.push({ total, origin, browser: await browserFigures(browser, bundle, origin) });
    }
  } finally {
    await browser.close();
  }
  const block = [
    START,
    '',
    `Measured ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC by \`npm run bench -- stations\` (\`scripts/bench-stations.ts\`) on ${cpus().length} × ${cpus()[0]?.model.trim() ?? 'CPU'}, Chromium, load average ${loadAtStart.toFixed(1)} at the start and ${loadavg()[0]!.toFixed(1)} at the end${Math.max(loadAtStart, loadavg()[0]!) > cpus().length ? ' (above the core count: other work shared the cores, so times are upper bounds; ratios hold better)' : ' (an idle machine)'}.`,
    '',
    ...report(runs as [Run, Run]),
    END,
  ].join('\n');
  console.log(block);
  const written = writeMarkedBlock({ start: START, end: END, block, heading: '## Stations' });
  if (written) console.log(`Wrote ${written}`);
  await live();
}

await main();
