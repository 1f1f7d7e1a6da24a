/**
 * Paytrail beside the test gateway (docs/shop.md "Paytrail"), against a fake Paytrail in
 * this process that follows its public API: create → redirect → signed return → signed
 * callback → the order completed exactly once; tampered and replayed returns and
 * callbacks refused; reconciliation asking Paytrail for the status; Paytrail down.
 */
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InitializedOrder, OrderReceipt } from '#shared/shop/api-schema';
import { buildOriginApp } from '../../server/origin/app';
import { forEachDatabase } from './support/each-database';
import { MERCHANT_ID, SECRET, startFakePaytrail, type FakePaytrail } from './support/fake-paytrail';
import type { SeededOrigin } from './support/seeded-origin';
import { shopCheckout } from './support/shop-checkout';
import { requireProductionBuild, startSiteWithOrigin, type SiteWithOrigin } from './support/site-with-origin';

const SITE_URL = 'http://localhost:3270';

function paytrailEnv(fake: FakePaytrail): Record<string, string> {
  return {
    PAYMENT_PROVIDER: 'paytrail',
    PAYTRAIL_MERCHANT_ID: MERCHANT_ID,
    PAYTRAIL_SECRET: SECRET,
    PAYTRAIL_API_URL: fake.url,
    PAYTRAIL_SITE_URL: SITE_URL,
    PAYTRAIL_TIMEOUT_MS: '2000',
    // Reconciliation is run by hand in these tests.
    ORDER_RECONCILE_INTERVAL_MS: '86400000',
  };
}

/** The path and query of a URL Paytrail sends the payer or its callback to, for `inject`. */
function onSite(url: string): string {
  expect(url.startsWith(`${SITE_URL}/`), url).toBe(true);
  return url.slice(SITE_URL.length);
}

/** The same signed parameters with one changed (an attacker's edit). */
function tampered(url: string, name: string, value: string): string {
  const parsed = new URL(url);
  parsed.searchParams.set(name, value);
  return parsed.toString();
}

describe('Paytrail through the site server', () => {
  let env: SiteWithOrigin;
  let fake: FakePaytrail;
  let site: FastifyInstance;
  const json = { 'content-type': 'application/json' };
  const sameSite = { ...json, host: 'localhost', origin: 'http://localhost', 'x-st1-locale': 'sv-SE' };

  beforeAll(async () => {
    requireProductionBuild('shop-paytrail.test.ts');
    fake = await startFakePaytrail();
    env = await startSiteWithOrigin('paytrail', { originEnv: paytrailEnv(fake) });
    site = await env.site();
  }, 120_000);
  afterAll(async () => {
    await env?.close();
    await fake?.close();
  });

  let keys = 0;
  async function initialize(key = `paytrail-site-${(keys += 1)}-${Date.now()}`) {
    return site.inject({
      method: 'POST',
      url: '/proxy/digital-order/v1/orders/initialize',
      headers: sameSite,
      payload: {
        idempotencyKey: key,
        items: [{ code: 'WASH-PREMIUM-5', quantity: 1 }],
        customer: {
          email: 'paytrail@example.com',
          firstname: 'Paytrail',
          lastname: 'Buyer',
          telephonePrefix: 'SE|46',
          telephoneNumber: '701234567',
          marketing: [],
        },
        payment: { type: 'bank', bank: 'nordea' },
        expectedTotal: 89.9,
        returnPath: '/sv-SE/kassa/bekraftelse',
      },
    });
  }

  const get = (url: string) => site.inject({ method: 'GET', url: onSite(url) });
  const complete = (result: Record<string, string>) =>
    site.inject({
      method: 'POST',
      url: '/proxy/digital-order/v1/orders/complete',
      headers: sameSite,
      payload: { ...result, timestamp: Number(result.timestamp) },
    });

  /** Follows the site's 303 to the confirmation page: the shop's signed result in its query. */
  function resultOf(response: LightMyRequestResponse) {
    expect(response.statusCode, response.body).toBe(303);
    const location = new URL(response.headers.location as string, 'http://site.test');
    expect(location.pathname).toBe('/sv-SE/kassa/bekraftelse');
    return Object.fromEntries(location.searchParams);
  }

  const transactionOf = (order: InitializedOrder) => new URL(order.paymentUrl).pathname.split('/').pop()!;

  async function receiptMails(orderId: string) {
    return env.origin.db
      .selectFrom('outbox')
      .select('id')
      .where('dedupe_key', '=', `receipt-email:${orderId}`)
      .execute();
  }

  it('creates the payment at Paytrail and completes the order once from its callback and the return', async () => {
    const key = `paytrail-once-${Date.now()}`;
    const answer = await initialize(key);
    expect(answer.statusCode, answer.body).toBe(201);
    const order = answer.json() as InitializedOrder;
    expect(order.paymentUrl).toMatch(new RegExp(`^${fake.url}/pay/`));
    const transaction = fake.transactions.get(transactionOf(order))!;
    expect(transaction).toMatchObject({ reference: order.orderId, amount: 8990, currency: 'EUR', language: 'SV' });
    expect(transaction.stamp.startsWith(order.paymentId)).toBe(true);
    expect(transaction.redirectUrls).toEqual({
      success: `${SITE_URL}/payment-return/paytrail`,
      cancel: `${SITE_URL}/payment-return/paytrail`,
    });
    expect(transaction.callbackUrls?.success).toBe(`${SITE_URL}/payment-callback/paytrail`);
    // A retried initialize (lost answer) gets the same page; Paytrail is not asked again.
    const created = fake.log.filter((line) => line === 'POST /payments 201').length;
    expect(((await initialize(key)).json() as InitializedOrder).paymentUrl).toBe(order.paymentUrl);
    expect(fake.log.filter((line) => line === 'POST /payments 201')).toHaveLength(created);

    const paid = fake.pay(transaction.transactionId, 'ok', 'nordea');
    const callback = await get(paid.callback);
    expect(callback.statusCode, callback.body).toBe(200);
    expect(callback.json()).toEqual({ orderId: order.orderId, status: 'paid' });
    expect(callback.headers['cache-control']).toBe('private, no-store');

    const result = resultOf(await get(paid.redirect));
    expect(result).toMatchObject({ orderId: order.orderId, paymentId: order.paymentId, status: 'approved' });
    const receipt = (await complete(result)).json() as OrderReceipt;
    expect(receipt).toMatchObject({ status: 'paid', paymentStatus: 'approved', paymentMethod: 'bank:nordea' });
    expect(receipt.alreadyCompleted).toBe(true);
    expect(receipt.items[0]!.washCodes).toHaveLength(5);

    // The payer reloads: the same result, the same receipt, nothing new.
    const again = (await complete(resultOf(await get(paid.redirect)))).json() as OrderReceipt;
    expect(again.alreadyCompleted).toBe(true);
    expect(again.items[0]!.washCodes).toEqual(receipt.items[0]!.washCodes);
    expect(await receiptMails(order.orderId)).toHaveLength(1);

    // The callback again (replayed): refused, nothing changes.
    const replayed = await get(paid.callback);
    expect(replayed.statusCode).toBe(409);
    expect(replayed.json()).toMatchObject({ code: 'REPLAYED' });
    expect(await receiptMails(order.orderId)).toHaveLength(1);
  });

  it('refuses a tampered return or callback and changes nothing', async () => {
    const order = (await initialize()).json() as InitializedOrder;
    const cancelled = fake.pay(transactionOf(order), 'fail');
    for (const [name, value] of [
      ['checkout-status', 'ok'],
      ['checkout-amount', '1'],
      ['checkout-stamp', `${order.paymentId}-00000000`],
      ['signature', 'a'.repeat(64)],
    ] as const) {
      for (const url of [cancelled.redirect, cancelled.callback]) {
        const refused = await get(tampered(url, name, value));
        expect(refused.statusCode, `${name} ${refused.body}`).toBe(400);
        expect(refused.json()).toMatchObject({ code: 'SIGNATURE_INVALID' });
      }
    }
    // Parameters that are not Paytrail's, or none: refused by the site before the origin.
    expect((await get(`${SITE_URL}/payment-return/paytrail`)).statusCode).toBe(400);
    expect((await get(tampered(cancelled.redirect, 'extra', 'x'))).statusCode).toBe(400);
    const payment = await env.origin.db
      .selectFrom('shop_payments')
      .select(['status', 'callback_at'])
      .where('id', '=', order.paymentId)
      .executeTakeFirstOrThrow();
    expect(payment).toEqual({ status: 'created', callback_at: null });
  });

  it('records a cancel, lets the payer pay after all, and refuses the old cancel replayed', async () => {
    const order = (await initialize()).json() as InitializedOrder;
    const cancelled = fake.pay(transactionOf(order), 'fail');
    const cancelResult = resultOf(await get(cancelled.redirect));
    expect(cancelResult.status).toBe('cancelled');
    const unpaid = (await complete(cancelResult)).json() as OrderReceipt;
    expect(unpaid).toMatchObject({ status: 'pending', paymentStatus: 'cancelled' });

    // Back on Paytrail's page, the payer pays: the money is taken, so the order is paid.
    const paid = fake.pay(transactionOf(order), 'ok', 'creditcard');
    const receipt = (await complete(resultOf(await get(paid.redirect)))).json() as OrderReceipt;
    expect(receipt).toMatchObject({ status: 'paid', paymentMethod: 'card:creditcard', alreadyCompleted: false });

    // The old cancel, presented again (its return or its callback), is refused.
    expect((await get(cancelled.redirect)).json()).toMatchObject({ code: 'REPLAYED' });
    expect((await get(cancelled.callback)).statusCode).toBe(409);
    // …and so is the cancelled result the shop had issued for it.
    expect((await complete(cancelResult)).json()).toMatchObject({ code: 'REPLAYED' });
  });

  it("refuses a genuine return of another payment's transaction", async () => {
    const first = (await initialize()).json() as InitializedOrder;
    const second = (await initialize()).json() as InitializedOrder;
    const other = fake.transactions.get(transactionOf(second))!;
    // Paytrail-signed parameters naming the first payment's stamp with the second's transaction.
    other.stamp = fake.transactions.get(transactionOf(first))!.stamp;
    other.reference = first.orderId;
    const swapped = fake.pay(other.transactionId, 'ok');
    expect((await get(swapped.redirect)).json()).toMatchObject({ code: 'REPLAYED' });
  });
});

forEachDatabase((database) => {
  describe.skipIf(database.skip !== undefined)(`Paytrail in the origin on ${database.name}`, () => {
    let origin: SeededOrigin;
    let fake: FakePaytrail;
    let app: FastifyInstance;
    let checkout: ReturnType<typeof shopCheckout>;

    beforeAll(async () => {
      fake = await startFakePaytrail();
      origin = await database.startOrigin('paytrail');
      app = buildOriginApp(origin.db, { env: paytrailEnv(fake) });
      await app.ready();
      checkout = shopCheckout(app);
    }, 120_000);
    afterAll(async () => {
      await app?.close();
      await database.stop();
      await fake?.close();
    });

    const items = [{ code: 'WASH-BASIC-10', quantity: 1 }];

    async function orderStatus(orderId: string) {
      return (
        await origin.db.selectFrom('shop_orders').select('status').where('id', '=', orderId).executeTakeFirstOrThrow()
      ).status;
    }

    /** Reconciliation as the origin runs it at start-up and on its interval. */
    async function reconcile() {
      const restarted = buildOriginApp(origin.db, { env: paytrailEnv(fake) });
      await restarted.ready();
      await restarted.close();
    }

    it('reconciliation asks Paytrail and completes a paid order whose return and callback never came, once', async () => {
      const answer = await checkout.initialize(await checkout.orderRequest(items));
      expect(answer.statusCode, answer.body).toBe(201);
      const order = answer.json() as InitializedOrder;
      const open = (await checkout.initialize(await checkout.orderRequest(items))).json() as InitializedOrder;
      fake.pay(new URL(order.paymentUrl).pathname.split('/').pop()!, 'ok', 'osuuspankki');
      expect(await orderStatus(order.orderId)).toBe('pending');

      await Promise.all([reconcile(), reconcile()]);
      expect(await orderStatus(order.orderId)).toBe('paid');
      expect(await orderStatus(open.orderId)).toBe('pending');
      expect(fake.log).toContain('GET /payments ok');
      expect(fake.log).toContain('GET /payments new');
      const codes = await origin.db
        .selectFrom('shop_wash_codes')
        .select('code')
        .where('order_id', '=', order.orderId)
        .execute();
      expect(codes).toHaveLength(10);
      const mails = await origin.db
        .selectFrom('outbox')
        .select('id')
        .where('dedupe_key', '=', `receipt-email:${order.orderId}`)
        .execute();
      expect(mails).toHaveLength(1);
    });

    it('answers 502 while Paytrail is down, keeps the order, and the retried checkout then gets its page', async () => {
      const request = await checkout.orderRequest(items);
      fake.mode = 'down';
      try {
        const failed = await checkout.initialize(request);
        expect(failed.statusCode).toBe(502);
        expect(failed.json()).toMatchObject({ code: 'PAYMENT_PROVIDER_UNAVAILABLE' });
        // Reconciliation while Paytrail is down: logged and tried again later, nothing lost.
        await reconcile();
      } finally {
        fake.mode = 'up';
      }
      const retried = await checkout.initialize(request);
      expect(retried.statusCode, retried.body).toBe(201);
      expect((retried.json() as InitializedOrder).paymentUrl).toMatch(new RegExp(`^${fake.url}/pay/`));
    });

    it('answers 502 when Paytrail is slower than PAYTRAIL_TIMEOUT_MS', async () => {
      fake.mode = 'slow';
      try {
        const answer = await checkout.initialize(await checkout.orderRequest(items));
        expect(answer.statusCode).toBe(502);
        expect(answer.json()).toMatchObject({ code: 'PAYMENT_PROVIDER_UNAVAILABLE' });
      } finally {
        fake.mode = 'up';
      }
    }, 20_000);

    it('does not start with PAYMENT_PROVIDER=paytrail and its settings missing, and names them', async () => {
      const incomplete = buildOriginApp(origin.db, { env: { PAYMENT_PROVIDER: 'paytrail' } });
      await expect(incomplete.ready()).rejects.toThrow(
        /PAYTRAIL_MERCHANT_ID: is required.*PAYTRAIL_SECRET: is required.*PAYTRAIL_SITE_URL: is required/,
      );
      await incomplete.close().catch(() => undefined);
    });

    it('refuses an answer from Paytrail whose signature does not match', async () => {
      const request = await checkout.orderRequest(items);
      fake.mode = 'forged';
      try {
        const answer = await checkout.initialize(request);
        expect(answer.statusCode).toBe(502);
        expect(answer.json()).toMatchObject({ code: 'PAYMENT_PROVIDER_UNAVAILABLE' });
      } finally {
        fake.mode = 'up';
      }
      const order = await origin.db
        .selectFrom('shop_orders')
        .innerJoin('shop_payments', 'shop_payments.order_id', 'shop_orders.id')
        .select(['shop_payments.provider_reference', 'shop_payments.provider_url'])
        .where('shop_orders.idempotency_key', '=', request.idempotencyKey)
        .executeTakeFirstOrThrow();
      expect(order).toEqual({ provider_reference: null, provider_url: null });
    });
  });
});
