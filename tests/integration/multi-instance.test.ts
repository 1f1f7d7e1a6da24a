/**
 * Many instances (docs/operations.md "Deployment"): two site servers and two origin
 * processes, run as an operator runs them, on one PostgreSQL and one Redis, all on
 * loopback, as behind a load balancer. A login on one site server is valid on the other;
 * a per-address limit is shared; a single-use discount raced through both origins is used
 * once; reconciliation running in both origins completes each order once; the outbox
 * workers of both origins mail each row once.
 *
 * Runs in the PostgreSQL run only (test-database.ts): SQLite is one process's file.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InitializedOrder, ValidatedCart } from '#shared/shop/api-schema';
import { openDatabase, type Db } from '../../server/origin/db';
import { createDiscountCodesRepository } from '../../server/origin/shop/discount-codes-repository';
import { createTestGateway } from '../../server/origin/shop/payments/test-gateway';
import { SESSION_COOKIE } from '../../server/site/accounts/session-cookie';
import { distDir, requireProductionBuild } from './support/site-with-origin';
import { startServerProcess, type ServerProcess } from './support/server-process';
import { shopper } from './support/shop-checkout';
import { freshDatabaseUrl, testDatabase } from './support/test-database';
import { redisSkipReason, startThrowawayRedis, type ThrowawayRedis } from './support/throwaway-redis';
import { startLocalSmtp, type LocalSmtp } from './support/local-smtp';

requireProductionBuild('tests/integration/multi-instance.test.ts');

const redisSkip = redisSkipReason();
if (redisSkip) console.warn(redisSkip);

describe.skipIf(testDatabase !== 'PostgreSQL' || redisSkip !== undefined)('two site servers and two origins', () => {
  let redis: ThrowawayRedis;
  let smtp: LocalSmtp;
  let db: Db;
  let folder: string;
  const origins: ServerProcess[] = [];
  const sites: ServerProcess[] = [];

  beforeAll(async () => {
    redis = await startThrowawayRedis();
    smtp = await startLocalSmtp();
    const databaseUrl = (await freshDatabaseUrl('multi_instance'))!;
    folder = mkdtempSync(join(tmpdir(), 'st1-multi-instance-'));
    const originEnv = {
      DATABASE_URL: databaseUrl,
      DATA_DIR: folder,
      LOG_LEVEL: 'warn',
      // Both origins look for approved-but-pending orders often, so they race for them.
      ORDER_RECONCILE_INTERVAL_MS: '100',
      // Both origins' outbox workers deliver to one SMTP server and look for mail often.
      SMTP_URL: smtp.url,
      OUTBOX_POLL_INTERVAL_MS: '100',
    };
    // The first origin migrates and seeds the empty database; the second finds it ready.
    origins.push(await startServerProcess('server/origin/main.ts', originEnv));
    origins.push(await startServerProcess('server/origin/main.ts', originEnv));
    for (const origin of origins)
      sites.push(
        await startServerProcess('server/main.ts', {
          ORIGIN_URL: origin.url,
          REDIS_URL: redis.url,
          TRUST_PROXY: '127.0.0.1',
          DIST_DIR: distDir,
          LOG_LEVEL: 'warn',
        }),
      );
    db = openDatabase({ dataDir: folder, databaseUrl });
  }, 180_000);

  afterAll(async () => {
    for (const server of [...sites, ...origins]) await server.stop();
    await db?.destroy();
    await redis?.stop();
    await smtp?.close();
    if (folder) rmSync(folder, { recursive: true, force: true });
  });

  /** The site's address on 127.0.0.1 and the same-site headers its CSRF check wants. */
  function siteRequest(
    site: ServerProcess,
    path: string,
    init: { method?: string; body?: unknown; headers?: Record<string, string> } = {},
  ) {
    const base = site.url.replace('localhost', '127.0.0.1');
    return fetch(`${base}${path}`, {
      method: init.method ?? 'GET',
      headers: {
        'content-type': 'application/json',
        origin: base,
        'x-st1-locale': 'fi-FI',
        ...init.headers,
      },
      ...(init.body !== undefined ? { body: JSON.stringify(init.body) } : {}),
    });
  }

  function originPost(origin: ServerProcess, path: string, body: unknown) {
    return fetch(`${origin.url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-st1-locale': 'fi-FI' },
      body: JSON.stringify(body),
    });
  }

  let keys = 0;
  async function orderRequest(
    origin: ServerProcess,
    items: Array<{ code: string; quantity: number }>,
    discountCode?: string,
  ) {
    const validated = await originPost(origin, '/digital-order/v1/cart/validate', {
      items,
      ...(discountCode ? { discountCode } : {}),
    });
    expect(validated.status).toBe(200);
    return {
      idempotencyKey: `multi-instance-${(keys += 1)}-${Date.now()}`,
      items,
      ...(discountCode ? { discountCode } : {}),
      customer: shopper,
      sendSms: false,
      payment: { type: 'card' },
      expectedTotal: ((await validated.json()) as ValidatedCart).totals.totalWithTax,
      returnPath: '/kassa/vahvistus',
    };
  }

  it('takes a login on one site server as valid on the other', async () => {
    const login = await siteRequest(sites[0]!, '/api/v1/login', {
      method: 'POST',
      body: { email: 'matti.meikalainen@example.fi', password: 'Demo-salasana-1' },
    });
    expect(login.status, await login.clone().text()).toBe(200);
    const cookie = login.headers.getSetCookie().find((line) => line.startsWith(`${SESSION_COOKIE}=`));
    expect(cookie).toBeDefined();
    const session = cookie!.split(';')[0]!;
    const elsewhere = await siteRequest(sites[1]!, '/api/v1/auth', { headers: { cookie: session } });
    expect(elsewhere.status).toBe(204);
    expect(elsewhere.headers.get('user-status')).toBe('AUTHORIZED');
  });

  it('shares a per-address limit between the site servers', async () => {
    const check = (site: ServerProcess) =>
      siteRequest(site, '/proxy/digital-order/v1/wash-codes/check', {
        method: 'POST',
        body: { code: 'ST1-000000000000' },
        headers: { 'x-forwarded-for': '198.51.100.77' },
      });
    // 30 checks an address in 10 minutes (proxy-allow-list.ts), spread over both servers.
    for (let index = 0; index < 30; index += 1) expect((await check(sites[index % 2]!)).status).toBe(200);
    expect((await check(sites[0]!)).status).toBe(429);
    expect((await check(sites[1]!)).status).toBe(429);
  });

  it('lets a single-use discount raced through both origins be used once', async () => {
    await createDiscountCodesRepository(db).insert({ code: 'MULTI1', kind: 'fixed', value: 200, usageLimit: 1 });
    const items = [{ code: 'WASH-BASIC', quantity: 1 }];
    const requests = await Promise.all(
      Array.from({ length: 6 }, (_, index) => orderRequest(origins[index % 2]!, items, 'MULTI1')),
    );
    const answers = await Promise.all(
      requests.map((request, index) => originPost(origins[index % 2]!, '/digital-order/v1/orders/initialize', request)),
    );
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses).toEqual([201, 422, 422, 422, 422, 422]);
    expect((await createDiscountCodesRepository(db).find('MULTI1'))?.usedCount).toBeLessThanOrEqual(1);
  });

  it('completes each approved order once with reconciliation running in both origins', async () => {
    const items = [{ code: 'WASH-BASIC-10', quantity: 1 }];
    const orders: InitializedOrder[] = [];
    for (let index = 0; index < 6; index += 1) {
      const answer = await originPost(
        origins[index % 2]!,
        '/digital-order/v1/orders/initialize',
        await orderRequest(origins[index % 2]!, items),
      );
      expect(answer.status).toBe(201);
      orders.push((await answer.json()) as InitializedOrder);
    }
    // Approved at the gateway, the callback lost: only reconciliation can complete them.
    const gateway = createTestGateway(db);
    for (const order of orders) await gateway.decide(order.paymentId, { status: 'approved', method: 'card:visa' });
    const ids = orders.map((order) => order.orderId);
    const deadline = Date.now() + 30_000;
    for (;;) {
      const paid = await db
        .selectFrom('shop_orders')
        .select('id')
        .where('id', 'in', ids)
        .where('status', '=', 'paid')
        .execute();
      if (paid.length === ids.length) break;
      if (Date.now() > deadline) throw new Error(`Only ${paid.length} of ${ids.length} orders were completed`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    // Let both reconcilers run a few more rounds over the completed orders.
    await new Promise((resolve) => setTimeout(resolve, 500));
    for (const id of ids) {
      const codes = await db.selectFrom('shop_wash_codes').select('code').where('order_id', '=', id).execute();
      expect(codes, id).toHaveLength(10);
      const receipts = await db
        .selectFrom('outbox')
        .select('id')
        .where('dedupe_key', '=', `receipt-email:${id}`)
        .execute();
      expect(receipts, id).toHaveLength(1);
    }
  });

  it('mails an outbox row once with the outbox worker running in both origins', async () => {
    const items = [{ code: 'WASH-PREMIUM', quantity: 1 }];
    const answer = await originPost(
      origins[0]!,
      '/digital-order/v1/orders/initialize',
      await orderRequest(origins[0]!, items),
    );
    expect(answer.status).toBe(201);
    const order = (await answer.json()) as InitializedOrder;
    // Approved with the callback lost: a reconciler completes it and queues the receipt.
    await createTestGateway(db).decide(order.paymentId, { status: 'approved', method: 'card:visa' });
    const deadline = Date.now() + 30_000;
    for (;;) {
      const row = await db
        .selectFrom('outbox')
        .select('status')
        .where('dedupe_key', '=', `receipt-email:${order.orderId}`)
        .executeTakeFirst();
      if (row?.status === 'delivered') break;
      if (Date.now() > deadline) throw new Error(`The receipt was not delivered (status ${row?.status ?? 'none'})`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    // Let both workers poll a few more times: neither may send the row again.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const receipts = smtp.received.filter((mail) => mail.subject?.includes(order.orderId));
    expect(receipts).toHaveLength(1);
    expect(receipts[0]!.html).toContain(order.orderId);
  });
});
