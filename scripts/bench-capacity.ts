/**
 * `npx tsx scripts/bench-capacity.ts`: the capacity table of docs/operations.md
 * ("Capacity"). The product runs in a child process, one event loop, so its requests/s
 * is what one core serves (Node runs the JavaScript of a process on one core):
 * - page renders per core, uncached (RENDER_CACHE_TTL_MS=0) and cached (the default
 *   micro-cache), a content page through the whole site server, and cached as a browser asks
 *   for it (compressed);
 * - cart validations per core through the site's /proxy (site server and embedded origin
 *   in the one process), on SQLite;
 * - what one PostgreSQL pool holds: cart validations on the origin run on its own on a
 *   throwaway PostgreSQL server (Debian's binaries, as the tests use), with many more
 *   connections than the pool has, so the pool is the queue; skipped without PostgreSQL.
 * With BENCH_BASELINE_DIR, the compressed cached page of an earlier checkout too, side by side.
 * Results replace the marked block in docs/operations.md. `--smoke` (or BENCH_SMOKE=1)
 * runs every case for a moment and writes nothing: a check that the script still works.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import autocannon from 'autocannon';
import { POSTGRES_POOL_SIZE } from '../server/origin/db';
import { startServerProcess } from '../tests/integration/support/server-process';
import { postgresSkipReason, startThrowawayPostgres } from '../tests/integration/support/throwaway-postgres';
import { loadSiteConfig } from '../server/site/config';
import { startProduct } from './start-product';
import { NO_SHEDDING, portFromEnv, writeMarkedBlock } from './bench-support/bench-mode';

const SMOKE = process.argv.includes('--smoke') || process.env.BENCH_SMOKE === '1';
const DURATION_S = SMOKE ? 1 : Number(process.env.BENCH_DURATION_S ?? 8);
const WARM_UP_S = SMOKE ? 0.5 : 2;
const CONNECTIONS = 10;
/** Far more than the pool's connections: requests queue for the pool, not for sockets. */
const POOL_CONNECTIONS = 50;
// A free port unless BENCH_CAPACITY_PORT names one: two runs on one machine (the smoke test in two
// checkouts' `npm test`) must not collide on a fixed default.
const PORT = await portFromEnv('BENCH_CAPACITY_PORT');
// Capacity is what the server serves when it serves everything: load shedding off
// (NO_SHEDDING says why).
const DOC = 'docs/operations.md';
const START = '<!-- bench:capacity:start -->';
const END = '<!-- bench:capacity:end -->';
const PAGE = '/en-EU/about-us';
/**
 * BENCH_BASELINE_DIR: a checkout of an earlier commit (built, with node_modules) whose
 * compressed cached page is measured in the same run, side by side (BENCH_BASELINE_NAME names it).
 */
const BASELINE = process.env.BENCH_BASELINE_DIR
  ? {
      dir: resolve(process.env.BENCH_BASELINE_DIR),
      name: process.env.BENCH_BASELINE_NAME ?? process.env.BENCH_BASELINE_DIR,
    }
  : undefined;
/** What Chromium sends. */
const BROWSER_ACCEPT_ENCODING = 'gzip, deflate, br, zstd';
const CART = JSON.stringify({
  items: [
    { code: 'WASH-PREMIUM', quantity: 2 },
    { code: 'WASH-BASIC-5', quantity: 1 },
  ],
  discountCode: 'KEVAT10',
});

interface Row {
  name: string;
  rps: number;
  p99: number;
  unexpected: number;
}

async function measure(name: string, options: autocannon.Options): Promise<Row> {
  const check = await fetch(options.url, {
    method: options.method ?? 'GET',
    headers: options.headers as Record<string, string> | undefined,
    body: options.body as string | undefined,
  });
  if (check.status !== 200) throw new Error(`${name}: ${check.status} ${await check.text()}`);
  await autocannon({ ...options, duration: WARM_UP_S });
  const result = await autocannon({ ...options, duration: DURATION_S });
  return { name, rps: result.requests.average, p99: result.latency.p99, unexpected: result.non2xx };
}

function cartOptions(url: string, connections: number): autocannon.Options {
  return {
    url,
    method: 'POST',
    // The site refuses a POST without its own Origin (CSRF check, docs/accounts.md).
    headers: { 'content-type': 'application/json', 'x-st1-locale': 'fi-FI', origin: new URL(url).origin },
    body: CART,
    connections,
  };
}

async function productRows(): Promise<Row[]> {
  const rows: Row[] = [];
  const uncached = await startProduct({
    port: PORT,
    name: 'capacity',
    env: { ...NO_SHEDDING, RENDER_CACHE_TTL_MS: '0' },
  });
  try {
    rows.push(
      await measure('page renders, uncached (RENDER_CACHE_TTL_MS=0)', {
        url: `${uncached.url}${PAGE}`,
        connections: CONNECTIONS,
      }),
    );
    rows.push(
      await measure('cart validations through the site (/proxy, SQLite)', {
        ...cartOptions(`${uncached.url}/proxy/digital-order/v1/cart/validate`, CONNECTIONS),
      }),
    );
  } finally {
    uncached.stop();
  }
  await new Promise((resolve) => setTimeout(resolve, 500));
  const cached = await startProduct({ port: PORT, name: 'capacity-cached', env: NO_SHEDDING });
  try {
    rows.push(
      await measure(`page renders, cached (RENDER_CACHE_TTL_MS=${loadSiteConfig({}).renderCacheTtlMs}, default)`, {
        url: `${cached.url}${PAGE}`,
        connections: CONNECTIONS,
      }),
    );
    // As a browser asks for it: the answer compressed (br), as every page a browser loads is.
    rows.push(
      await measure(`page renders, cached, compressed (Accept-Encoding: ${BROWSER_ACCEPT_ENCODING})`, {
        url: `${cached.url}${PAGE}`,
        headers: { 'accept-encoding': BROWSER_ACCEPT_ENCODING },
        connections: CONNECTIONS,
      }),
    );
  } finally {
    cached.stop();
  }
  if (BASELINE) rows.push(await baselineCompressedRow(BASELINE));
  return rows;
}

/** The compressed cached page on an earlier checkout, measured in the same run (BENCH_BASELINE_DIR). */
async function baselineCompressedRow(baseline: { dir: string; name: string }): Promise<Row> {
  await new Promise((resolve) => setTimeout(resolve, 500));
  const before = await startProduct({ port: PORT, name: 'capacity-baseline', env: NO_SHEDDING, cwd: baseline.dir });
  try {
    return await measure(`the same, before (${baseline.name})`, {
      url: `${before.url}${PAGE}`,
      headers: { 'accept-encoding': BROWSER_ACCEPT_ENCODING },
      connections: CONNECTIONS,
    });
  } finally {
    before.stop();
  }
}

async function postgresRow(): Promise<Row | string> {
  const skip = postgresSkipReason();
  if (skip) return skip;
  const server = await startThrowawayPostgres();
  const folder = mkdtempSync(join(tmpdir(), 'st1-bench-capacity-pg-'));
  try {
    const origin = await startServerProcess('server/origin/main.ts', {
      DATABASE_URL: await server.createDatabase('capacity'),
      DATA_DIR: folder,
      LOG_LEVEL: 'warn',
    });
    try {
      return await measure(
        `cart validations on one origin, PostgreSQL, one pool of ${POSTGRES_POOL_SIZE} connections, ${POOL_CONNECTIONS} clients`,
        cartOptions(`${origin.url}/digital-order/v1/cart/validate`, POOL_CONNECTIONS),
      );
    } finally {
      await origin.stop();
    }
  } finally {
    await server.stop();
    rmSync(folder, { recursive: true, force: true });
  }
}

async function main() {
  const load = loadavg()[0]!;
  const rows = await productRows();
  const postgres = await postgresRow();
  const table = [
    '| case | req/s per core | p99 ms | unexpected status |',
    '|---|---:|---:|---:|',
    ...[...rows, ...(typeof postgres === 'string' ? [] : [postgres])].map(
      (row) => `| ${row.name} | ${row.rps.toFixed(0)} | ${row.p99} | ${row.unexpected} |`,
    ),
  ].join('\n');
  const block = [
    START,
    `Measured ${new Date().toISOString().slice(0, 10)} by \`npx tsx scripts/bench-capacity.ts\`: autocannon, ${CONNECTIONS} connections (${POOL_CONNECTIONS} for the pool),`,
    `${DURATION_S} s after a ${WARM_UP_S} s warm-up, loopback, ${cpus().length} cores, load average ${load.toFixed(1)} at the start`,
    '(a shared machine: other work competes for the cores, so these are floors). Each server is one',
    'process and one event loop, so its requests/s is what one core serves. The page is',
    `\`${PAGE}\`; the cart holds 2 lines and a discount code. Load shedding is off (the "Overload" block measures it).`,
    ...(typeof postgres === 'string' ? ['', `PostgreSQL row missing: ${postgres}.`] : []),
    '',
    table,
    END,
  ].join('\n');
  console.log(block);
  // A smoke run writes only to BENCH_DOC (the smoke test's copy), never to docs/.
  const written = writeMarkedBlock({ start: START, end: END, block, heading: '## Capacity', doc: DOC });
  if (written) console.log(`Wrote ${written}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
