/**
 * `npx tsx scripts/bench-pwa-lie-fi.ts`: how soon the installed app paints on a cold start
 * offline and on lie-fi, side by side. Real Chromium (Debian's, the e2e flags) on a profile
 * on disk: the app is installed on a good connection (the worker saves the start page, the
 * locator and the cart), the browser is closed, and each case launches it again on the
 * same profile and opens one page:
 * - online: the server answers at once (for reference);
 * - offline: the browser is offline and the server away;
 * - lie-fi: the browser believes it is online, but a loopback proxy holds every answer
 *   back for 15 s (tests/e2e/support/lie-fi-proxy.ts), the service worker's requests too.
 * First paint = the page's first-contentful-paint entry (from the start of the navigation,
 * the worker's start included). Median of RUNS installs. With BENCH_BASELINE_DIST (a
 * production build of an earlier commit) the same cases run against that build's worker
 * in the same run, so that before and after are measured side by side.
 * Replaces the marked block in docs/performance.md.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { getHref } from '#shared/locales';
import { LieFiProxy } from '../tests/e2e/support/lie-fi-proxy';
import { portFromEnv, smokeOr, writeMarkedBlock } from './bench-support/bench-mode';
import { firstContentfulPaint, firstPage, installApp, launchProfile } from './bench-support/installed-app';
import { median } from './bench-support/measures';
import { startProduct } from './start-product';

const RUNS = Number(process.env.BENCH_LIE_FI_RUNS ?? smokeOr(1, 3));
const HELD_BACK_MS = 15_000;
const START = '<!-- bench:pwa-lie-fi:start -->';
const END = '<!-- bench:pwa-lie-fi:end -->';
/** The start page and the locator (shown from the saved copy at once) and the cart (must be fresh). */
const SAVED_PAGES = smokeOr(['/'], ['/', '/asemahaku', '/ostoskori']);
/**
 * Pages the install did not save: another locale's start page and a page never visited.
 * On lie-fi the worker answers them from the device after its deadline (docs/pwa.md
 * "Pages"), and the app must have painted within 3 s.
 */
const NEVER_SAVED_PAGES = smokeOr([], [getHref('en-EU', '/'), '/yrityksille/energiatuotteet']);
const NEVER_SAVED_TARGET_MS = 3000;
const CASES = ['online', 'offline', 'lie-fi'] as const;
type Case = (typeof CASES)[number];
/** A page never saved is visited online last: that visit saves it. */
const NEVER_SAVED_CASES: readonly Case[] = ['lie-fi', 'offline', 'online'];

/** A first visit: the worker takes control and saves the start page, the locator and the cart. */
async function install(profile: string, base: string): Promise<void> {
  // Let the install's background work (precache, station list) finish.
  const context = await installApp(profile, base, smokeOr(500, 3000));
  await context.close();
}

/** A cold start on `path`: ms from the start of the navigation to the first contentful paint. */
async function coldStart(profile: string, base: string, proxy: LieFiProxy, path: string, kind: Case) {
  proxy.delayMs = kind === 'lie-fi' ? HELD_BACK_MS : 0;
  proxy.refuse = kind === 'offline';
  const context = await launchProfile(profile, kind === 'offline');
  try {
    const page = await firstPage(context);
    await page.goto(`${base}${path}`, { waitUntil: 'commit', timeout: 60_000 });
    return await firstContentfulPaint(page);
  } finally {
    await context.close();
    proxy.delayMs = 0;
    proxy.refuse = false;
  }
}

interface Row {
  build: string;
  path: string;
  neverSaved: boolean;
  paint: Record<Case, number[]>;
}

async function measureBuild(build: string, distDir: string): Promise<Row[]> {
  if (!existsSync(join(distDir, 'client', 'sw.js')))
    throw new Error(`No service worker in ${distDir}/client: run "npm run build" first`);
  const port = await portFromEnv('BENCH_LIE_FI_PORT');
  const server = await startProduct({ port, name: 'lie-fi', env: { DIST_DIR: distDir } });
  const proxy = new LieFiProxy(port);
  const base = await proxy.listen();
  const row = (path: string, neverSaved: boolean): Row => ({
    build,
    path,
    neverSaved,
    paint: { online: [], offline: [], 'lie-fi': [] },
  });
  const rows = [...SAVED_PAGES.map((path) => row(path, false)), ...NEVER_SAVED_PAGES.map((path) => row(path, true))];
  try {
    for (let run = 0; run < RUNS; run++) {
      const profile = mkdtempSync(join(tmpdir(), 'st1-bench-lie-fi-'));
      try {
        await install(profile, base);
        for (const row of rows) {
          for (const kind of row.neverSaved ? NEVER_SAVED_CASES : CASES) {
            const paint = await coldStart(profile, base, proxy, row.path, kind);
            row.paint[kind].push(paint);
            console.log(`${build} ${row.path} ${kind}: first paint ${Math.round(paint)} ms`);
          }
        }
      } finally {
        rmSync(profile, { recursive: true, force: true });
      }
    }
  } finally {
    await proxy.close();
    server.stop();
  }
  return rows;
}

async function main() {
  const load = loadavg()[0]!;
  const builds: Array<[string, string]> = [];
  const baseline = process.env.BENCH_BASELINE_DIST;
  if (baseline) builds.push([`before (\`${process.env.BENCH_BASELINE_NAME ?? baseline}\`)`, resolve(baseline)]);
  builds.push(['this build', resolve(process.env.DIST_DIR ?? 'dist')]);
  const rows: Row[] = [];
  for (const [name, dir] of builds) rows.push(...(await measureBuild(name, dir)));

  const ms = (values: number[]) => `${Math.round(median(values))}`;
  const runs = (values: number[]) => values.map((value) => Math.round(value)).join(', ');
  const table = rows.map((row) => {
    const ratio = median(row.paint['lie-fi']) / median(row.paint.offline);
    const target = row.neverSaved
      ? `never saved: lie-fi ≤ ${NEVER_SAVED_TARGET_MS / 1000} s ${median(row.paint['lie-fi']) <= NEVER_SAVED_TARGET_MS ? 'met' : '**missed**'}`
      : row.path === '/ostoskori'
        ? 'must be fresh: waits, then says so'
        : ratio <= 1.2
          ? 'met'
          : '**missed**';
    return `| ${row.build} | \`${row.path}\` | ${ms(row.paint.online)} | ${ms(row.paint.offline)} (${runs(row.paint.offline)}) | ${ms(row.paint['lie-fi'])} (${runs(row.paint['lie-fi'])}) | ${ratio.toFixed(2)} | ${target} |`;
  });
  const block = [
    START,
    `Measured ${new Date().toISOString().slice(0, 10)} by \`npx tsx scripts/bench-pwa-lie-fi.ts\`: Debian's Chromium (no address bar popup since 2026-11-30: an installed app has none), a 412 × 823 window, the app installed`,
    `on a profile on disk, then a cold start (browser launched again) per case; first paint = first-contentful-paint from the`,
    `start of the navigation, median of ${RUNS} install(s) (each run in brackets). Lie-fi: every answer held back ${HELD_BACK_MS / 1000} s by a loopback proxy.`,
    `A page "never saved" (not saved by the install) is visited on lie-fi first, then offline, then online (that visit saves it).`,
    `${cpus().length} cores, load average ${load.toFixed(1)} at the start${load > cpus().length ? ' (other work shared the cores: compare within a row)' : ''}.`,
    '',
    '| build | page | online ms | offline ms | lie-fi ms | lie-fi / offline | target (≤ 1.2× unless said) |',
    '|---|---|---:|---:|---:|---:|---|',
    ...table,
    END,
  ].join('\n');
  console.log(block);
  const written = writeMarkedBlock({ start: START, end: END, block, heading: '## Lie-fi (installed app, cold start)' });
  if (written) console.log(`Wrote ${written}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
