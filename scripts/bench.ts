/**
 * `npm run bench`: autocannon on loopback against the production build. Two copies of
 * the product run side by side in child processes (render cache off and on), so the
 * load generator does not share an event loop with the server it measures.
 * Results replace the marked block in docs/performance.md.
 */
import { existsSync } from 'node:fs';
import { cpus } from 'node:os';
import autocannon from 'autocannon';
import { portFromEnv, smokeOr, writeMarkedBlock } from './bench-support/bench-mode';
import { landingScriptSizes, landingStylesheet } from './landing-js';
import { startProduct } from './start-product';

const DURATION_S = Number(process.env.BENCH_DURATION_S ?? smokeOr(1, 8));
// Steady state, as a server runs for days: the page's rate climbs for about 15 s while V8
// optimises the render (measured 2026-11-28: 956 req/s in the first 2 s, 1,930 at 6 s,
// 2,356 at 16 s), where a static file is at full speed within 2 s.
const WARM_UP_S = Number(process.env.BENCH_WARM_UP_S ?? smokeOr(0, 10));
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const START = '<!-- bench:site-server:start -->';
const END = '<!-- bench:site-server:end -->';

interface Row {
  name: string;
  path: string;
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
}

async function measure(
  name: string,
  base: string,
  path: string,
  expectStatus: number,
  connections = CONNECTIONS,
): Promise<Row> {
  const check = await fetch(`${base}${path}`, { redirect: 'manual' });
  if (check.status !== expectStatus)
    throw new Error(`${name}: ${path} answered ${check.status}, expected ${expectStatus}`);
  // Warm-up, then the measured run.
  if (WARM_UP_S > 0) await autocannon({ url: `${base}${path}`, connections, duration: WARM_UP_S });
  const result = await autocannon({ url: `${base}${path}`, connections, duration: DURATION_S });
  const unexpected = expectStatus === 200 ? result.non2xx : result['2xx'] + result['4xx'] + result['5xx'];
  return {
    name,
    path,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: unexpected,
  };
}

function landingJsKb(): string {
  const bytes = landingScriptSizes('dist/client').reduce((sum, size) => sum + size.gzipBytes, 0);
  return (bytes / 1024).toFixed(1);
}

async function main() {
  if (!existsSync('dist/build.json')) throw new Error('Run "npm run build" first');
  // The landing page's own stylesheet, so that runs compare like with like.
  const asset = landingStylesheet('dist/client')?.replace('/assets/', '');
  if (!asset) throw new Error('No stylesheet linked from dist/client/index.html');
  const [uncached, cached] = await Promise.all([
    portFromEnv('BENCH_SITE_PORT').then((port) =>
      startProduct({ port, name: 'site', env: { RENDER_CACHE_TTL_MS: '0' } }),
    ),
    portFromEnv('BENCH_SITE_CACHED_PORT').then((port) =>
      startProduct({ port, name: 'site-cached', env: { RENDER_CACHE_TTL_MS: '60000' } }),
    ),
  ]);
  try {
    const a = uncached.url;
    const b = cached.url;
    const rows = [
      await measure('Static asset (hashed CSS)', a, `/assets/${asset}`, 200),
      await measure('Legacy redirect (307)', a, '/uutiset', 307),
      await measure('Server-rendered CMS page', a, '/yrityksille', 200),
      await measure('Server-rendered page, render cache', b, '/yrityksille', 200),
      await measure('Page payload JSON', a, '/yrityksille/_payload.json', 200),
      // One connection: the latency of a single render, without queueing behind others.
      await measure('Server-rendered CMS page, 1 connection', a, '/yrityksille', 200, 1),
      await measure('Static asset, 1 connection', a, `/assets/${asset}`, 200, 1),
    ];
    const base = rows[0]!.rps;
    const table = [
      '| case | path | req/s | ratio to static (10 conn.) | p50 ms | p99 ms | unexpected status |',
      '|---|---|---:|---:|---:|---:|---:|',
      ...rows.map(
        (row) =>
          `| ${row.name} | \`${row.path}\` | ${row.rps.toFixed(0)} | ${(row.rps / base).toFixed(2)} | ${row.p50} | ${row.p99} | ${row.non2xx} |`,
      ),
    ].join('\n');
    const block = [
      START,
      `Measured ${new Date().toISOString().slice(0, 10)} by \`npm run bench\`: autocannon, ${CONNECTIONS} connections, ${DURATION_S} s per case after a ${WARM_UP_S} s warm-up,`,
      `loopback, ${cpus().length} cores, servers in child processes (render cache off for all rows but one). Landing page JavaScript: ${landingJsKb()} KB gzip.`,
      '',
      table,
      END,
    ].join('\n');
    console.log(block);
    const written = writeMarkedBlock({ start: START, end: END, block, heading: '## Site server' });
    if (written) console.log(`Wrote ${written}`);
  } finally {
    uncached.stop();
    cached.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
