/**
 * `npx tsx scripts/bench-render-profile.ts`: where the CPU of an uncached page render goes.
 * The product, as `npm start` runs it (the server's build, `dist/node/`), runs in a child
 * process under `node --cpu-prof` with the render cache off;
 * autocannon loads a hashed stylesheet, the page's payload JSON and then the server-rendered
 * CMS page, so that the two ratios to the static asset are measured in the same process.
 * The profiles' samples of the page phase alone (its last seconds, on every thread: the site
 * server's and the embedded origin's) are summed by what runs:
 * each sample goes to the innermost frame that belongs to a library or to our code (native
 * and runtime frames count for their caller; a frame of the build is named by its module
 * through the build's source map), and zod's share is split by hop (inside an
 * origin route, or in the site server). Figures are CPU ms per request.
 * With BENCH_BASELINE_DIR (a checkout of an earlier commit with node_modules and a
 * production build) that checkout is measured too, in the same run, so that before and
 * after stand side by side: both products run at once and each case is loaded on one,
 * then on the other. Replaces the marked block in docs/performance.md.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { SourceMap } from 'node:module';
import { cpus, loadavg, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { freePort, portFromEnv, smokeOr, writeMarkedBlock } from './bench-support/bench-mode';
import { landingStylesheet } from './landing-js';
import { ensureServerBuild } from './build-server';
import { startProduct, type RunningProduct } from './start-product';
import { cpuTimeMs } from './bench-support/measures';

const DURATION_S = Number(process.env.BENCH_DURATION_S ?? smokeOr(1, 8));
// Steady state, as a server runs for days: the page's rate climbs for about 15 s while V8
// optimises the render (measured 2026-11-28: 956 req/s in the first 2 s, 1,930 at 6 s,
// 2,356 at 16 s), where a static file is at full speed within 2 s.
const WARM_UP_S = Number(process.env.BENCH_WARM_UP_S ?? smokeOr(0, 10));
const CONNECTIONS = 10;
const PAGE = '/yrityksille';
const START = '<!-- bench:render-profile:start -->';
const END = '<!-- bench:render-profile:end -->';

/** What a sample's innermost known frame belongs to, by its script's path. */
const CATEGORIES: Array<[string, RegExp]> = [
  ['zod', /node_modules\/zod\//],
  ['kysely (query building)', /node_modules\/kysely\//],
  ['SQLite driver', /node_modules\/better-sqlite3\//],
  [
    'React render (react, react-dom, react-router, the server bundle)',
    /node_modules\/react(-dom|-router)?\/|\/dist\/server\//,
  ],
  ['site → origin client: ky', /node_modules\/ky\//],
  ['site → origin client: node:http transport', /\/server\/site\/origin-transport\.ts/],
  [
    'Fastify and its plugins',
    /node_modules\/(fastify|@fastify|find-my-way|avvio|fast-json-stringify|light-my-request|fastify-plugin|fastify-type-provider-zod)/,
  ],
  ['logging (pino)', /node_modules\/pino/],
  ['other libraries', /node_modules\//],
  ['origin code', /\/server\/origin\//],
  ['site server code', /\/server\/site\/|\/server\/common\//],
  ['shared code', /\/src\//],
  // Node's fetch is undici bundled into Node: the client side of the origin request before the transport.
  ['site → origin client: Node fetch (undici)', /^node:internal\/deps\/undici\//],
  ['Node HTTP and streams', /^node:/],
];

interface CallFrame {
  functionName: string;
  url: string;
  /** Zero-based, as V8 reports them and `SourceMap.findEntry` takes them. */
  lineNumber: number;
  columnNumber: number;
}
interface ProfileNode {
  id: number;
  callFrame: CallFrame;
  children?: number[];
}

const sourceMaps = new Map<string, SourceMap | null>();

/**
 * The path of the module a frame runs in. The server's build has one file per thread
 * (`dist/node/main.js`, the embedded origin's `embedded-worker.js`…) with the libraries left
 * outside it, so a frame of the build is traced back to its module (`server/site/…`,
 * `server/origin/…`, `src/…`) through the build's source map.
 */
function modulePath(frame: CallFrame): string {
  const path = frame.url.startsWith('file://') ? fileURLToPath(frame.url) : frame.url;
  if (!/\/dist\/node\/[^/]+\.js$/.test(path)) return path;
  let map = sourceMaps.get(path);
  if (map === undefined) {
    map = existsSync(`${path}.map`)
      ? new SourceMap(JSON.parse(readFileSync(`${path}.map`, 'utf8')) as ConstructorParameters<typeof SourceMap>[0])
      : null;
    sourceMaps.set(path, map);
  }
  const entry = map?.findEntry(frame.lineNumber, frame.columnNumber);
  if (!entry || !('originalSource' in entry)) return path;
  const source = entry.originalSource;
  return source.startsWith('file://') ? fileURLToPath(source) : resolve(dirname(path), source);
}
interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

interface Breakdown {
  /** CPU ms per request by category. */
  byCategory: Map<string, number>;
  zodByHop: { origin: number; site: number };
  busyMs: number;
}

/** Sums the samples of the last `windowMs` before the profile's end (the page phase). */
function breakDown(profile: CpuProfile, windowMs: number, requests: number): Breakdown {
  const parent = new Map<number, ProfileNode>();
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node);
  const times: number[] = [];
  let clock = 0;
  for (const delta of profile.timeDeltas) times.push((clock += delta));
  const from = clock - windowMs * 1000;
  const byCategory = new Map<string, number>();
  const zodByHop = { origin: 0, site: 0 };
  let busyUs = 0;
  profile.samples.forEach((id, index) => {
    if (times[index]! < from) return;
    const us = profile.timeDeltas[index + 1] ?? 0;
    const leaf = byId.get(id)!;
    if (leaf.callFrame.functionName === '(idle)' || leaf.callFrame.functionName === '(program)') return;
    busyUs += us;
    let category = leaf.callFrame.functionName === '(garbage collector)' ? 'garbage collection' : undefined;
    let inOrigin = false;
    for (let node: ProfileNode | undefined = leaf; node; node = parent.get(node.id)) {
      const url = modulePath(node.callFrame);
      if (!category && url) category = CATEGORIES.find(([, pattern]) => pattern.test(url))?.[0];
      if (/\/server\/origin\//.test(url)) inOrigin = true;
    }
    category ??= 'runtime (no script frame)';
    byCategory.set(category, (byCategory.get(category) ?? 0) + us);
    if (category === 'zod') zodByHop[inOrigin ? 'origin' : 'site'] += us;
  });
  const perRequest = (us: number) => us / 1000 / Math.max(1, requests);
  return {
    byCategory: new Map([...byCategory].map(([name, us]) => [name, perRequest(us)])),
    zodByHop: { origin: perRequest(zodByHop.origin), site: perRequest(zodByHop.site) },
    busyMs: perRequest(busyUs),
  };
}

function sumBreakdowns(parts: Breakdown[]): Breakdown {
  const byCategory = new Map<string, number>();
  for (const part of parts)
    for (const [name, ms] of part.byCategory) byCategory.set(name, (byCategory.get(name) ?? 0) + ms);
  return {
    byCategory,
    zodByHop: {
      origin: parts.reduce((sum, part) => sum + part.zodByHop.origin, 0),
      site: parts.reduce((sum, part) => sum + part.zodByHop.site, 0),
    },
    busyMs: parts.reduce((sum, part) => sum + part.busyMs, 0),
  };
}

/**
 * autocannon on one URL; `cpuMsPerRequest` is the server's CPU time per answer, which holds
 * on a loaded machine where req/s do not (other work takes the cores, not the CPU time).
 */
async function load(url: string, pid: number) {
  if (WARM_UP_S > 0) await autocannon({ url, connections: CONNECTIONS, duration: WARM_UP_S });
  const cpuBefore = cpuTimeMs(pid);
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION_S });
  const cpuMsPerRequest = (cpuTimeMs(pid) - cpuBefore) / Math.max(1, result.requests.total);
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`${url}: ${result.non2xx} answers were not 2xx, ${result.errors} errors`);
  return { rps: result.requests.average, total: result.requests.total, cpuMsPerRequest };
}

interface Load {
  rps: number;
  cpuMsPerRequest: number;
}
interface Measured {
  name: string;
  static: Load;
  payload: Load;
  page: Load;
  breakdown: Breakdown;
}

interface Running {
  name: string;
  product: RunningProduct;
  asset: string;
  profiles: string;
}

async function start(name: string, cwd: string, port: number): Promise<Running> {
  if (!existsSync(join(cwd, 'dist', 'build.json'))) throw new Error(`Run "npm run build" in ${cwd} first`);
  const asset = landingStylesheet(join(cwd, 'dist', 'client'));
  if (!asset) throw new Error(`No stylesheet linked from ${cwd}/dist/client/index.html`);
  const profiles = mkdtempSync(join(tmpdir(), 'st1-bench-profile-'));
  const product = await startProduct({
    port,
    name: 'render-profile',
    cwd,
    env: { RENDER_CACHE_TTL_MS: '0' },
    nodeArgs: ['--cpu-prof', `--cpu-prof-dir=${profiles}`],
  });
  return { name, product, asset, profiles };
}

/** Stops the product and sums its profile's last `DURATION_S` (the page phase, which ran last). */
async function finish(running: Running, page: Load & { total: number }): Promise<Breakdown> {
  const { product, profiles } = running;
  try {
    const stoppedAt = Date.now();
    const exited = new Promise<void>((done) => product.child.once('exit', () => done()));
    product.stop();
    await exited;
    // The profile is written as the process exits.
    for (let attempt = 0; attempt < 50 && readdirSync(profiles).length < 1; attempt++)
      await new Promise((done) => setTimeout(done, 100));
    // One profile per thread: the site server's, and the embedded origin's since it has a
    // thread of its own (server/origin/embedded-origin.ts). The breakdown is their sum.
    const files = readdirSync(profiles).map((file) => join(profiles, file));
    if (files.length === 0) throw new Error('No CPU profile was written');
    const shutdownMs = Date.now() - stoppedAt;
    const windowMs = DURATION_S * 1000 + Math.min(shutdownMs, 1000);
    return sumBreakdowns(
      files.map((file) => breakDown(JSON.parse(readFileSync(file, 'utf8')) as CpuProfile, windowMs, page.total)),
    );
  } finally {
    product.stop();
    rmSync(profiles, { recursive: true, force: true });
  }
}

/**
 * Every checkout's product runs at once, and each case is loaded on one, then the next:
 * on a shared machine the load moves within a minute, and before and after should meet the
 * same load. Each page phase comes last in its product's profile (it stops right after).
 */
async function measureAll(runs: Array<[string, string]>): Promise<Measured[]> {
  const started: Running[] = [];
  try {
    for (const [name, cwd] of runs)
      started.push(
        await start(name, cwd, started.length === 0 ? await portFromEnv('BENCH_RENDER_PORT') : await freePort()),
      );
    const pid = (running: Running) => running.product.child.pid!;
    const statics: Load[] = [];
    for (const running of started) statics.push(await load(`${running.product.url}${running.asset}`, pid(running)));
    const payloads: Load[] = [];
    for (const running of started)
      payloads.push(await load(`${running.product.url}${PAGE}/_payload.json`, pid(running)));
    const measured: Measured[] = [];
    for (const [index, running] of started.entries()) {
      const page = await load(`${running.product.url}${PAGE}`, pid(running));
      const breakdown = await finish(running, page);
      measured.push({ name: running.name, static: statics[index]!, payload: payloads[index]!, page, breakdown });
    }
    return measured;
  } finally {
    for (const running of started) running.product.stop();
  }
}

async function main() {
  const load = loadavg()[0]!;
  const runs: Array<[string, string]> = [];
  const baseline = process.env.BENCH_BASELINE_DIR;
  if (baseline) runs.push([`before (${process.env.BENCH_BASELINE_NAME ?? baseline})`, resolve(baseline)]);
  await ensureServerBuild();
  runs.push(['this build', resolve('.')]);
  const measured = await measureAll(runs);
  const loadAtEnd = loadavg()[0]!;

  const categories = [...new Set(measured.flatMap((m) => [...m.breakdown.byCategory.keys()]))].sort(
    (a, b) =>
      Math.max(...measured.map((m) => m.breakdown.byCategory.get(b) ?? 0)) -
      Math.max(...measured.map((m) => m.breakdown.byCategory.get(a) ?? 0)),
  );
  const ms = (value: number | undefined) => (value ?? 0).toFixed(3);
  const header = `| | ${measured.map((m) => m.name).join(' | ')} |`;
  const rule = `|---|${measured.map(() => '---:').join('|')}|`;
  const row = (label: string, values: string[]) => `| ${label} | ${values.join(' | ')} |`;
  const block = [
    START,
    `Measured ${new Date().toISOString().slice(0, 10)} by \`npx tsx scripts/bench-render-profile.ts\`: the product's server build (\`dist/node/\`, frames named by their modules through its source maps) in a child process under`,
    `\`node --cpu-prof\`, render cache off, autocannon ${CONNECTIONS} connections, ${DURATION_S} s per case after a ${WARM_UP_S} s warm-up, loopback,`,
    `${cpus().length} cores, load average ${load.toFixed(1)} at the start and ${loadAtEnd.toFixed(1)} at the end${Math.max(load, loadAtEnd) > cpus().length ? ' (other work shared the cores: compare within a column, and the ratios)' : ''}. Profiling slows every row alike.`,
    '',
    header,
    rule,
    row(
      'Static asset req/s',
      measured.map((m) => m.static.rps.toFixed(0)),
    ),
    row(
      `Payload JSON \`${PAGE}/_payload.json\` req/s`,
      measured.map((m) => m.payload.rps.toFixed(0)),
    ),
    row(
      `Server-rendered CMS page \`${PAGE}\` req/s`,
      measured.map((m) => m.page.rps.toFixed(0)),
    ),
    row(
      'Payload JSON, ratio to static (req/s)',
      measured.map((m) => (m.payload.rps / m.static.rps).toFixed(2)),
    ),
    row(
      'Server-rendered page, ratio to static (req/s)',
      measured.map((m) => (m.page.rps / m.static.rps).toFixed(2)),
    ),
    row(
      'Server CPU ms per answer: static asset',
      measured.map((m) => ms(m.static.cpuMsPerRequest)),
    ),
    row(
      'Server CPU ms per answer: payload JSON',
      measured.map((m) => ms(m.payload.cpuMsPerRequest)),
    ),
    row(
      'Server CPU ms per answer: CMS page',
      measured.map((m) => ms(m.page.cpuMsPerRequest)),
    ),
    row(
      'Payload JSON, ratio to static by CPU per answer',
      measured.map((m) => (m.static.cpuMsPerRequest / m.payload.cpuMsPerRequest).toFixed(2)),
    ),
    row(
      '**Server-rendered page, ratio to static by CPU per answer** (target ≥ 0.3)',
      measured.map((m) => `**${(m.static.cpuMsPerRequest / m.page.cpuMsPerRequest).toFixed(2)}**`),
    ),
    row(
      'Profiled ms per page render (samples of the page phase on every thread: wall clock, inflated by load; the shares hold)',
      measured.map((m) => ms(m.breakdown.busyMs)),
    ),
    ...categories.map((name) =>
      row(
        `— ${name}`,
        measured.map((m) => ms(m.breakdown.byCategory.get(name))),
      ),
    ),
    row(
      'zod inside origin routes',
      measured.map((m) => ms(m.breakdown.zodByHop.origin)),
    ),
    row(
      'zod in the site server',
      measured.map((m) => ms(m.breakdown.zodByHop.site)),
    ),
    END,
  ].join('\n');
  console.log(block);
  const written = writeMarkedBlock({ start: START, end: END, block, heading: '## Uncached renders (CPU profile)' });
  if (written) console.log(`Wrote ${written}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
