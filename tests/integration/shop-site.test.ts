/**
 * The shop through the site server (real origin on a temp SQLite file, production build):
 * the proxied digital-order calls and the hosted payment page under /payment-gateway.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InitializedOrder, OrderReceipt } from '#shared/shop/api-schema';
import type { RunningOrigin } from '../../server/origin/start';
import { requireProductionBuild, startSiteWithOrigin, type SiteWithOrigin } from './support/site-with-origin';

requireProductionBuild('tests/integration/shop-site.test.ts');

let env: SiteWithOrigin;
let origin: RunningOrigin;
let app: FastifyInstance;

beforeAll(async () => {
  env = await startSiteWithOrigin('shop-site');
  origin = env.origin;
  app = await env.site();
});

afterAll(() => env?.close());

const json = { 'content-type': 'application/json' };
/** What the browser sends with a same-origin fetch POST (the CSRF check of docs/accounts.md). */
const sameSite = { ...json, host: 'localhost', origin: 'http://localhost', 'x-st1-locale': 'fi-FI' };

describe('shop through the site server', () => {
  it('pays an order on the proxied gateway page; the callback and the browser complete it once', async () => {
    const items = [{ code: 'WASH-PREMIUM-5', quantity: 1 }];
    const initialized = await app.inject({
      method: 'POST',
      url: '/proxy/digital-order/v1/orders/initialize',
      headers: { ...sameSite, 'x-st1-locale': 'sv-SE' },
      payload: {
        idempotencyKey: 'site-test-0000000000000001',
        items,
        customer: {
          email: 'guest@example.com',
          firstname: 'Guest',
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
    expect(initialized.statusCode, initialized.body).toBe(201);
    const order = initialized.json() as InitializedOrder;
    expect(order.paymentUrl).toMatch(/^\/payment-gateway\/pay\/PAY-/);

    const pageResponse = await app.inject({ method: 'GET', url: order.paymentUrl });
    expect(pageResponse.statusCode).toBe(200);
    expect(pageResponse.headers['content-type']).toMatch(/text\/html/);
    expect(pageResponse.headers['content-security-policy']).toContain("form-action 'self'");
    expect(pageResponse.body).toContain('lang="sv-SE"');
    expect(pageResponse.body).toMatch(/value="bank:nordea" checked/);
    const css = await app.inject({ method: 'GET', url: '/payment-gateway/gateway.css' });
    expect(css.headers['content-type']).toMatch(/text\/css/);

    // The origin's callback to itself is real HTTP here: the origin listens.
    const approved = await app.inject({
      method: 'POST',
      url: order.paymentUrl,
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: 'st1_session=should-not-pass' },
      payload: 'action=approve&method=bank%3Anordea',
    });
    expect(approved.statusCode).toBe(303);
    const location = new URL(approved.headers.location as string, 'http://site.test');
    expect(location.pathname).toBe('/sv-SE/kassa/bekraftelse');
    const result = Object.fromEntries(location.searchParams);
    const completed = await app.inject({
      method: 'POST',
      url: '/proxy/digital-order/v1/orders/complete',
      headers: sameSite,
      payload: { ...result, timestamp: Number(result.timestamp) },
    });
    const receipt = completed.json() as OrderReceipt;
    expect(receipt).toMatchObject({ status: 'paid', paymentStatus: 'approved', paymentMethod: 'bank:nordea' });
    // The callback got there first; the browser's call changed nothing.
    expect(receipt.alreadyCompleted).toBe(true);
    expect(receipt.items[0]!.washCodes).toHaveLength(5);

    const check = await app.inject({
      method: 'POST',
      url: '/proxy/digital-order/v1/wash-codes/check',
      headers: sameSite,
      payload: { code: receipt.items[0]!.washCodes[0] },
    });
    expect(check.json()).toMatchObject({ status: 'valid' });
  });

  it('does not reach the callback, the redeem endpoint or other gateway paths from the browser', async () => {
    for (const [method, url] of [
      ['POST', '/proxy/digital-order/v1/payments/callback'],
      ['POST', '/proxy/digital-order/v1/wash-codes/redeem'],
      ['GET', '/payment-gateway/pay/PAY-0000000000000000/more'],
      ['GET', '/payment-gateway/anything'],
      ['GET', '/payment-gateway/pay/PAY-lowercase0000'],
    ] as const) {
      const response = await app.inject({
        method,
        url,
        headers: sameSite,
        ...(method === 'POST' ? { payload: {} } : {}),
      });
      expect(response.statusCode, `${method} ${url}`).toBe(404);
    }
  });

  it('refuses proxied POSTs without the same-site signs (CSRF) before the origin is asked', async () => {
    const countOrders = async () =>
      Number(
        (
          await origin.db
            .selectFrom('shop_orders')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirst()
        )?.n,
      );
    const ordersBefore = await countOrders();
    const initialize = {
      idempotencyKey: 'site-test-csrf-000000000001',
      items: [{ code: 'WASH-BASIC', quantity: 1 }],
      customer: {
        email: 'victim@example.com',
        firstname: 'Victim',
        lastname: 'Buyer',
        telephonePrefix: 'FIN|358',
        telephoneNumber: '401234567',
        marketing: [],
      },
      payment: { type: 'card' },
      expectedTotal: 9.9,
      returnPath: '/kassa/vahvistus',
    };
    const endpoints = {
      'orders/initialize': initialize,
      'orders/complete': { orderId: 'ORD-1', paymentId: 'PAY-1', status: 'approved', signature: 'x' },
      'cart/validate': { items: [{ code: 'WASH-BASIC', quantity: 1 }] },
      'wash-codes/check': { code: 'ST1-123456789012' },
    };
    const { 'x-st1-locale': _locale, ...withoutLocale } = sameSite;
    const { origin: _origin, ...withoutOrigin } = sameSite;
    const refusals: Array<[string, Record<string, string>]> = [
      ['no Origin', withoutOrigin],
      ['another Origin', { ...sameSite, origin: 'https://evil.example' }],
      ['an Origin with another port', { ...sameSite, origin: 'http://localhost:8080' }],
      ['no x-st1-locale', withoutLocale],
      ['a cross-site fetch', { ...sameSite, 'sec-fetch-site': 'cross-site' }],
    ];
    for (const [endpoint, payload] of Object.entries(endpoints)) {
      for (const [why, headers] of refusals) {
        const response = await app.inject({
          method: 'POST',
          url: `/proxy/digital-order/v1/${endpoint}`,
          headers,
          payload,
        });
        expect(response.statusCode, `${endpoint} with ${why}`).toBe(403);
        expect(response.json(), `${endpoint} with ${why}`).toMatchObject({ code: 'FORBIDDEN' });
      }
    }
    // A bad locale is a 400, as on the account APIs.
    const badLocale = await app.inject({
      method: 'POST',
      url: '/proxy/digital-order/v1/cart/validate',
      headers: { ...sameSite, 'x-st1-locale': 'de-DE' },
      payload: endpoints['cart/validate'],
    });
    expect(badLocale.statusCode).toBe(400);
    expect(await countOrders()).toBe(ordersBefore);

    // The same requests with the browser's same-origin headers go through; GETs still
    // default the locale (spec §7).
    const validated = await app.inject({
      method: 'POST',
      url: '/proxy/digital-order/v1/cart/validate',
      headers: sameSite,
      payload: endpoints['cart/validate'],
    });
    expect(validated.statusCode, validated.body).toBe(200);
    const products = await app.inject({ method: 'GET', url: '/proxy/digital-order/v1/products?codes=WASH-BASIC' });
    expect(products.statusCode).toBe(200);
  });

  it('limits wash-code checks per client address', async () => {
    const check = (remoteAddress: string, code = 'ST1-000000000000') =>
      app.inject({
        method: 'POST',
        url: '/proxy/digital-order/v1/wash-codes/check',
        headers: sameSite,
        payload: { code },
        remoteAddress,
      });
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 30; attempt += 1) statuses.push((await check('10.20.0.1')).statusCode);
    expect(new Set(statuses)).toEqual(new Set([200]));
    const refused = await check('10.20.0.1');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ status: 429, code: 'TOO_MANY_REQUESTS' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Another address is not affected, nor are the other shop calls of the same address.
    expect((await check('10.20.0.2')).statusCode).toBe(200);
    const validate = await app.inject({
      method: 'POST',
      url: '/proxy/digital-order/v1/cart/validate',
      headers: sameSite,
      payload: { items: [{ code: 'WASH-BASIC', quantity: 1 }] },
      remoteAddress: '10.20.0.1',
    });
    expect(validate.statusCode).toBe(200);
  });

  it('answers malformed shop requests through the proxy with clear 4xx errors', async () => {
    const notJson = await app.inject({
      method: 'POST',
      url: '/proxy/digital-order/v1/cart/validate',
      headers: sameSite,
      payload: '{"items":',
    });
    expect(notJson.statusCode).toBe(400);
    const badQuantity = await app.inject({
      method: 'POST',
      url: '/proxy/digital-order/v1/cart/validate',
      headers: sameSite,
      payload: { items: [{ code: 'WASH-BASIC', quantity: -1 }] },
    });
    expect(badQuantity.statusCode).toBe(400);
    expect(badQuantity.json().message).toMatch(/items\.0\.quantity/);
    const unknownPayment = await app.inject({ method: 'GET', url: '/payment-gateway/pay/PAY-0000000000000000' });
    expect(unknownPayment.statusCode).toBe(404);
    const badDecision = await app.inject({
      method: 'POST',
      url: '/payment-gateway/pay/PAY-0000000000000000',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'action=steal',
    });
    expect(badDecision.statusCode).toBe(400);
  });
});
