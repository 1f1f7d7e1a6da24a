/**
 * `npx tsx scripts/bench-shutdown.ts` (or `npm run bench -- shutdown`): requests cut by a
 * SIGTERM under keep-alive load, over BENCH_SHUTDOWN_RUNS runs (10; target: 0 cut,
 * docs/operations.md "Graceful shutdown"). Each run starts the product (`server/main.ts`,
 * embedded origin) with SHUTDOWN_DRAIN_MS=4000, sends GETs from six keep-alive clients
 * that ignore readiness, and sends SIGTERM after a second
 * (tests/integration/support/keep-alive-through-shutdown.ts). A request is cut when an
 * error comes on a connection that had served before (the server closed a connection in
 * use); an error on a new connection once the server stopped listening is counted apart
 * (refused: the server never read it). Results replace the marked block in
 * docs/performance.md.
 *
 * `--smoke` (or BENCH_SMOKE=1): one run with a short drain, writes only to BENCH_DOC.
 */
import { cpus } from 'node:os';
import { rmSync } from 'node:fs';
import { keepAliveThroughShutdown } from '../tests/integration/support/keep-alive-through-shutdown';
import { startServerProcess } from '../tests/integration/support/server-process';
import { smokeOr, writeMarkedBlock } from './bench-support/bench-mode';
import { benchDataDir } from './bench-support/data-dir';

const RUNS = Number(process.env.BENCH_SHUTDOWN_RUNS ?? smokeOr(1, 10));
const DRAIN_MS = smokeOr(1000, 4000);
const START = '<!-- bench:shutdown:start -->';
const END = '<!-- bench:shutdown:end -->';

interface Run {
  answered: number;
  cut: number;
  refused: number;
  withoutClose: number;
  exitCode: number | null;
}

const runs: Run[] = [];
for (let run = 0; run < RUNS; run += 1) {
  const folder = benchDataDir('shutdown');
  try {
    const server = await startServerProcess('server/main.ts', {
      DATA_DIR: folder,
      RENDER_CACHE_TTL_MS: '0',
      LOG_LEVEL: 'warn',
      SHUTDOWN_DRAIN_MS: String(DRAIN_MS),
    });
    const { exitCode, answered, errors } = await keepAliveThroughShutdown(server);
    runs.push({
      answered: answered.length,
      cut: errors.filter((error) => error.reusedSocket).length,
      refused: errors.filter((error) => !error.reusedSocket).length,
      withoutClose: answered.filter((answer) => answer.afterDrainBegan && !answer.connectionClose).length,
      exitCode,
    });
    console.log(`run ${run + 1}: ${JSON.stringify(runs.at(-1))}`);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

const sum = (pick: (run: Run) => number) => runs.reduce((total, run) => total + pick(run), 0);
const block = [
  START,
  `Measured ${new Date().toISOString().slice(0, 10)} by \`npx tsx scripts/bench-shutdown.ts\`: ${RUNS} runs of the product in a child process (\`SHUTDOWN_DRAIN_MS=${DRAIN_MS}\`), six keep-alive clients sending GETs until it is gone, SIGTERM after 1 s; loopback, ${cpus().length} cores. Target: 0 requests cut.`,
  '',
  '| runs | requests answered | cut (error on a connection in use) | refused once closed (new connection, never read) | answers while draining without `Connection: close` | exit codes |',
  '|---:|---:|---:|---:|---:|---|',
  `| ${RUNS} | ${sum((run) => run.answered)} | ${sum((run) => run.cut)} | ${sum((run) => run.refused)} | ${sum((run) => run.withoutClose)} | ${[...new Set(runs.map((run) => run.exitCode))].join(', ')} |`,
  END,
].join('\n');
console.log(block);
const written = writeMarkedBlock({
  start: START,
  end: END,
  block,
  heading: '## Graceful shutdown under keep-alive load',
});
if (written) console.log(`Wrote ${written}`);
