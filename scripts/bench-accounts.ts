/**
 * `npx tsx scripts/bench-accounts.ts`: accounts on loopback (docs/accounts.md).
 * - scrypt cost: the time to hash a password at the chosen cost and its neighbours;
 * - login latency through the site server (sequential, under the per-address limit),
 *   and the time of a refused login for a known e-mail with a wrong password and for an
 *   unknown e-mail, side by side (they should match: no account discovery by timing);
 * - the auth check (GET /api/v1/auth) with a live session and without one, and the
 *   origin's session lookup alone, with autocannon.
 * The product runs in a child process on a fresh SQLite file. Results replace the
 * marked block in docs/performance.md.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import autocannon from 'autocannon';
import { SCRYPT_COST, hashPassword } from '../server/origin/accounts/secrets';
import { startProduct } from './start-product';

const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 6);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const PORT = Number(process.env.BENCH_ACCOUNTS_PORT ?? 3314);
const DOC = 'docs/performance.md';
const START = '<!-- bench:accounts:start -->';
const END = '<!-- bench:accounts:end -->';
const SITE = `http://127.0.0.1:${PORT}`;
const DEMO = { email: 'matti.meikalainen@example.fi', password: 'Demo-salasana-1' };

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const percentile = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.ceil((p / 100) * values.length) - 1)]!;
const round = (value: number) => Math.round(value * 10) / 10;

async function timeIt(action: () => Promise<unknown>): Promise<number> {
  const start = performance.now();
  await action();
  return performance.now() - start;
}

async function scryptRows() {
  const rows: Array<{ n: number; memory: number; median: number }> = [];
  for (const exponent of [14, 15, 16, 17]) {
    const cost = { N: 2 ** exponent, r: SCRYPT_COST.r, p: SCRYPT_COST.p };
    const times: number[] = [];
    for (let run = 0; run < (exponent >= 17 ? 5 : 10); run += 1)
      times.push(await timeIt(() => hashPassword('Bench-password-1', cost)));
    rows.push({ n: exponent, memory: (128 * cost.N * cost.r) / 1024 / 1024, median: round(median(times)) });
  }
  return rows;
}

const headers = { 'content-type': 'application/json', origin: SITE, 'x-st1-locale': 'fi-FI' };
const login = (email: string, password: string) =>
  fetch(`${SITE}/api/v1/login`, { method: 'POST', headers, body: JSON.stringify({ email, password }) });

async function loginRows() {
  const ok: number[] = [];
  const wrong: number[] = [];
  const unknown: number[] = [];
  // 18 requests: under the per-address limit of 20 a minute.
  for (let run = 0; run < 6; run += 1) {
    ok.push(
      await timeIt(async () => {
        if ((await login(DEMO.email, DEMO.password)).status !== 200) throw new Error('login failed');
      }),
    );
    wrong.push(
      await timeIt(async () => {
        if ((await login(DEMO.email, 'Wrong-password-1')).status !== 401) throw new Error('expected 401');
      }),
    );
    unknown.push(
      await timeIt(async () => {
        if ((await login(`nobody${run}@example.fi`, 'Wrong-password-1')).status !== 401)
          throw new Error('expected 401');
      }),
    );
  }
  return [
    { name: 'login, right password', p50: round(median(ok)), p99: round(percentile(ok, 99)) },
    { name: 'login, known e-mail, wrong password', p50: round(median(wrong)), p99: round(percentile(wrong, 99)) },
    { name: 'login, unknown e-mail', p50: round(median(unknown)), p99: round(percentile(unknown, 99)) },
  ];
}

async function cannon(name: string, url: string, requestHeaders: Record<string, string>) {
  await autocannon({ url, headers: requestHeaders, connections: CONNECTIONS, duration: 1 });
  const result = await autocannon({ url, headers: requestHeaders, connections: CONNECTIONS, duration: DURATION_S });
  return {
    name,
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
  };
}

async function main() {
  const scrypt = await scryptRows();
  const product = await startProduct({ port: PORT, name: 'accounts' });
  const { originUrl } = product;
  try {
    const logins = await loginRows();
    const response = await login(DEMO.email, DEMO.password);
    const cookie = /st1_session=[^;]+/.exec(response.headers.get('set-cookie') ?? '')?.[0];
    if (!cookie) throw new Error('no session cookie');
    const token = cookie.split('=')[1]!;
    const auth = [
      await cannon('GET /api/v1/auth with a live session (site → origin lookup)', `${SITE}/api/v1/auth`, { cookie }),
      await cannon('GET /api/v1/auth without a session (no origin call)', `${SITE}/api/v1/auth`, {}),
      await cannon('GET customers/v1/session on the origin', `${originUrl}/customers/v1/session`, {
        authorization: `Bearer ${token}`,
      }),
    ];
    const base = auth[2]!.rps;
    const date = new Date().toISOString().slice(0, 10);
    const lines = [
      START,
      `Measured ${date} by \`npx tsx scripts/bench-accounts.ts\`, loopback, ${cpus().length} cores, the product in a child process on a fresh SQLite file.`,
      '',
      `Password hashing with node:crypto scrypt, r = ${SCRYPT_COST.r}, p = ${SCRYPT_COST.p} (the product uses N = 2^${Math.log2(SCRYPT_COST.N)}), median of 10 (5 for 2^17), in this process:`,
      '',
      '| N | memory MiB | hash ms | ratio to the product |',
      '|---|---:|---:|---:|',
      ...scrypt.map(
        (row) =>
          `| 2^${row.n} | ${row.memory} | ${row.median} | ${round(row.median / scrypt.find((r) => r.n === Math.log2(SCRYPT_COST.N))!.median)} |`,
      ),
      '',
      'Login through the site server (sequential, 6 of each, under the per-address limit):',
      '',
      '| case | p50 ms | max ms |',
      '|---|---:|---:|',
      ...logins.map((row) => `| ${row.name} | ${row.p50} | ${row.p99} |`),
      '',
      `Auth check, autocannon ${CONNECTIONS} connections, ${DURATION_S} s after a 1 s warm-up:`,
      '',
      '| case | req/s | ratio to origin lookup | p50 ms | p99 ms | non-2xx |',
      '|---|---:|---:|---:|---:|---:|',
      ...auth.map(
        (row) => `| ${row.name} | ${row.rps} | ${round(row.rps / base)} | ${row.p50} | ${row.p99} | ${row.non2xx} |`,
      ),
      END,
    ];
    const block = lines.join('\n');
    const doc = existsSync(DOC) ? readFileSync(DOC, 'utf8') : '# Performance\n';
    const next = doc.includes(START)
      ? doc.replace(new RegExp(`${START}[\\s\\S]*?${END}`), block)
      : `${doc.trimEnd()}\n\n## Accounts (issue 7)\n\nScrypt cost, login latency and the auth check (\`scripts/bench-accounts.ts\`, docs/accounts.md).\n\n${block}\n`;
    writeFileSync(DOC, next);
    console.log(block);
  } finally {
    product.stop();
  }
}

await main();
