/**
 * `npx tsx scripts/bench-start-up.ts` (or `npm run bench -- start-up`): how long the product
 * takes to start, and what CPU and memory the start costs, from the server's build (what
 * `npm start` runs, scripts/build-server.ts) and from the TypeScript source under tsx (what
 * it ran before), side by side. BENCH_START_UP_RUNS starts of each (5), alternating, each on
 * a copy of one seeded database so that no start seeds; timed from the spawn to the
 * product's start line (both servers listening), CPU (user + system, every thread) and
 * resident memory read from /proc at that moment. Replaces the marked block in
 * docs/performance.md.
 *
 * `--smoke` (or BENCH_SMOKE=1): one start of each, writes only to BENCH_DOC.
 */
import { copyFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, smokeOr, writeMarkedBlock } from './bench-support/bench-mode';
import { benchDataDir } from './bench-support/data-dir';
import { cpuTimeMs, median } from './bench-support/measures';
import { startProduct } from './start-product';

const RUNS = Number(process.env.BENCH_START_UP_RUNS ?? smokeOr(1, 5));
const START = '<!-- bench:start-up:start -->';
const END = '<!-- bench:start-up:end -->';

type Kind = 'build' | 'source';

interface Start {
  seconds: number;
  cpuSeconds: number;
  rssMb: number;
}

function rssMb(pid: number): number {
  const line = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return Number(line?.[1] ?? 0) / 1024;
}

/** A database seeded as a first `npm start` seeds it, which every measured start copies. */
async function seededDatabase(): Promise<{ file: string; remove(): void }> {
  const folder = benchDataDir('start-up-seed');
  const file = join(folder, 'origin.sqlite');
  if (!process.env.BENCH_SEEDED_DATABASE) {
    const seeding = await startProduct({ port: await freePort(), name: 'start-up-seed', env: { DATA_DIR: folder } });
    const exited = new Promise((resolve) => seeding.child.once('exit', resolve));
    seeding.stop();
    await exited;
  }
  return { file, remove: () => rmSync(folder, { recursive: true, force: true }) };
}

async function measure(kind: Kind, seeded: string): Promise<Start> {
  const folder = mkdtempSync(join(tmpdir(), 'st1-bench-start-up-'));
  copyFileSync(seeded, join(folder, 'origin.sqlite'));
  const began = performance.now();
  const product = await startProduct({
    port: await freePort(),
    name: 'start-up',
    env: { DATA_DIR: folder },
    fromSource: kind === 'source',
  });
  const seconds = (performance.now() - began) / 1000;
  const pid = product.child.pid!;
  const start = { seconds, cpuSeconds: cpuTimeMs(pid) / 1000, rssMb: rssMb(pid) };
  const exited = new Promise((resolve) => product.child.once('exit', resolve));
  product.stop();
  await exited;
  rmSync(folder, { recursive: true, force: true });
  return start;
}

const seeded = await seededDatabase();
const starts: Record<Kind, Start[]> = { build: [], source: [] };
const load = loadavg()[0]!;
try {
  for (let run = 0; run < RUNS; run += 1)
    for (const kind of run % 2 ? (['source', 'build'] as const) : (['build', 'source'] as const)) {
      starts[kind].push(await measure(kind, seeded.file));
      console.log(`${kind} ${run + 1}: ${JSON.stringify(starts[kind].at(-1))}`);
    }
} finally {
  seeded.remove();
}

const row = (label: string, kind: Kind) => {
  const pick = (field: keyof Start) => starts[kind].map((start) => start[field]);
  const seconds = pick('seconds');
  return `| ${label} | ${median(seconds).toFixed(2)} (${Math.min(...seconds).toFixed(2)}–${Math.max(...seconds).toFixed(2)}) | ${median(pick('cpuSeconds')).toFixed(2)} | ${median(pick('rssMb')).toFixed(0)} |`;
};
const ratio = (field: keyof Start) =>
  (median(starts.build.map((start) => start[field])) / median(starts.source.map((start) => start[field]))).toFixed(2);
const block = [
  START,
  `Measured ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC by \`npx tsx scripts/bench-start-up.ts\`: ${RUNS} starts of each, alternating, the product on a copy of one seeded database (no start seeds), from the spawn to its start line (site server and embedded origin listening); CPU (user + system, all threads) and resident memory of the process at that moment, from /proc. Medians (range); ${cpus().length} cores, load average ${load.toFixed(1)} at the start. No target: the build is what \`npm start\` runs.`,
  '',
  '| the product from | to listening, s | CPU, s | memory, MB |',
  '|---|---:|---:|---:|',
  row('its build (`node --enable-source-maps dist/node/main.js`)', 'build'),
  row('its TypeScript source (`node --import tsx server/main.ts`)', 'source'),
  `| build ÷ source | ${ratio('seconds')} | ${ratio('cpuSeconds')} | ${ratio('rssMb')} |`,
  END,
].join('\n');
console.log(block);
const written = writeMarkedBlock({ start: START, end: END, block, heading: '## Start-up' });
if (written) console.log(`Wrote ${written}`);
