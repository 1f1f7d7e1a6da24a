/**
 * `npx tsx scripts/bench-pwa.ts`: what the service worker does for a repeat
 * visit. Real Chromium (Debian's, the e2e flags) loads pages of the production build
 * (DIST_DIR, default dist) through a small TCP proxy that counts every byte the server
 * sends and, for the "slow 4G" rows, delays and paces them (150 ms round trip, 1.6 Mbit/s
 * down, 750 kbit/s up: Lighthouse's mobile preset). The proxy sits in front of the server,
 * so the worker's own requests (navigation preload, revalidation) are counted and slowed
 * too, unlike DevTools throttling, which does not apply to the worker.
 *
 * Per page and network: a first visit in a fresh profile, then a repeat visit (a new tab
 * in the same profile after the worker has installed); with the service worker, and
 * without it (HTTP cache only) as the baseline. Load time is the navigation's
 * loadEventEnd; bytes are everything the server sent from the start of the navigation to
 * the load event. Median of RUNS runs. Replaces the marked block in docs/performance.md.
 */
import { existsSync } from 'node:fs';
import { cpus } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext } from '@playwright/test';
import { CHROMIUM_ARGS, chromiumPath, VISITOR_USER_AGENT } from '../tests/e2e/support/chromium';
import { portFromEnv, SMOKE, smokeOr, writeMarkedBlock } from './bench-support/bench-mode';
import { median } from './bench-support/measures';
import { LOOPBACK, SLOW_4G, ThrottlingProxy, type Network } from './bench-support/throttling-proxy';
import { startProduct } from './start-product';

const RUNS = Number(process.env.BENCH_PWA_RUNS ?? smokeOr(1, 5));
const START = '<!-- bench:pwa:start -->';
const END = '<!-- bench:pwa:end -->';
const PAGES = smokeOr(['/'], ['/', '/yrityksille']);

/** The networks measured: a smoke run takes loopback only (the slow one only adds waiting). */
const MEASURED_NETWORKS = SMOKE ? [LOOPBACK] : [LOOPBACK, SLOW_4G];

interface Visit {
  loadMs: number;
  bytes: number;
  /** Requests the page's resources made that a service worker answered. */
  fromWorker: number;
}

async function visit(context: BrowserContext, proxy: ThrottlingProxy, url: string): Promise<Visit> {
  const page = await context.newPage();
  let fromWorker = 0;
  page.on('response', (response) => {
    if (response.fromServiceWorker()) fromWorker++;
  });
  proxy.bytesDown = 0;
  await page.goto(url, { waitUntil: 'load' });
  const bytes = proxy.bytesDown;
  const loadMs = await page.evaluate(
    () => (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).loadEventEnd,
  );
  await page.close();
  return { loadMs, bytes, fromWorker };
}

/** Waits until the worker controls a page and has saved the start pages, then lets prefetch settle. */
async function settleWorker(context: BrowserContext, url: string) {
  const page = await context.newPage();
  await page.goto(url);
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller) {
      await new Promise((resolve) =>
        navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true }),
      );
    }
    for (let attempt = 0; attempt < 100; attempt++) {
      const names = await caches.keys();
      const pages = names.find((name) => name.startsWith('st1-pages-'));
      if (pages && (await (await caches.open(pages)).keys()).length >= 2) return;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  });
  await page.waitForTimeout(smokeOr(200, 2500));
  await page.close();
}

interface Row {
  network: string;
  page: string;
  first: Visit;
  repeatWorker: Visit;
  repeatHttpCache: Visit;
}

async function measure(
  browser: Browser,
  proxy: ThrottlingProxy,
  base: string,
  network: Network,
  path: string,
): Promise<Row> {
  const runs: Array<{ first: Visit; repeatWorker: Visit; repeatHttpCache: Visit }> = [];
  for (let run = 0; run < RUNS; run++) {
    proxy.network = LOOPBACK;
    // With the service worker: first visit, install, repeat visit in a new tab.
    const withWorker = await browser.newContext({
      baseURL: base,
      userAgent: VISITOR_USER_AGENT,
      locale: 'fi-FI',
      serviceWorkers: 'allow',
    });
    proxy.network = network;
    const first = await visit(withWorker, proxy, path);
    proxy.network = LOOPBACK;
    await settleWorker(withWorker, path);
    proxy.network = network;
    const repeatWorker = await visit(withWorker, proxy, path);
    await withWorker.close();
    // Without it: the same two visits with the browser's HTTP cache only.
    proxy.network = LOOPBACK;
    const withoutWorker = await browser.newContext({
      baseURL: base,
      userAgent: VISITOR_USER_AGENT,
      locale: 'fi-FI',
      serviceWorkers: 'block',
    });
    proxy.network = network;
    await visit(withoutWorker, proxy, path);
    const repeatHttpCache = await visit(withoutWorker, proxy, path);
    await withoutWorker.close();
    runs.push({ first, repeatWorker, repeatHttpCache });
  }
  const pick = (key: 'first' | 'repeatWorker' | 'repeatHttpCache'): Visit => ({
    loadMs: median(runs.map((run) => run[key].loadMs)),
    bytes: median(runs.map((run) => run[key].bytes)),
    fromWorker: median(runs.map((run) => run[key].fromWorker)),
  });
  return {
    network: network.name,
    page: path,
    first: pick('first'),
    repeatWorker: pick('repeatWorker'),
    repeatHttpCache: pick('repeatHttpCache'),
  };
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const ms = (value: number) => `${Math.round(value)}`;

async function main() {
  const distDir = process.env.DIST_DIR ?? 'dist';
  if (!existsSync(join(distDir, 'client', 'sw.js')))
    throw new Error(`No service worker in ${distDir}/client: run "npm run build" first`);
  const serverPort = await portFromEnv('BENCH_PWA_PORT');
  const server = await startProduct({ port: serverPort, name: 'pwa' });
  const proxy = new ThrottlingProxy(serverPort);
  const proxyPort = await proxy.listen();
  // The worker needs a secure context: 127.0.0.1 is one.
  const base = `http://127.0.0.1:${proxyPort}`;
  const browser = await chromium.launch({
    executablePath: chromiumPath(),
    args: CHROMIUM_ARGS,
  });
  const rows: Row[] = [];
  try {
    for (const network of MEASURED_NETWORKS) {
      for (const path of PAGES) {
        const row = await measure(browser, proxy, base, network, path);
        console.log(
          `${network.name} ${path}: first ${ms(row.first.loadMs)} ms ${kb(row.first.bytes)}; repeat with worker ${ms(row.repeatWorker.loadMs)} ms ${kb(row.repeatWorker.bytes)}; repeat HTTP cache ${ms(row.repeatHttpCache.loadMs)} ms ${kb(row.repeatHttpCache.bytes)}`,
        );
        rows.push(row);
      }
    }
  } finally {
    await browser.close();
    await proxy.close();
    server.stop();
  }

  const table = rows
    .map(
      (row) =>
        `| ${row.network} | \`${row.page}\` | ${ms(row.first.loadMs)} | ${ms(row.repeatWorker.loadMs)} | ${(row.repeatWorker.loadMs / row.first.loadMs).toFixed(2)} | ${ms(row.repeatHttpCache.loadMs)} | ${kb(row.first.bytes)} | ${kb(row.repeatWorker.bytes)} | ${kb(row.repeatHttpCache.bytes)} | ${row.repeatWorker.fromWorker} |`,
    )
    .join('\n');
  const block = [
    START,
    `Measured ${new Date().toISOString().slice(0, 10)} by \`npx tsx scripts/bench-pwa.ts\`: Chromium ${browser.version()}, ${cpus().length} cores, median of ${RUNS} runs,`,
    'load time = loadEventEnd of the navigation, bytes = everything the server sent until then (counted by a proxy; the',
    'service worker\'s own requests included). "slow 4G" = 150 ms round trip, 1.6 Mbit/s down, applied by the proxy.',
    '',
    '| network | page | first visit ms | repeat, service worker ms | ratio repeat/first | repeat, HTTP cache only ms | first visit bytes | repeat, service worker bytes | repeat, HTTP cache only bytes | answered by the worker |',
    '|---|---|---:|---:|---:|---:|---:|---:|---:|---:|',
    table,
    END,
  ].join('\n');
  console.log(block);
  const written = writeMarkedBlock({ start: START, end: END, block, heading: '## Service worker' });
  if (written) console.log(`Wrote ${written}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
