/**
 * What every benchmark script shares about how it runs and where its figures go.
 *
 * Smoke mode (BENCH_SMOKE=1, set by scripts/benches.smoke.test.ts in `npm test`): each
 * script runs its whole path once with tiny durations and sizes and asserts no target, so
 * that a change that breaks a benchmark fails the tests long before someone runs
 * `npm run bench`. Smoke figures mean nothing: they never reach docs/performance.md. The
 * block is written to BENCH_DOC instead (a copy the smoke test checks), or nowhere.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { resolve } from 'node:path';

export const SMOKE = process.env.BENCH_SMOKE === '1' || process.argv.includes('--smoke');

/**
 * The site server's load shedding turned off, for `startProduct`'s env. A benchmark of what
 * the server serves when it serves everything measures with it off: on a loaded machine (a
 * smoke run beside a CI's other work) the event loop's lag turns requests into 503s. Its
 * 503s are what bench-overload.ts measures, with it off and on side by side.
 */
export const NO_SHEDDING = { SHED_EVENT_LOOP_DELAY_MS: '0', SHED_MAX_IN_FLIGHT: '0' } as const;

const PERFORMANCE_DOC = resolve('docs/performance.md');

/**
 * The document the figures go to: BENCH_DOC, else the script's home document
 * (docs/performance.md unless it names another, e.g. docs/pwa.md); none in smoke mode
 * without BENCH_DOC, and never a file of docs/ in smoke mode.
 */
export function performanceDoc(home = PERFORMANCE_DOC): string | null {
  const chosen = process.env.BENCH_DOC ? resolve(process.env.BENCH_DOC) : null;
  if (SMOKE) {
    if (chosen && chosen.startsWith(resolve('docs'))) throw new Error(`A smoke run must not write ${chosen}`);
    return chosen;
  }
  return chosen ?? resolve(home);
}

/** `full` for a measured run, `smoke` for a smoke run. */
export function smokeOr<T>(smoke: T, full: T): T {
  return SMOKE ? smoke : full;
}

/**
 * Replaces the block between `start` and `end` (markers included in `block`) in the
 * performance document, or appends `heading` and the block when the markers are missing.
 * Returns the path written, or null when nothing was written (a smoke run without BENCH_DOC).
 */
export function writeMarkedBlock(options: {
  start: string;
  end: string;
  block: string;
  heading: string;
  /** The document the block lives in outside smoke runs; docs/performance.md by default. */
  doc?: string;
}): string | null {
  const doc = performanceDoc(options.doc);
  if (!doc) return null;
  const { start, end, block, heading } = options;
  const text = existsSync(doc) ? readFileSync(doc, 'utf8') : '# Performance\n';
  const from = text.indexOf(start);
  const to = text.indexOf(end, from);
  const next =
    from >= 0 && to >= 0
      ? text.slice(0, from) + block + text.slice(to + end.length)
      : `${text.trimEnd()}\n\n${heading}\n\n${block}\n`;
  writeFileSync(doc, next);
  return doc;
}

/** A free loopback port (the system picks it), for servers a benchmark starts. */
export function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolvePort(address.port) : reject(new Error('no free port')),
      );
    });
  });
}

/** The port in `variable` when set, else a free one. */
export async function portFromEnv(variable: string): Promise<number> {
  const value = process.env[variable];
  return value ? Number(value) : freePort();
}
