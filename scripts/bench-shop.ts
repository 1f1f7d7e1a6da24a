/**
 * `npx tsx scripts/bench-shop.ts`: the shop on loopback (docs/shop.md). The product runs
 * in a child process (its own event loop), seeded on a fresh SQLite file:
 * - cart validation requests/s and p99, through the site's /proxy and on the origin
 *   directly, side by side;
 * - order completion with 50 buyers at once: each initializes an order, approves it on
 *   the payment test gateway (whose callback completes the order: wash codes, outbox) and
 *   presents the signed result as the browser does; throughput and per-order latency.
 * Results replace the marked block in docs/performance.md.
 */
import { existsSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import autocannon from 'autocannon';
import { NO_SHEDDING, portFromEnv, smokeOr, writeMarkedBlock } from './bench-support/bench-mode';
import { startProduct } from './start-product';
import { percentile } from './bench-support/measures';

const DURATION_S = Number(process.env.BENCH_DURATION_S ?? smokeOr(1, 8));
const WARM_UP_S = smokeOr(0, 2);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const BUYERS = Number(process.env.BENCH_BUYERS ?? smokeOr(2, 50));
const WARM_UP_BUYERS = smokeOr(0, 5);
const PORT = await portFromEnv('BENCH_SHOP_PORT');
const START = '<!-- bench:shop:start -->';
const END = '<!-- bench:shop:end -->';

const CART = {
  items: [
    { code: 'WASH-PREMIUM', quantity: 2, showUpsell: true },
    { code: 'WASH-BASIC-5', quantity: 1, showUpsell: true },
    { code: 'GIFT-PREMIUM', quantity: 1, showUpsell: true },
  ],
  discountCode: 'KEVAT10',
};

interface Row {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  unexpected: number;
}

async function measureValidate(name: string, url: string): Promise<Row> {
  const options = {
    url,
    method: 'POST' as const,
    // The site refuses a POST without its own Origin (CSRF check, docs/accounts.md).
    headers: { 'content-type': 'application/json', 'x-st1-locale': 'fi-FI', origin: new URL(url).origin },
    body: JSON.stringify(CART),
    connections: CONNECTIONS,
  };
  const check = await fetch(url, { method: 'POST', headers: options.headers, body: options.body });
  if (check.status !== 200) throw new Error(`${name}: ${check.status} ${await check.text()}`);
  if (WARM_UP_S > 0) await autocannon({ ...options, duration: WARM_UP_S });
  const result = await autocannon({ ...options, duration: DURATION_S });
  return {
    name,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    unexpected: result.non2xx,
  };
}

/** One buyer, as the browser goes: initialize, approve on the hosted page, complete. */
async function buy(site: string, index: number): Promise<{ ms: number; codes: number }> {
  const started = performance.now();
  const headers = { 'content-type': 'application/json', 'x-st1-locale': 'fi-FI', origin: site };
  const validated = await fetch(`${site}/proxy/digital-order/v1/cart/validate`, {
    method: 'POST',
    headers,
    body: JSON.stringify(CART),
  });
  if (validated.status !== 200) throw new Error(`validate: ${validated.status} ${await validated.text()}`);
  const cart = (await validated.json()) as { totals: { totalWithTax: number } };
  const initialized = await fetch(`${site}/proxy/digital-order/v1/orders/initialize`, {
    method: 'POST',
    headers,
    body: JSON.stringify({
      ...CART,
      idempotencyKey: `bench-${Date.now()}-${index}-${Math.random().toString(36).slice(2, 10)}`,
      customer: {
        email: `buyer${index}@example.com`,
        firstname: 'Bench',
        lastname: 'Buyer',
        telephonePrefix: 'FIN|358',
        telephoneNumber: '401234567',
        marketing: [],
      },
      sendSms: true,
      payment: { type: 'card' },
      expectedTotal: cart.totals.totalWithTax,
      returnPath: '/kassa/vahvistus',
    }),
  });
  if (initialized.status !== 201) throw new Error(`initialize: ${initialized.status} ${await initialized.text()}`);
  const { paymentUrl } = (await initialized.json()) as { paymentUrl: string };
  const approved = await fetch(`${site}${paymentUrl}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: 'action=approve&method=card%3Avisa',
    redirect: 'manual',
  });
  const location = approved.headers.get('location');
  if (approved.status !== 303 || !location) throw new Error(`gateway: ${approved.status}`);
  const params = Object.fromEntries(new URL(location, site).searchParams);
  const completed = await fetch(`${site}/proxy/digital-order/v1/orders/complete`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ ...params, timestamp: Number(params.timestamp) }),
  });
  if (completed.status !== 200) throw new Error(`complete: ${completed.status} ${await completed.text()}`);
  const receipt = (await completed.json()) as { status: string; items: Array<{ washCodes: string[] }> };
  if (receipt.status !== 'paid') throw new Error(`order not paid: ${receipt.status}`);
  return {
    ms: performance.now() - started,
    codes: receipt.items.reduce((sum, item) => sum + item.washCodes.length, 0),
  };
}

async function main() {
  if (!existsSync('dist/build.json') && !process.env.DIST_DIR) throw new Error('Run "npm run build" first');
  // 50 buyers at once are more than the site's in-flight limit (SHED_MAX_IN_FLIGHT, 32):
  // what is measured is the shop's throughput, not load shedding (the "Overload" block).
  const product = await startProduct({
    port: PORT,
    name: 'shop',
    env: NO_SHEDDING,
  });
  const { originUrl } = product;
  const site = `http://127.0.0.1:${PORT}`;
  try {
    for (
      let attempt = 0;
      attempt < 50 &&
      !(await fetch(`${site}/healthz`).then(
        (r) => r.ok,
        () => false,
      ));
      attempt++
    )
      await new Promise((resolve) => setTimeout(resolve, 200));
    const viaSite = await measureValidate(
      'cart/validate through the site proxy',
      `${site}/proxy/digital-order/v1/cart/validate`,
    );
    const direct = await measureValidate('cart/validate on the origin', `${originUrl}/digital-order/v1/cart/validate`);

    await Promise.all(Array.from({ length: WARM_UP_BUYERS }, (_, index) => buy(site, -index - 1))); // warm-up
    const started = performance.now();
    const orders = await Promise.all(Array.from({ length: BUYERS }, (_, index) => buy(site, index)));
    const wallMs = performance.now() - started;
    const latencies = orders.map((order) => order.ms).sort((a, b) => a - b);
    const codes = orders.reduce((sum, order) => sum + order.codes, 0);

    const table = [
      '| case | req/s | ratio to origin | p50 ms | p99 ms | unexpected status |',
      '|---|---:|---:|---:|---:|---:|',
      ...[viaSite, direct].map(
        (row) =>
          `| ${row.name} | ${row.rps.toFixed(0)} | ${(row.rps / direct.rps).toFixed(2)} | ${row.p50} | ${row.p99} | ${row.unexpected} |`,
      ),
    ].join('\n');
    const orderTable = [
      '| case | orders | wall time s | orders/s | p50 ms per order | p99 ms per order | wash codes issued |',
      '|---|---:|---:|---:|---:|---:|---:|',
      `| ${BUYERS} buyers at once: validate → initialize → gateway approve (callback completes) → complete | ${BUYERS} | ${(wallMs / 1000).toFixed(2)} | ${(BUYERS / (wallMs / 1000)).toFixed(1)} | ${percentile(latencies, 50).toFixed(0)} | ${percentile(latencies, 99).toFixed(0)} | ${codes} |`,
    ].join('\n');
    const block = [
      START,
      `Measured ${new Date().toISOString().slice(0, 10)} by \`npx tsx scripts/bench-shop.ts\`: autocannon, ${CONNECTIONS} connections, ${DURATION_S} s after a ${WARM_UP_S} s warm-up,`,
      `loopback, ${cpus().length} cores, the product in a child process on a fresh SQLite file, load average ${loadavg()[0]!.toFixed(1)} at the start (a shared machine: other work competes for the cores). The cart holds 3 lines and a discount code. Load shedding is off (the "Overload" block measures it).`,
      '',
      table,
      '',
      orderTable,
      END,
    ].join('\n');
    console.log(block);
    const written = writeMarkedBlock({ start: START, end: END, block, heading: '## Shop' });
    if (written) console.log(`Wrote ${written}`);
  } finally {
    product.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
