/**
 * `npx tsx scripts/bench-redis-faults.ts` (or `npm run bench -- redis`): how fast the
 * rate-limited requests answer when the Redis they count in fails (docs/operations.md
 * "Several instances", decision 009; target: every one within 1 s, pages unaffected).
 * The product runs in a child process with REDIS_URL on a throwaway Redis (Debian's
 * redis-server) and TRUST_PROXY=127.0.0.1, so that each login comes from an address of its
 * own (X-Forwarded-For) and none is refused by the per-address limit. Three phases, side
 * by side: Redis up, hung (SIGSTOP: the process stopped, its connections open) and dead
 * (SIGKILL). Per phase: logins one after another (an unknown e-mail, a wrong password:
 * the origin's password hashing included), 32 limited requests at once (a login without a
 * password, answered 400 after its count: the case that filled every slot before), and a
 * page. Results replace the marked block in docs/performance.md.
 *
 * `--smoke` (or BENCH_SMOKE=1): fewer logins, writes only to BENCH_DOC.
 */
import { cpus } from 'node:os';
import { startThrowawayRedis } from '../tests/integration/support/throwaway-redis';
import { portFromEnv, smokeOr, writeMarkedBlock } from './bench-support/bench-mode';
import { startProduct } from './start-product';
import { median } from './bench-support/measures';

const LOGINS = smokeOr(2, 15);
const BURST = 32;
const WITHIN_MS = 1000;
const PORT = await portFromEnv('BENCH_REDIS_FAULTS_PORT');
const START = '<!-- bench:redis-faults:start -->';
const END = '<!-- bench:redis-faults:end -->';

let address = 0;
const nextAddress = () => {
  address += 1;
  return `198.51.${Math.floor(address / 250)}.${(address % 250) + 1}`;
};

async function timed(request: () => Promise<Response>): Promise<{ ms: number; status: number }> {
  const start = performance.now();
  const response = await request();
  await response.arrayBuffer();
  return { ms: performance.now() - start, status: response.status };
}

interface Phase {
  name: string;
  loginMedian: number;
  loginMax: number;
  loginStatuses: string;
  burstMax: number;
  burstStatuses: string;
  withinShare: number;
  pageMs: number;
}

const statuses = (answers: Array<{ status: number }>) =>
  [...new Set(answers.map((answer) => answer.status))].sort().join(', ');

const redis = await startThrowawayRedis();
const product = await startProduct({
  port: PORT,
  name: 'redis-faults',
  env: { REDIS_URL: redis.url, TRUST_PROXY: '127.0.0.1', RENDER_CACHE_TTL_MS: '0' },
});
const headers = () => ({
  'content-type': 'application/json',
  host: `127.0.0.1:${PORT}`,
  origin: `http://127.0.0.1:${PORT}`,
  'x-st1-locale': 'fi-FI',
  'x-forwarded-for': nextAddress(),
});
const login = (withPassword: boolean) =>
  timed(() =>
    fetch(`${product.url}/api/v1/login`, {
      method: 'POST',
      headers: headers(),
      body: JSON.stringify(withPassword ? { email: `nobody${address}@example.com`, password: 'wrong password' } : {}),
    }),
  );

async function measure(name: string): Promise<Phase> {
  const logins: Array<{ ms: number; status: number }> = [];
  for (let index = 0; index < LOGINS; index += 1) logins.push(await login(true));
  const burst = await Promise.all(Array.from({ length: BURST }, () => login(false)));
  const page = await timed(() => fetch(`${product.url}/yrityksille`));
  const all = [...logins, ...burst];
  return {
    name,
    loginMedian: Math.round(median(logins.map((answer) => answer.ms))),
    loginMax: Math.round(Math.max(...logins.map((answer) => answer.ms))),
    loginStatuses: statuses(logins),
    burstMax: Math.round(Math.max(...burst.map((answer) => answer.ms))),
    burstStatuses: statuses(burst),
    withinShare: Math.round((all.filter((answer) => answer.ms <= WITHIN_MS).length / all.length) * 1000) / 10,
    pageMs: Math.round(page.ms),
  };
}

const phases: Phase[] = [];
try {
  // Warm up: the first login pays for loading the account code and a first scrypt.
  await login(true);
  phases.push(await measure('Redis up'));
  redis.pause();
  phases.push(await measure('Redis hung (SIGSTOP)'));
  redis.resume();
  await redis.kill();
  phases.push(await measure('Redis dead (SIGKILL)'));
} finally {
  product.stop();
  await redis.stop();
}

const block = [
  START,
  `Measured ${new Date().toISOString().slice(0, 10)} by \`npx tsx scripts/bench-redis-faults.ts\`: the product in a child process with \`REDIS_URL\` on a throwaway redis-server, loopback, ${cpus().length} cores. Per phase: ${LOGINS} logins one after another (unknown e-mail, wrong password), then ${BURST} limited requests at once (a login without a password: counted, then 400), then a page. Target: every limited request answered within ${WITHIN_MS / 1000} s.`,
  '',
  `| phase | logins: median ms | logins: slowest ms | logins: statuses | ${BURST} at once: slowest ms | ${BURST} at once: statuses | answered within ${WITHIN_MS / 1000} s | page ms |`,
  '|---|---:|---:|---|---:|---|---:|---:|',
  ...phases.map(
    (phase) =>
      `| ${phase.name} | ${phase.loginMedian} | ${phase.loginMax} | ${phase.loginStatuses} | ${phase.burstMax} | ${phase.burstStatuses} | ${phase.withinShare} % | ${phase.pageMs} |`,
  ),
  END,
].join('\n');
console.log(block);
const written = writeMarkedBlock({ start: START, end: END, block, heading: '## Rate limits when Redis fails' });
if (written) console.log(`Wrote ${written}`);
