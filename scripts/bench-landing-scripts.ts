/**
 * `npx tsx scripts/bench-landing-scripts.ts` (also run by `npm run bench`): the script a
 * guest's visit of the landing page (`/`, Finnish browser) makes Chromium fetch, counted
 * as the browser fetches it (tests/e2e/support/landing-scripts.ts, the same code as the
 * budget's e2e test): before interaction, and at the first idle moment; on a first visit in
 * a fresh profile (no service worker yet) and on a visit with the worker installed.
 * Debian's Chromium with the e2e flags against the production build (DIST_DIR, default
 * dist). BENCH_BASELINE_DIST names a second build (e.g. main's) measured in the same run,
 * side by side (BENCH_BASELINE_LABEL names it in the table). Replaces the marked block in docs/performance.md; exits 1 when a measured
 * build of DIST_DIR is over the budget (not in smoke runs).
 */
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { chromium, type Browser } from '@playwright/test';
import { CHROMIUM_ARGS, chromiumPath, VISITOR_USER_AGENT } from '../tests/e2e/support/chromium';
import {
  LANDING_SCRIPT_BUDGET_BYTES,
  measureScripts,
  prepareContext,
  QUIET_MS,
  type ScriptVisit,
} from '../tests/e2e/support/landing-scripts';
import { storedStationCount, waitForServiceWorkerControl } from '../tests/e2e/support/pwa';
import { freePort, SMOKE, smokeOr, writeMarkedBlock } from './bench-support/bench-mode';
import { startProduct } from './start-product';

const START = '<!-- bench:landing-scripts:start -->';
const END = '<!-- bench:landing-scripts:end -->';
const RUNS = Number(process.env.BENCH_LANDING_RUNS ?? smokeOr(1, 3));
/** Longest wait for the worker's install and the first station list at the idle moment. */
const BACKGROUND_DEADLINE_MS = 60_000;

interface BuildVisits {
  label: string;
  runs: Array<{ first: ScriptVisit; installed: ScriptVisit }>;
}

async function measureBuild(browser: Browser, distDir: string, label: string): Promise<BuildVisits> {
  if (!existsSync(join(distDir, 'client', 'sw.js')))
    throw new Error(`No build in ${distDir}: run npm run build first.`);
  const product = await startProduct({ port: await freePort(), name: 'landing-scripts', env: { DIST_DIR: distDir } });
  const runs: BuildVisits['runs'] = [];
  try {
    for (let run = 0; run < RUNS; run++) {
      const context = await browser.newContext({
        baseURL: product.url,
        userAgent: VISITOR_USER_AGENT,
        locale: 'fi-FI',
        serviceWorkers: 'allow',
      });
      await prepareContext(context);
      // The idle moment's list is complete only once the station sync has run.
      const first = await measureScripts(context, '/', {
        afterIdle: async (page) => {
          await waitForServiceWorkerControl(page);
          const deadline = Date.now() + BACKGROUND_DEADLINE_MS;
          while ((await storedStationCount(page, 'FI')) === 0) {
            if (Date.now() > deadline) throw new Error(`${label}: no station list stored at the idle moment`);
            await page.waitForTimeout(200);
          }
        },
      });
      await first.page.close();
      const installed = await measureScripts(context, '/');
      await context.close();
      runs.push({ first: first.visit, installed: installed.visit });
      console.log(
        `${label} run ${run + 1}: first visit ${kb(first.visit.beforeInteractionBytes)} + ${kb(first.visit.atIdleBytes)} at idle; installed ${kb(installed.visit.beforeInteractionBytes)} + ${kb(installed.visit.atIdleBytes)} at idle`,
      );
    }
  } finally {
    product.stop();
  }
  return { label, runs };
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
/** Hashes dropped, so that a rebuild with the same sizes reads the same. */
const unhashed = (path: string) => path.replace(/-[\w-]{8}(?=\.js$)/, '');

/** The run with the most script before interaction: the budget's worst case. */
function worst(runs: BuildVisits['runs'], visit: 'first' | 'installed'): ScriptVisit {
  return runs.map((run) => run[visit]).sort((a, b) => b.beforeInteractionBytes - a.beforeInteractionBytes)[0]!;
}

const range = (values: number[]) => {
  const low = Math.min(...values);
  const high = Math.max(...values);
  return low === high ? kb(low) : `${kb(low)}–${kb(high)}`;
};

function scriptList(visit: ScriptVisit, phase: ScriptVisit['scripts'][number]['phase']): string {
  const scripts = visit.scripts.filter((script) => script.phase === phase).sort((a, b) => b.gzipBytes - a.gzipBytes);
  return scripts.length === 0
    ? 'none'
    : scripts.map((script) => `\`${unhashed(script.path)}\` ${kb(script.gzipBytes)}`).join(', ');
}

async function main() {
  const distDir = process.env.DIST_DIR ?? 'dist';
  const baselineDir = process.env.BENCH_BASELINE_DIST;
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
  const builds: BuildVisits[] = [];
  try {
    if (baselineDir)
      builds.push(
        await measureBuild(
          browser,
          resolve(baselineDir),
          process.env.BENCH_BASELINE_LABEL ?? `baseline (${baselineDir})`,
        ),
      );
    builds.push(await measureBuild(browser, distDir, 'this build'));
  } finally {
    await browser.close();
  }

  const rows = builds.flatMap(({ label, runs }) =>
    (['first', 'installed'] as const).map((visit) => {
      const name = visit === 'first' ? 'first visit, no service worker' : 'service worker installed';
      return `| ${label} | ${name} | ${range(runs.map((run) => run[visit].beforeInteractionBytes))} | ${range(runs.map((run) => run[visit].atIdleBytes))} |`;
    }),
  );
  const ours = builds.at(-1)!;
  const lists = (['first', 'installed'] as const).flatMap((visit) => {
    const measured = worst(ours.runs, visit);
    const name = visit === 'first' ? 'First visit' : 'With the worker installed';
    return [
      `- ${name}, before interaction: ${scriptList(measured, 'before interaction')}.`,
      `- ${name}, at the first idle moment: ${scriptList(measured, 'at the first idle moment')}.`,
    ];
  });
  const block = [
    START,
    `Measured ${new Date().toISOString().slice(0, 10)} by \`npx tsx scripts/bench-landing-scripts.ts\`: Chromium ${browser.version()}, the landing page \`/\``,
    `of the production build (Finnish browser, a guest), ${RUNS} run(s) per build (a range where runs differed). Before interaction =`,
    `from the navigation until the page is loaded, hydrated and no request has been in flight for ${QUIET_MS / 1000} s, with the browser's`,
    'idle callbacks held and nobody touching the page; at the first idle moment = after the held callbacks run, until the',
    'worker controls the page, the station list is stored and the page is quiet again. gzip level 9 of each script',
    `fetched (answered by the network or the worker). Budget before interaction: ${kb(LANDING_SCRIPT_BUDGET_BYTES)}.`,
    '',
    '| build | visit | before interaction | at the first idle moment |',
    '|---|---|---:|---:|',
    ...rows,
    '',
    `What ${ours.label} fetches (the run with the most before interaction; hashes left out):`,
    '',
    ...lists,
    END,
  ].join('\n');
  console.log(block);
  const written = writeMarkedBlock({ start: START, end: END, block, heading: '## Landing page JavaScript budget' });
  if (written) console.log(`Wrote ${written}`);
  const over = ours.runs.some(
    (run) =>
      run.first.beforeInteractionBytes > LANDING_SCRIPT_BUDGET_BYTES ||
      run.installed.beforeInteractionBytes > LANDING_SCRIPT_BUDGET_BYTES,
  );
  if (over && !SMOKE) {
    console.error(`Over the budget of ${kb(LANDING_SCRIPT_BUDGET_BYTES)} before interaction.`);
    process.exit(1);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
