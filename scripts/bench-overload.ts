/**
 * `npx tsx scripts/bench-overload.ts` (or `npm run bench -- overload`): the site server
 * under far more connections than its cores can serve (docs/operations.md "Overload").
 * The same product runs twice in a child process, with load shedding off
 * (SHED_EVENT_LOOP_DELAY_MS=0 and SHED_MAX_IN_FLIGHT=0, as before it existed) and on (the
 * defaults), render cache
 * off so that every request renders; autocannon holds BENCH_OVERLOAD_CONNECTIONS
 * connections on a CMS page for BENCH_OVERLOAD_DURATION_S seconds. Per run: answers,
 * the share that took longer than 2 s (timeouts included), the share shed with a 503,
 * and the latency of the 200s; and `/readyz` polled every 0.5 s meanwhile as a load
 * balancer does (a new connection each, from a thread of its own): the share of polls
 * answered 200 within 1 s (target ≥ 99 %, issue 27) and their slowest answer, side by side
 * on the public port and on READY_PORT (answered on a thread of its own,
 * server/site/ready-listener.ts). Results replace the marked block in docs/performance.md.
 *
 * `--smoke` (or BENCH_SMOKE=1): a short run with a few connections that checks the script
 * still works (tests run it: scripts/benches.smoke.test.ts) and writes nothing. It asks for
 * a number of answers rather than a second of load: on a busy CI machine a cold server's
 * first renders took longer than a second, and a one-second run then ended with none.
 */
import { once } from 'node:events';
import { cpus, loadavg } from 'node:os';
import autocannon from 'autocannon';
import { startProduct } from './start-product';
import { NO_SHEDDING, portFromEnv, writeMarkedBlock } from './bench-support/bench-mode';
import { pollReadiness, type Poll } from './bench-support/readiness-poller';
import { percentile } from './bench-support/measures';

const SMOKE = process.argv.includes('--smoke') || process.env.BENCH_SMOKE === '1';
const DURATION_S = SMOKE ? 1 : Number(process.env.BENCH_OVERLOAD_DURATION_S ?? 20);
const CONNECTIONS = SMOKE ? 20 : Number(process.env.BENCH_OVERLOAD_CONNECTIONS ?? 1000);
/** A smoke run ends after this many answers (each connection twice), however long they take. */
const SMOKE_AMOUNT = CONNECTIONS * 2;
// A free port unless BENCH_OVERLOAD_PORT names one: two runs on one machine (the smoke test in two
// checkouts' `npm test`) must not collide on a fixed default.
const PORT = await portFromEnv('BENCH_OVERLOAD_PORT');
const READY_PORT = await portFromEnv('BENCH_OVERLOAD_READY_PORT');
const PATH = '/yrityksille';
const SLOW_MS = 2000;
/** A readiness poll counts as ready when it answers 200 within this (a balancer's check time-out is 2–5 s). */
const READY_WITHIN_MS = 1000;
/** autocannon gives up on a request after this long (its default, 10 s, would hide the tail). */
const REQUEST_TIMEOUT_S = 60;
const DOC = 'docs/performance.md';
const START = '<!-- bench:overload:start -->';
const END = '<!-- bench:overload:end -->';

interface Run {
  name: string;
  answers: number;
  slowShare: number;
  shedShare: number;
  other: number;
  rps: number;
  /** Pages actually served (200) per second: what shedding costs in throughput. */
  okPerS: number;
  p50: number;
  p99: number;
  max: number;
  /** `/readyz` polled during the run on the public port, and on READY_PORT. */
  publicReady: PollSummary;
  readyPort: PollSummary;
}

/** Polls during the run, the share answered 200 within READY_WITHIN_MS, and the slowest. */
interface PollSummary {
  polls: number;
  share: number;
  maxMs: number;
}

const percent = (part: number, whole: number) => (whole === 0 ? 0 : Math.round((part / whole) * 1000) / 10);

function summarise(polls: Poll[]): PollSummary {
  const ready = polls.filter((poll) => poll.status === 200 && poll.ms <= READY_WITHIN_MS).length;
  return {
    polls: polls.length,
    share: percent(ready, polls.length),
    maxMs: Math.max(0, ...polls.map((poll) => (poll.status === 0 ? Infinity : poll.ms))),
  };
}

const pollCells = (summary: PollSummary) =>
  `${summary.share} % of ${summary.polls} | ${Number.isFinite(summary.maxMs) ? summary.maxMs : 'none'}`;

async function measure(name: string, env: Record<string, string>): Promise<Run> {
  const product = await startProduct({
    port: PORT,
    name: 'overload',
    env: { RENDER_CACHE_TTL_MS: '0', READY_PORT: String(READY_PORT), ...env },
  });
  try {
    // Right after start the event loop may still lag (start-up work): the page is shed then.
    let check = await fetch(`${product.url}${PATH}`);
    for (let attempt = 0; check.status === 503 && attempt < 10; attempt += 1) {
      await new Promise((resolve) => setTimeout(resolve, 1000));
      check = await fetch(`${product.url}${PATH}`);
    }
    if (check.status !== 200) throw new Error(`${PATH} answered ${check.status}: ${await check.text()}`);
    const ok: number[] = [];
    let slow = 0;
    let shed = 0;
    let other = 0;
    const readiness = pollReadiness(`${product.url}/readyz`);
    const readyPort = pollReadiness(`http://127.0.0.1:${READY_PORT}/readyz`);
    const result = await new Promise<autocannon.Result>((resolve, reject) => {
      const instance = autocannon(
        {
          url: `${product.url}${PATH}`,
          connections: CONNECTIONS,
          ...(SMOKE ? { amount: SMOKE_AMOUNT } : { duration: DURATION_S }),
          timeout: REQUEST_TIMEOUT_S,
        },
        (error, finished) => (error ? reject(error) : resolve(finished)),
      );
      instance.on('response', (_client, status, _bytes, time) => {
        if (time > SLOW_MS) slow += 1;
        if (status === 200) ok.push(time);
        else if (status === 503) shed += 1;
        else other += 1;
      });
    });
    const [publicPolls, readyPortPolls] = await Promise.all([readiness.stop(), readyPort.stop()]);
    // A request still waiting when the run ends, or given up on, waited longer than 2 s too.
    const unanswered = result.timeouts + result.errors;
    const answers = ok.length + shed + other;
    // Per second of the run as it went (a smoke run's length is set by its answers, not a clock).
    const seconds = Math.max(result.duration, 0.001);
    ok.sort((a, b) => a - b);
    return {
      name,
      answers,
      slowShare: percent(slow + unanswered, answers + unanswered),
      shedShare: percent(shed, answers),
      other: other + unanswered,
      rps: Math.round(answers / seconds),
      okPerS: Math.round((ok.length / seconds) * 10) / 10,
      p50: Math.round(percentile(ok, 50)),
      p99: Math.round(percentile(ok, 99)),
      max: Math.round(ok.at(-1) ?? 0),
      publicReady: summarise(publicPolls),
      readyPort: summarise(readyPortPolls),
    };
  } finally {
    // The next run listens on the same port: wait until this one has let go of it.
    const exited = product.child.exitCode === null ? once(product.child, 'exit') : Promise.resolve();
    product.stop();
    await exited;
  }
}

function table(runs: Run[]): string {
  const date = new Date().toISOString().slice(0, 10);
  return [
    START,
    `Measured ${date} by \`npx tsx scripts/bench-overload.ts\`: autocannon, ${CONNECTIONS} connections for ${SMOKE ? `${SMOKE_AMOUNT} answers` : `${DURATION_S} s`} on \`${PATH}\` (render cache off), loopback, ${cpus().length} cores (load average ${LOAD_AT_START} at the start), the product in a child process.`,
    '',
    `Meanwhile \`/readyz\` polled every 0.5 s on a new connection each (a load balancer's check, from a thread of its own; no answer within 5 s counts as none), on the public port and on \`READY_PORT\` (answered on a thread of its own) side by side: the share answered 200 within ${READY_WITHIN_MS / 1000} s (target ≥ 99 %) and the slowest answer.`,
    '',
    `| run | answers | answers/s | pages (200)/s | over ${SLOW_MS / 1000} s | shed (503) | 200s p50 ms | 200s p99 ms | 200s max ms | errors, timeouts, other statuses | public /readyz 200 within ${READY_WITHIN_MS / 1000} s | public /readyz slowest ms | READY_PORT /readyz 200 within ${READY_WITHIN_MS / 1000} s | READY_PORT /readyz slowest ms |`,
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
    ...runs.map(
      (run) =>
        `| ${run.name} | ${run.answers} | ${run.rps} | ${run.okPerS} | ${run.slowShare} % | ${run.shedShare} % | ${run.p50} | ${run.p99} | ${run.max} | ${run.other} | ${pollCells(run.publicReady)} | ${pollCells(run.readyPort)} |`,
    ),
    END,
  ].join('\n');
}

const LOAD_AT_START = loadavg()[0]!.toFixed(1);
const runs = [
  await measure('shedding off (SHED_EVENT_LOOP_DELAY_MS=0, SHED_MAX_IN_FLIGHT=0)', NO_SHEDDING),
  await measure('shedding on (default)', {}),
];
const block = table(runs);
console.log(block);
if (SMOKE && runs.some((run) => run.answers === 0)) throw new Error('smoke run: no answers');
// The ready port answers whatever the load: a smoke run whose polls it never answered is broken.
if (SMOKE && runs.some((run) => run.readyPort.polls > 0 && run.readyPort.share === 0))
  throw new Error('smoke run: READY_PORT never answered 200');
// A smoke run writes only to BENCH_DOC (the smoke test's copy), never to docs/.
const written = writeMarkedBlock({ start: START, end: END, block, heading: '## Overload', doc: DOC });
if (written) console.log(`Wrote ${written}`);
