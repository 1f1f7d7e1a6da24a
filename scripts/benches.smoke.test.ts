/**
 * Benchmarks cannot rot: every scripts/bench-*.ts, scripts/bench.ts and scripts/lighthouse.ts
 * runs once here in smoke mode (BENCH_SMOKE=1: tiny durations and sizes, one run, no target
 * asserted), as `npm run bench` would start it, so a change that breaks a benchmark fails
 * the tests. The block each script writes goes to a copy of docs/performance.md
 * (BENCH_DOC); the real document must come out unchanged. Needs the production build
 * (`npm run build`) and Debian's Chromium, like the integration and e2e tests.
 *
 * The products the scripts start begin on copies of one database seeded here
 * (BENCH_SEEDED_DATABASE, scripts/bench-support/data-dir.ts) instead of each seeding its own.
 */
import { spawn } from 'node:child_process';
import { copyFileSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import treeKill from 'tree-kill';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCRYPT_COST } from '../server/origin/auth/secrets';
import { makeSqliteTemplate } from '../tests/integration/support/seeded-template';

const DOC = 'docs/performance.md';
/**
 * A hung script's limit. Twenty smoke runs share two cores: on 2026-11-30's slower machine
 * the longest passing ones took 100–122 s in a fresh-clone CI, so 140 s left no margin.
 */
const SCRIPT_TIMEOUT_MS = 200_000;
const work = mkdtempSync(join(tmpdir(), 'st1-bench-smoke-'));
const original = readFileSync(DOC, 'utf8');
let seeded: Awaited<ReturnType<typeof makeSqliteTemplate>> | undefined;

const scripts = [
  'bench.ts',
  ...readdirSync('scripts').filter((name) => /^bench-.+\.ts$/.test(name) && !name.endsWith('.test.ts')),
  'lighthouse.ts',
].sort();

/** The marked block each script rewrites: its start marker. */
const MARKERS: Record<string, string> = {
  'bench.ts': '<!-- bench:site-server:start -->',
  'bench-accounts.ts': '<!-- bench:accounts:start -->',
  'bench-capacity.ts': '<!-- bench:capacity:start -->',
  'bench-edge-cache.ts': '<!-- bench:edge-cache:start -->',
  'bench-offline-map.ts': '<!-- bench:offline-map:start -->',
  'bench-overload.ts': '<!-- bench:overload:start -->',
  'bench-precache.ts': '<!-- bench:precache:start -->',
  'bench-redis-faults.ts': '<!-- bench:redis-faults:start -->',
  'bench-render-profile.ts': '<!-- bench:render-profile:start -->',
  'bench-search.ts': '<!-- bench:search:start -->',
  'bench-interaction.ts': '<!-- bench:interaction:start -->',
  'bench-landing-scripts.ts': '<!-- bench:landing-scripts:start -->',
  'bench-live-stream.ts': '<!-- bench:live-stream:start -->',
  'bench-pwa.ts': '<!-- bench:pwa:start -->',
  'bench-pwa-lie-fi.ts': '<!-- bench:pwa-lie-fi:start -->',
  'bench-pwa-offline.ts': '<!-- bench:pwa-offline:start -->',
  'bench-shop.ts': '<!-- bench:shop:start -->',
  'bench-shutdown.ts': '<!-- bench:shutdown:start -->',
  'bench-start-up.ts': '<!-- bench:start-up:start -->',
  'bench-stations.ts': '<!-- bench:stations:start -->',
  'lighthouse.ts': '<!-- lighthouse:landing:start -->',
};

/**
 * The environment of `npm run bench`: without what Vitest sets for its own process
 * (NODE_ENV=test, VITEST…), which would change how the scripts' servers and bundles build.
 */
function benchEnvironment(doc: string): NodeJS.ProcessEnv {
  const env = Object.fromEntries(
    Object.entries(process.env).filter(([name]) => name !== 'NODE_ENV' && !name.startsWith('VITEST')),
  );
  if (!seeded) throw new Error('The seeded database is made before the scripts run');
  return { ...env, BENCH_SMOKE: '1', BENCH_DOC: doc, BENCH_SEEDED_DATABASE: seeded.file };
}

function run(script: string, doc: string): Promise<{ status: number | string | null; output: string }> {
  return new Promise((resolve, reject) => {
    // Node with tsx as its loader, as `npx tsx` ends up running it, without npx's and
    // tsx's launcher processes.
    const child = spawn(process.execPath, ['--import', 'tsx', `scripts/${script}`], {
      env: benchEnvironment(doc),
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    let output = '';
    // A hung script ends with every process under it before the test's own timeout, so that
    // nothing outlives the test: its browser, and the product servers it started, which sit
    // in process groups of their own (start-product.ts), so killing the script's group alone
    // left them running. The tree is read from the process table before anything is killed.
    const timer = setTimeout(() => {
      output += `\n(killed after ${SCRIPT_TIMEOUT_MS / 1000} s)`;
      if (child.pid) treeKill(child.pid, 'SIGKILL');
    }, SCRIPT_TIMEOUT_MS);
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    // On exit, not on close: a server the script started in a process group of its own
    // (start-product.ts) shares its stderr, and kept the pipe open after a killed script, so
    // the test waited out Vitest's timeout instead of reporting the script's output.
    child.on('exit', (status, signal) => {
      clearTimeout(timer);
      // What is still in the pipes comes with the next turns of the event loop.
      setTimeout(() => resolve({ status: status ?? (signal ? `killed by ${signal}` : null), output }), 100);
    });
  });
}

// Side by side: most of a smoke run is waiting (servers starting, a browser, fixed
// durations), so running them together keeps the whole file short on two cores.
describe.concurrent('benchmark smoke runs', () => {
  // The product's password cost: the demo logins of the scripts hash as in production.
  beforeAll(async () => {
    seeded = await makeSqliteTemplate({ passwordCost: SCRYPT_COST });
  }, 120_000);
  afterAll(() => {
    seeded?.remove();
    rmSync(work, { recursive: true, force: true });
  });

  it('knows the block of every benchmark script', () => {
    expect(Object.keys(MARKERS).sort()).toEqual(scripts);
  });

  it.each(scripts)(
    '%s runs end to end and writes its block to the copy, not to docs/',
    async (script) => {
      const doc = join(work, `${script}.md`);
      copyFileSync(DOC, doc);
      const { status, output } = await run(script, doc);
      expect(status, output.slice(-4000)).toBe(0);
      const written = readFileSync(doc, 'utf8');
      const marker = MARKERS[script]!;
      expect(written).toContain(marker);
      const block = written.slice(written.indexOf(marker));
      expect(block.slice(0, 400)).toContain(`Measured ${new Date().toISOString().slice(0, 10)}`);
      expect(readFileSync(DOC, 'utf8')).toBe(original);
    },
    SCRIPT_TIMEOUT_MS + 10_000,
  );
});
