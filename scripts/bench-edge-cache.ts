/**
 * `npx tsx scripts/bench-edge-cache.ts` (or `npm run bench -- edge-cache`): the site through
 * a shared cache (docs/operations.md "A cache in front"). One origin process, two site
 * servers (each a child process, defaults: render cache and load shedding on), a Varnish
 * with the shipped deploy/varnish/default.vcl in front of both; wrk (Debian's `wrk`, with
 * scripts/bench-support/wrk-mix.lua) holds BENCH_EDGE_CONNECTIONS connections for
 * BENCH_EDGE_DURATION_S seconds on a mix of 70 % CMS pages, 20 % station pages and 10 % the
 * station locator, 1 % of the connections carrying a session cookie, through Varnish and
 * then, in the same run, straight at one site server. Varnish runs with the `-p` parameters
 * of the shipped systemd drop-in (deploy/varnish/varnish.service.d/st1.conf), and the load
 * through it is measured BENCH_EDGE_RUNS times (3), one row each: its tail moves from run
 * to run on a shared machine. wrk, not autocannon: autocannon's one
 * JavaScript thread answered about 3,000 requests/s here, so with 1,000 connections every
 * answer waited some 330 ms in the load generator's own queue (Little's law) and the run
 * measured autocannon, not the cache.
 * Per run: answers/s, the share over 2 s (timeouts included), p50/p99, 503s on cacheable
 * pages (no session), the hit ratio of the cache's lookups (varnishstat's: hits ÷ (hits +
 * misses)) and the origin renders per 10,000 page views (page loads the origin served,
 * counted by a proxy between the site servers and the origin, during the measured run:
 * both runs are warmed first). It also measures the bytes
 * a repeat navigation to an unchanged page costs on the wire (If-None-Match → 304).
 * The block replaces the marked one in docs/performance.md.
 *
 * `--smoke` (or BENCH_SMOKE=1): a one-second run with a few connections (scripts/benches.smoke.test.ts).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify from 'fastify';
import replyFrom from '@fastify/reply-from';
import { SHOP_PATHS } from '#shared/shop/shop-paths';
import { freePort, SMOKE, smokeOr, writeMarkedBlock } from './bench-support/bench-mode';
import { benchDataDir } from './bench-support/data-dir';
import { ensureServerBuild, serverNodeArgs, type ServerEntry } from './build-server';
import { startThrowawayVarnish, varnishSkipReason } from '../tests/integration/support/throwaway-varnish';

const DURATION_S = smokeOr(1, Number(process.env.BENCH_EDGE_DURATION_S ?? 20));
const VARNISH_RUNS = smokeOr(1, Number(process.env.BENCH_EDGE_RUNS ?? 3));
/**
 * Seconds of the same load through Varnish before the measured runs, not counted: the
 * first seconds after a start are slower (the site servers' code not yet optimised for the
 * session renders, Varnish's memory first touched), and a spike comes to a cache that has
 * been serving. Its p99 is given in the block.
 */
const WARM_UP_S = smokeOr(0, Number(process.env.BENCH_EDGE_WARM_UP_S ?? 5));
const VARNISH_SERVICE = 'deploy/varnish/varnish.service.d/st1.conf';
/**
 * A smoke run holds 4: with 20, the one session connection's renders queued behind 19
 * others on a loaded machine (the smoke runs share the cores with each other and the other
 * suites) and got no answer within its 1 s, which failed the run's own starvation check.
 */
const CONNECTIONS = smokeOr(4, Number(process.env.BENCH_EDGE_CONNECTIONS ?? 1000));
const SLOW_MS = 2000;
const COUNTERS_SETTLE_MS = 1000;
/**
 * 1 % of the connections carry a session. Each connection sends its next request when the
 * last is answered, and a personal page (a render on a site server) takes longer than a
 * cached one, so their share of the requests is lower: it is measured and given. More
 * session connections did not raise it (30 gave 0.1 %: the site servers, sharing two cores
 * with Varnish and wrk, answered them slower still).
 */
const SESSION_CONNECTIONS = Math.max(1, Math.round(CONNECTIONS / 100));
const WRK_SCRIPT = 'scripts/bench-support/wrk-mix.lua';
const REQUEST_TIMEOUT_S = 30;
const START = '<!-- bench:edge-cache:start -->';
const END = '<!-- bench:edge-cache:end -->';
const SESSION_COOKIE = 'st1_session=0123456789abcdef0123456789abcdef0123456789abcdef';
/** Station pages in the mix: the busiest stations of a spike, not all 1,300. */
const STATIONS_IN_MIX = smokeOr(5, 200);

const CMS_PAGES = [
  '/yrityksille',
  '/en-EU/company',
  '/en-EU/about-us',
  '/sv-SE/foretag',
  '/no-NO/bedrift',
  SHOP_PATHS.products['fi-FI'],
  `/en-EU${SHOP_PATHS.products['en-EU']}`,
  '/yksityisille',
  '/en-EU/private',
];
const LOCATORS = ['/asemahaku', '/en-EU/stationsearch', '/sv-SE/hitta-station', '/no-NO/finn-stasjon'];

/** A server of the product from its build (scripts/build-server.ts), as `npm start` runs it. */
function spawnServer(entry: ServerEntry, env: Record<string, string>, ready: RegExp): Promise<ChildProcess> {
  const child = spawn(process.execPath, serverNodeArgs(entry), {
    env: { ...process.env, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
    detached: true,
  });
  return new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`${entry} did not start: ${output}`)), 90_000);
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (ready.test(output)) {
        clearTimeout(timer);
        resolve(child);
      }
    });
    child.once('exit', (code) => reject(new Error(`${entry} exited with ${code}: ${output}`)));
  });
}

const stopChild = (child: ChildProcess) => {
  if (child.pid && child.exitCode === null) process.kill(-child.pid, 'SIGTERM');
};

/** A proxy between the site servers and the origin that counts page loads (one origin request per render). */
async function countingProxy(originUrl: string) {
  const counts = { renders: 0 };
  const app = Fastify();
  await app.register(replyFrom, { base: originUrl, undici: { connections: 64 } });
  app.all('/*', (request, reply) => {
    if (request.url.includes('cms-view/v1/content/view')) counts.renders += 1;
    return reply.from(request.url);
  });
  const url = await app.listen({ host: '127.0.0.1', port: await freePort() });
  return { url, counts, close: () => app.close() };
}

async function stationPaths(siteUrl: string): Promise<string[]> {
  const response = await fetch(`${siteUrl}/proxy/cms-view/v1/stations?country=FI`, {
    headers: { 'x-st1-locale': 'fi-FI' },
  });
  const list = (await response.json()) as { stations?: Array<{ slug: string }> };
  const slugs = (list.stations ?? []).slice(0, STATIONS_IN_MIX).map((station) => station.slug);
  if (slugs.length === 0) throw new Error('no stations in the station list');
  return slugs.map((slug, index) => (index % 2 === 0 ? `/asemat/${slug}` : `/en-EU/stations/${slug}`));
}

/** The mix: 70 % CMS, 20 % station pages, 10 % locator; 1 % with a session cookie. */
function mix(stations: readonly string[]) {
  let n = 0;
  return () => {
    n += 1;
    const roll = (n * 7919) % 100;
    const pick = <T>(list: readonly T[]) => list[(n * 104_729) % list.length]!;
    const path = roll < 70 ? pick(CMS_PAGES) : roll < 90 ? pick(stations) : pick(LOCATORS);
    return { path, session: n % 100 === 0 };
  };
}

interface Run {
  name: string;
  answers: number;
  rps: number;
  /** Answers over 2 s, and requests never answered (errors, time-outs) counted with them. */
  over: number;
  unanswered: number;
  /** Of the requests without a session (the cacheable pages). */
  p50: number;
  p99: number;
  p999: number;
  max: number;
  /** Answers with a status of 400 or more to requests without a session (503s when shed). */
  cacheableErrors: number;
  /** Of the requests with a session (never cached: passed to the site servers). */
  sessionP99: number;
  sessionShare: number;
  sessionStatuses: string;
  hitRatio: string;
  rendersPer10k: number;
}

const percent = (part: number, whole: number) => (whole === 0 ? 0 : Math.round((part / whole) * 1000) / 10);

/**
 * The cache's hits and misses (varnishstat's own hit rate is hits ÷ (hits + misses)): a
 * request with a session is passed, no lookup at all, and is counted in its own column.
 */
function varnishCounters(workDir: string): { hits: number; lookups: number } {
  const result = spawnSync(
    'varnishstat',
    ['-n', workDir, '-1', '-j', '-f', 'MAIN.cache_hit', '-f', 'MAIN.cache_miss'],
    {
      encoding: 'utf8',
    },
  );
  const parsed = JSON.parse(result.stdout) as { counters?: Record<string, { value: number }> } & Record<
    string,
    { value: number }
  >;
  const counters = parsed.counters ?? parsed;
  const hits = counters['MAIN.cache_hit']?.value ?? 0;
  return { hits, lookups: hits + (counters['MAIN.cache_miss']?.value ?? 0) };
}

interface WrkResult {
  requests: number;
  p50Us: number;
  p99Us: number;
  p999Us: number;
  maxUs: number;
  /** Percent of answers over 2 s. */
  overShare: number;
  /** `status`: answers with a status of 400 or more. */
  errors: { connect: number; read: number; write: number; timeout: number; status: number };
  /** Each status, counted for the connections with a session only (wrk-mix.lua says why). */
  statuses: Record<string, number>;
}

/** wrk (C, one epoll thread) holding `connections` on the paths of `pathsFile`, with `cookie` if given. */
function wrk(
  url: string,
  connections: number,
  pathsFile: string,
  cookie?: string,
  durationS = DURATION_S,
): Promise<WrkResult> {
  const args = ['-t1', `-c${connections}`, `-d${durationS}s`, `--timeout`, `${REQUEST_TIMEOUT_S}s`, '-s', WRK_SCRIPT];
  const child = spawn('wrk', [...args, url, '--', pathsFile, ...(cookie ? [cookie] : [])], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('close', (code) => {
      const line = /^WRK_JSON (.*)$/m.exec(output)?.[1];
      if (code !== 0 || !line) reject(new Error(`wrk exited with ${code}: ${output}`));
      else resolve(JSON.parse(line) as WrkResult);
    });
  });
}

/** The mix as a file of paths, each repeated by its weight; wrk picks one at random per request. */
function writePathsFile(stations: readonly string[]): string {
  const next = mix(stations);
  const pathsFile = join(mkdtempSync(join(tmpdir(), 'st1-bench-edge-paths-')), 'paths.txt');
  writeFileSync(pathsFile, `${Array.from({ length: 1000 }, () => next().path).join('\n')}\n`);
  return pathsFile;
}

async function load(
  name: string,
  url: string,
  pathsFile: string,
  renders: { renders: number },
  varnishDir?: string,
): Promise<Run> {
  const before = { renders: renders.renders, varnish: varnishDir ? varnishCounters(varnishDir) : undefined };
  // Two wrk processes at once: 1 % of the connections carry a session cookie, so each
  // answer's status is known to belong to a personal or a cacheable request.
  const [anonymous, personal] = await Promise.all([
    wrk(url, CONNECTIONS - SESSION_CONNECTIONS, pathsFile),
    wrk(url, SESSION_CONNECTIONS, pathsFile, SESSION_COOKIE),
  ]);
  // A connection the server never answers adds nothing to wrk's figures: a run in which
  // the few session connections got no answer at all measured a starved server, not a fast one.
  if (personal.requests === 0)
    throw new Error(`${name}: the ${SESSION_CONNECTIONS} connections with a session got no answer`);
  const unanswered = (result: WrkResult) =>
    result.errors.connect + result.errors.read + result.errors.write + result.errors.timeout;
  const answers = anonymous.requests + personal.requests;
  const over = (result: WrkResult) => Math.round((result.overShare / 100) * result.requests) + unanswered(result);
  const rendered = renders.renders - before.renders;
  let hitRatio = '–';
  if (varnishDir && before.varnish) {
    // Varnish adds a worker's counts to its totals when the worker's task ends: the load's
    // last connections close first.
    await new Promise((resolve) => setTimeout(resolve, COUNTERS_SETTLE_MS));
    const after = varnishCounters(varnishDir);
    hitRatio = `${percent(after.hits - before.varnish.hits, after.lookups - before.varnish.lookups)} %`;
  }
  const sessionStatuses = Object.entries(personal.statuses)
    .filter(([code]) => code !== '200')
    .map(([code, count]) => `${count} × ${code}`);
  return {
    name,
    answers,
    rps: Math.round(answers / DURATION_S),
    over: over(anonymous) + over(personal),
    unanswered: unanswered(anonymous) + unanswered(personal),
    p50: Math.round(anonymous.p50Us / 1000),
    p99: Math.round(anonymous.p99Us / 1000),
    p999: Math.round(anonymous.p999Us / 1000),
    max: Math.round(anonymous.maxUs / 1000),
    sessionP99: Math.round(personal.p99Us / 1000),
    sessionShare: percent(personal.requests, answers),
    cacheableErrors: anonymous.errors.status,
    sessionStatuses: sessionStatuses.length === 0 ? 'all 200' : sessionStatuses.join(', '),
    hitRatio,
    rendersPer10k: answers === 0 ? 0 : Math.round((rendered / answers) * 10_000 * 10) / 10,
  };
}

/** An answer read off a socket: its status and every byte of it (status line, headers, body). */
function onTheWire(base: string, path: string, etag?: string): Promise<{ status: number; bytes: number }> {
  const { hostname, port } = new URL(base);
  const conditional = etag ? `If-None-Match: ${etag}\r\n` : '';
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const socket = connect(Number(port), hostname, () =>
      socket.write(
        `GET ${path} HTTP/1.1\r\nHost: ${hostname}:${port}\r\nAccept-Encoding: gzip\r\n${conditional}Connection: close\r\n\r\n`,
      ),
    );
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('end', () => {
      const answer = Buffer.concat(chunks);
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(answer.subarray(0, 20).toString())?.[1] ?? 0);
      resolve({ status, bytes: answer.length });
    });
    socket.on('error', reject);
  });
}

function table(
  runs: Run[],
  revalidation: { status: number; bytes: number; full: number },
  warm: { p99: number } | undefined,
): string {
  const date = new Date().toISOString().slice(0, 10);
  return [
    START,
    `Measured ${date} by \`npx tsx scripts/bench-edge-cache.ts\`: wrk 4.1 (one thread), ${CONNECTIONS} connections for ${DURATION_S} s, loopback, ${cpus().length} cores, load average ${loadavg()[0]!.toFixed(1)} at the end; one origin and two site servers (child processes, render cache and load shedding at their defaults), Varnish 7.1 with \`deploy/varnish/default.vcl\` and the parameters of \`${VARNISH_SERVICE}\` (${varnishParams().join(', ')}), the load generator beside them; the load through Varnish ${VARNISH_RUNS === 1 ? 'once' : `${VARNISH_RUNS} times, one row each`}${warm ? `, after ${WARM_UP_S} s of it not counted (p99 ${warm.p99} ms)` : ''}. Mix: 70 % CMS pages (${CMS_PAGES.length}), 20 % station pages (${STATIONS_IN_MIX}), 10 % the locator (4 locales); ${SESSION_CONNECTIONS} of the ${CONNECTIONS} connections carry a session cookie (their share of the answers is given; Varnish passes them without a lookup, so the hit ratio is hits ÷ (hits + misses), as varnishstat's own). p50 and p99 are of the requests without a session; those with one (never cached) have their own p99. Every page is fetched once through each first; renders count page loads the origin served during the run.`,
    '',
    `| run | answers | answers/s | over ${SLOW_MS / 1000} s (or none) | p50 ms | p99 ms | p99.9 ms | max ms | status ≥ 400 on cacheable pages | with a session: share of answers, p99 ms | with a session: statuses other than 200 | hit ratio (of the cache's lookups) | origin renders per 10,000 page views |`,
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|---:|---:|',
    ...runs.map(
      (run) =>
        `| ${run.name} | ${run.answers} | ${run.rps} | ${run.over} (${percent(run.over, run.answers + run.unanswered)} %) | ${run.p50} | ${run.p99} | ${run.p999} | ${run.max} | ${run.cacheableErrors} | ${run.sessionShare} %, ${run.sessionP99} | ${run.sessionStatuses} | ${run.hitRatio} | ${run.rendersPer10k} |`,
    ),
    '',
    `A repeat navigation to an unchanged page (\`/yrityksille\`, If-None-Match through Varnish): ${revalidation.status}, ${revalidation.bytes} bytes on the wire (status line and headers), against ${revalidation.full} bytes for the whole page (gzip, as Varnish stores it).`,
    END,
  ].join('\n');
}

async function warmUp(url: string, pathsFile: string): Promise<{ p99: number }> {
  const [anonymous] = await Promise.all([
    wrk(url, CONNECTIONS - SESSION_CONNECTIONS, pathsFile, undefined, WARM_UP_S),
    wrk(url, SESSION_CONNECTIONS, pathsFile, SESSION_COOKIE, WARM_UP_S),
  ]);
  return { p99: Math.round(anonymous.p99Us / 1000) };
}

/** The `-p name=value` parameters of the shipped systemd drop-in, as the deployment starts Varnish. */
function varnishParams(): string[] {
  const params = [...readFileSync(VARNISH_SERVICE, 'utf8').matchAll(/^\s*-p (\S+=\S+)/gm)].map((match) => match[1]!);
  if (params.length === 0) throw new Error(`${VARNISH_SERVICE} names no -p parameters`);
  return params;
}

/** Why the run is skipped without wrk outside CI; in CI a missing wrk fails the run. */
function wrkSkipReason(): string | undefined {
  if (!spawnSync('wrk', ['-v']).error) return undefined;
  const inCi = !!process.env.CI && process.env.CI !== 'false' && process.env.CI !== '0';
  if (inCi) throw new Error('wrk is missing: apt-get install wrk (.ci/run installs it)');
  return 'Edge-cache benchmark skipped: not in CI (CI is unset) and no wrk (apt-get install wrk)';
}

async function main() {
  const skip = varnishSkipReason() ?? wrkSkipReason();
  if (skip) {
    console.log(skip);
    return;
  }
  const children: ChildProcess[] = [];
  const cleanups: Array<() => Promise<unknown> | void> = [];
  try {
    await ensureServerBuild();
    const originPort = await freePort();
    children.push(
      await spawnServer(
        'origin-main',
        { ORIGIN_PORT: String(originPort), DATA_DIR: benchDataDir('edge') },
        /Origin on/,
      ),
    );
    const proxy = await countingProxy(`http://127.0.0.1:${originPort}`);
    cleanups.push(proxy.close);
    const sitePorts = [await freePort(), await freePort()];
    for (const port of sitePorts)
      children.push(
        await spawnServer('main', { PORT: String(port), HOST: '127.0.0.1', ORIGIN_URL: proxy.url }, /Site server on/),
      );
    const varnish = await startThrowawayVarnish({
      backendPorts: sitePorts,
      storage: 'malloc,256m',
      params: varnishParams(),
    });
    cleanups.push(varnish.stop);
    const direct = `http://127.0.0.1:${sitePorts[0]}`;
    const stations = await stationPaths(direct);

    // A browser that saw the page comes back (measured before the load, on a fresh copy).
    await (await fetch(`${varnish.url}/yrityksille`)).arrayBuffer();
    const page = await fetch(`${varnish.url}/yrityksille`);
    await page.arrayBuffer();
    const full = await onTheWire(varnish.url, '/yrityksille');
    const revalidated = await onTheWire(varnish.url, '/yrityksille', page.headers.get('etag') ?? '');
    const pathsFile = writePathsFile(stations);
    // Warm: every page once through each, so that both start as a site that has been up a while.
    for (const base of [varnish.url, direct])
      for (const path of [...CMS_PAGES, ...stations, ...LOCATORS]) await (await fetch(`${base}${path}`)).arrayBuffer();
    // …and Varnish under the load for a few seconds before it is measured (warmUp says why).
    const warm = WARM_UP_S > 0 ? await warmUp(varnish.url, pathsFile) : undefined;
    const runs: Run[] = [];
    for (let run = 1; run <= VARNISH_RUNS; run += 1)
      runs.push(
        await load(
          `through Varnish (two site servers), run ${run}`,
          varnish.url,
          pathsFile,
          proxy.counts,
          varnish.workDir,
        ),
      );
    runs.push(await load('straight at one site server', direct, pathsFile, proxy.counts));

    const block = table(runs, { status: revalidated.status, bytes: revalidated.bytes, full: full.bytes }, warm);
    console.log(block);
    if (SMOKE && runs.some((run) => run.answers === 0)) throw new Error('smoke run: no answers');
    const written = writeMarkedBlock({ start: START, end: END, block, heading: '## Through a shared cache' });
    if (written) console.log(`Wrote ${written}`);
  } finally {
    for (const cleanup of cleanups.reverse()) await cleanup();
    for (const child of children) stopChild(child);
  }
}

await main();
