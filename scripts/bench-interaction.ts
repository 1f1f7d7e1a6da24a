/**
 * `npx tsx scripts/bench-interaction.ts` (`npm run bench -- interaction`): Interaction to Next
 * Paint while typing in the station locator's search, at today's seed (1,300 stations) and
 * ten times it (13,000), side by side in one run. The product runs in a child process on a
 * data folder seeded beforehand with that many stations; real Chromium (Debian's, a phone's
 * viewport, the phone's 4× CPU slowdown through the DevTools protocol) opens the locator,
 * waits until the whole stored list is searchable, and types a town name one key at a time
 * as a person would. INP comes from the web-vitals library (the same code field data would
 * use), and every interaction's duration from the Event Timing API beside it. Median of
 * RUNS page loads. Target: INP ≤ 100 ms at 13,000. Replaces its block in docs/performance.md.
 *
 * With BENCH_BASELINE_DIR (a checkout of an earlier commit, built, with node_modules), that
 * build is measured in the same run, each of its page loads right after one of this
 * build's (BENCH_BASELINE_NAME names it in the table): on a shared machine only figures
 * taken side by side compare.
 */
import { readFileSync, rmSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium, type Browser } from '@playwright/test';
import { CHROMIUM_ARGS, chromiumPath } from '../tests/e2e/support/chromium';
import { freePort, portFromEnv, smokeOr, writeMarkedBlock } from './bench-support/bench-mode';
import { seededDataDir } from './bench-support/seeded-origin';
import { startProduct, type RunningProduct } from './start-product';
import { median } from './bench-support/measures';

const root = resolve(import.meta.dirname, '..');
const START = '<!-- bench:interaction:start -->';
const END = '<!-- bench:interaction:end -->';
const SCALES: readonly number[] = smokeOr([60], [1300, 13000]);
const RUNS = Number(process.env.BENCH_INTERACTION_RUNS ?? smokeOr(1, 3));
const CPU_SLOWDOWN = 4;
const TYPED = smokeOr('ha', 'hameenlinna');
/** A person's typing: about five keys a second. */
const KEY_DELAY_MS = 200;
const TARGET_MS = 100;
const LOCATOR = '/asemahaku';
const WEB_VITALS = readFileSync(join(root, 'node_modules/web-vitals/dist/web-vitals.iife.js'), 'utf8');

/** The builds measured: this checkout, and the baseline when given. */
interface Build {
  name: string;
  cwd: string;
}

const BUILDS: readonly Build[] = [
  { name: 'this build', cwd: root },
  ...(process.env.BENCH_BASELINE_DIR
    ? [
        {
          name: `before (${process.env.BENCH_BASELINE_NAME ?? process.env.BENCH_BASELINE_DIR})`,
          cwd: resolve(process.env.BENCH_BASELINE_DIR),
        },
      ]
    : []),
];

/** Where one interaction's time went (Event Timing): waiting for the main thread, its handlers, then to the paint. */
interface Phases {
  duration: number;
  inputDelay: number;
  processing: number;
  presentation: number;
}

interface RunFigures {
  inp: number;
  /** Every interaction's duration (Event Timing), for the spread behind the INP. */
  durations: number[];
  /** The slowest interaction's phases: which of the three to cut. */
  slowest: Phases | null;
  stations: number;
}

/** web-vitals reports no INP while every interaction stays under 16 ms. */
const showInp = (value: number) => (value === 0 ? '< 16' : String(Math.round(value)));

async function measureOnce(browser: Browser, base: string): Promise<RunFigures> {
  const context = await browser.newContext({
    locale: 'fi-FI',
    viewport: { width: 412, height: 823 },
    isMobile: true,
    hasTouch: true,
    // The worker would start installing in the middle of the typing: the locator's own work is measured.
    serviceWorkers: 'block',
  });
  try {
    const page = await context.newPage();
    // The library's browser build defines a global; an init script runs as a function body.
    await page.addInitScript(`window.webVitals = (() => { ${WEB_VITALS}; return webVitals; })();`);
    await page.addInitScript(() => {
      const state = {
        inp: 0,
        durations: [] as number[],
        slowest: null as null | { duration: number; inputDelay: number; processing: number; presentation: number },
        webVitals: false,
      };
      (window as unknown as { __interaction: typeof state }).__interaction = state;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as PerformanceEventTiming[]) {
          if (!entry.interactionId) continue;
          state.durations.push(entry.duration);
          if (state.slowest && state.slowest.duration >= entry.duration) continue;
          state.slowest = {
            duration: entry.duration,
            inputDelay: entry.processingStart - entry.startTime,
            processing: entry.processingEnd - entry.processingStart,
            presentation: entry.startTime + entry.duration - entry.processingEnd,
          };
        }
      }).observe({ type: 'event', durationThreshold: 16, buffered: true } as PerformanceObserverInit);
      const vitals = (window as unknown as { webVitals?: typeof import('web-vitals') }).webVitals;
      if (!vitals) return;
      state.webVitals = true;
      vitals.onINP((metric) => (state.inp = metric.value), { reportAllChanges: true, durationThreshold: 0 });
    });
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    await page.goto(`${base}${LOCATOR}`, { waitUntil: 'load' });
    // The whole stored list is in: the count says "N asemaa", no longer "showing x/y".
    const count = page.locator('.station-locator__count');
    await count
      .filter({ hasText: /^[\d\s\u00a0]+asema/ })
      .waitFor({ timeout: 120_000 })
      .catch(async (error: unknown) => {
        const said = await count.textContent().catch(() => null);
        throw new Error(`The whole list did not arrive at ${base} (the count says "${said}")`, { cause: error });
      });
    const stations = Number((await count.textContent())!.replace(/\D/g, ''));
    await page.waitForTimeout(1000);
    const search = page.getByLabel('Hae nimellä, paikkakunnalla, kadulla tai postinumerolla');
    await search.click();
    await page.keyboard.type(TYPED, { delay: KEY_DELAY_MS });
    await page.waitForTimeout(1000);
    const figures = await page.evaluate(
      () =>
        (
          window as unknown as {
            __interaction: { inp: number; durations: number[]; slowest: Phases | null; webVitals: boolean };
          }
        ).__interaction,
    );
    if (!figures.webVitals) throw new Error('web-vitals did not load in the page');
    const typed = await search.inputValue();
    if (typed !== TYPED) throw new Error(`The search field holds "${typed}", not "${TYPED}"`);
    return { inp: figures.inp, durations: figures.durations, slowest: figures.slowest, stations };
  } finally {
    await context.close();
  }
}

/**
 * A page load whose list never arrived (a first sync that failed on a machine under heavy
 * load) measures nothing: it is said, and the load is made once more.
 */
async function measureOnceOrAgain(browser: Browser, base: string, build: Build): Promise<RunFigures> {
  try {
    return await measureOnce(browser, base);
  } catch (error) {
    console.warn(`${build.name}: ${error instanceof Error ? error.message : String(error)}; loading the page again`);
    return measureOnce(browser, base);
  }
}

/** Both builds' products on their own copies of the seeded data, alternating page loads. */
async function measureScale(browser: Browser, total: number): Promise<Array<{ build: Build; runs: RunFigures[] }>> {
  const started: Array<{ build: Build; dataDir: string; product: RunningProduct }> = [];
  try {
    for (const [at, build] of BUILDS.entries()) {
      const dataDir = await seededDataDir(total, `interaction-${at}`);
      const port = at === 0 ? await portFromEnv('BENCH_INTERACTION_PORT') : await freePort();
      const product = await startProduct({
        port,
        name: `interaction-${total}`,
        cwd: build.cwd,
        env: { DATA_DIR: dataDir },
      });
      started.push({ build, dataDir, product });
    }
    const measured = started.map(({ build }) => ({ build, runs: [] as RunFigures[] }));
    for (let run = 0; run < RUNS; run++) {
      // Which build goes first alternates: neither always meets the other's aftermath.
      const order = run % 2 === 0 ? [...started.entries()] : [...started.entries()].reverse();
      for (const [at, { build, product }] of order)
        measured[at]!.runs.push(await measureOnceOrAgain(browser, product.url, build));
    }
    for (const { build, runs } of measured)
      console.log(`${total} stations, ${build.name}: INP ${runs.map((r) => showInp(r.inp)).join(', ')} ms`);
    return measured;
  } finally {
    for (const { product, dataDir } of started) {
      product.stop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
}

/** "delay + handlers + paint" of the slowest interaction of all runs, in whole milliseconds. */
function phasesOf(runs: RunFigures[]): string {
  const slowest = runs
    .map((run) => run.slowest)
    .filter((phases): phases is Phases => phases !== null)
    .sort((a, b) => b.duration - a.duration)[0];
  if (!slowest) return '–';
  const ms = (value: number) => Math.max(0, Math.round(value));
  return `${ms(slowest.inputDelay)} + ${ms(slowest.processing)} + ${ms(slowest.presentation)}`;
}

function tableRow(total: number, build: Build, runs: RunFigures[]): string {
  const inp = median(runs.map((run) => run.inp));
  const slowest = Math.max(0, ...runs.flatMap((run) => run.durations));
  // The typical key, steadier than INP (the single worst of about 30, often a key that met other work).
  const typical = median(runs.flatMap((run) => run.durations));
  const counted = median(runs.map((run) => run.durations.length));
  const verdict = total === 13000 && build === BUILDS[0] ? (inp <= TARGET_MS ? 'met' : '**missed**') : '';
  const label = BUILDS.length > 1 ? ` | ${build.name}` : '';
  return `| ${total.toLocaleString('en')}${label} | ${runs[0]!.stations.toLocaleString('en')} | **${showInp(inp)}** (${runs.map((run) => showInp(run.inp)).join(', ')}) | ${Math.round(typical)} | ${Math.round(slowest)} | ${phasesOf(runs)} | ${counted} | ${verdict} |`;
}

async function main() {
  const browser = await chromium.launch({
    executablePath: chromiumPath(),
    args: CHROMIUM_ARGS,
  });
  const loadAtStart = loadavg()[0]!;
  const rows: string[] = [];
  try {
    for (const total of SCALES)
      for (const { build, runs } of await measureScale(browser, total)) rows.push(tableRow(total, build, runs));
  } finally {
    await browser.close();
  }
  const loadAtEnd = loadavg()[0]!;
  const loaded = Math.max(loadAtStart, loadAtEnd) > cpus().length;
  const sideBySide = BUILDS.length > 1;
  const block = [
    START,
    `Measured ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC by \`npx tsx scripts/bench-interaction.ts\`: Chromium, 412 × 823 phone viewport, ${CPU_SLOWDOWN}× CPU slowdown, typing "${TYPED}" into the locator's search one key every ${KEY_DELAY_MS} ms once the whole stored list is searchable; INP by the web-vitals library, median of ${RUNS} page load(s)${sideBySide ? ', page loads of the builds alternating, the first of each pair alternating too' : ''}. ${cpus().length} cores, load average ${loadAtStart.toFixed(1)} at the start and ${loadAtEnd.toFixed(1)} at the end${loaded ? ' (measured under load: other work shared the cores, so the times are upper bounds)' : ''}.`,
    '',
    `| stations in the seed${sideBySide ? ' | build' : ''} | stations in the list | INP ms (runs) | median interaction ms | slowest interaction ms | its input delay + handlers + paint ms | interactions ≥ 16 ms | target at 13,000: INP ≤ ${TARGET_MS} ms |`,
    `|---:${sideBySide ? '|---' : ''}|---:|---|---:|---:|---|---:|---|`,
    ...rows,
    END,
  ].join('\n');
  console.log(block);
  const written = writeMarkedBlock({ start: START, end: END, block, heading: '## Interaction (locator search)' });
  if (written) console.log(`Wrote ${written}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
