/**
 * The shop's origin endpoints against a real SQLite file: cart validation, order
 * initialize and complete, the payment test gateway, signatures and the outbox.
 */
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCALE_INFO, LOCALES } from '#shared/locales';
import { formatPrice } from '#shared/shop/money';
import { readErrorBody } from '#shared/api/errors';
import type { InitializedOrder, OrderReceipt, ValidatedCart } from '#shared/shop/api-schema';
import type { Db } from '../../server/origin/db';
import { createDiscountCodesRepository } from '../../server/origin/shop/discount-codes-repository';
import { createProductsRepository } from '../../server/origin/shop/products-repository';
import { createTestGateway } from '../../server/origin/shop/payments/test-gateway';
import { createSessionsRepository } from '../../server/origin/auth/sessions-repository';
import { sql } from 'kysely';
import { startSeededOrigin, type SeededOrigin } from './support/seeded-origin';

let origin: SeededOrigin;
let db: Db;
let app: FastifyInstance;
let keySequence = 0;

beforeAll(async () => {
  origin = await startSeededOrigin('shop');
  ({ db, app } = origin);
});

afterAll(() => origin?.close());

function post(url: string, payload: unknown, headers: Record<string, string> = {}) {
  return app.inject({ method: 'POST', url, payload: payload as object, headers });
}

function expectApiError(response: LightMyRequestResponse, status: number, code?: string) {
  expect(response.statusCode, response.body).toBe(status);
  const body = readErrorBody(response.json());
  expect(body.status).toBe(status);
  if (code) expect(body.code).toBe(code);
  expect(body.message.length).toBeGreaterThan(0);
  return body;
}

const customer = {
  email: 'maija@example.com',
  firstname: 'Maija',
  lastname: 'Meikäläinen',
  telephonePrefix: 'FIN|358',
  telephoneNumber: '401234567',
  marketing: ['email'],
};

function nextKey(): string {
  keySequence += 1;
  return `test-key-${String(keySequence).padStart(8, '0')}-${Date.now()}`;
}

async function validate(payload: unknown, headers: Record<string, string> = {}) {
  return post('/digital-order/v1/cart/validate', payload, headers);
}

async function initialize(overrides: Record<string, unknown> = {}): Promise<InitializedOrder> {
  const items = (overrides.items as unknown[]) ?? [{ code: 'WASH-PREMIUM-5', quantity: 1 }];
  const cart = (
    await validate({ items, ...(overrides.discountCode ? { discountCode: overrides.discountCode } : {}) })
  ).json() as ValidatedCart;
  const response = await post('/digital-order/v1/orders/initialize', {
    idempotencyKey: nextKey(),
    items,
    customer,
    sendSms: true,
    payment: { type: 'card' },
    expectedTotal: cart.totals.totalWithTax,
    returnPath: '/kassa/maksu',
    ...overrides,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as InitializedOrder;
}

/** Plays the payer on the hosted page; answers the signed result the browser returns with. */
async function pay(order: InitializedOrder, action: 'approve' | 'decline' | 'cancel', method = 'card:visa') {
  const page = await app.inject({ method: 'GET', url: order.paymentUrl });
  expect(page.statusCode).toBe(200);
  expect(page.body).toContain('Nordea');
  const response = await app.inject({
    method: 'POST',
    url: order.paymentUrl,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ action, method }).toString(),
  });
  expect(response.statusCode).toBe(303);
  const location = new URL(response.headers.location as string, 'http://site.test');
  expect(location.pathname).toBe('/kassa/maksu');
  return Object.fromEntries(location.searchParams) as Record<string, string>;
}

async function outboxFor(orderId: string) {
  return db.selectFrom('outbox').selectAll().where('dedupe_key', 'like', `%${orderId}`).execute();
}

describe('shop: cart validation', () => {
  it('prices a cart with upsells, bundle members and totals in euros', async () => {
    const response = await validate({ items: [{ code: 'WASH-PREMIUM', quantity: 2, showUpsell: true }] });
    expect(response.statusCode, response.body).toBe(200);
    const cart = response.json() as ValidatedCart;
    expect(cart.items[0]!.product.code).toBe('WASH-PREMIUM');
    expect(cart.items[0]!.product.unitPrice).toBe(19.9);
    expect(cart.items[0]!.upsellProducts).toHaveLength(1);
    expect(cart.items[0]!.upsellProducts[0]!.product.bundleMembers).toEqual([
      { amount: 5, product: { code: 'WASH-PREMIUM', globalName: 'Täyspesu' } },
    ]);
    // 2 × 19.90 = 39.80; VAT 25.5 % included: 39.80 × 25.5 / 125.5 = 8.087 → 8.09.
    expect(cart.totals).toEqual({
      subtotal: 39.8,
      discount: 0,
      taxAmount: 8.09,
      totalWithTax: 39.8,
      totalWithoutTax: 31.71,
    });
  });

  it('offers no upsell when the item says showUpsell false, and names products in the locale', async () => {
    const response = await validate(
      { items: [{ code: 'WASH-PREMIUM', quantity: 1, showUpsell: false }] },
      { 'x-st1-locale': 'en-EU' },
    );
    const cart = response.json() as ValidatedCart;
    expect(cart.items[0]!.upsellProducts).toEqual([]);
    expect(cart.items[0]!.product.name).toBe('Full wash');
  });

  it.each(LOCALES)(
    '%s: prices in the currency the locale table shows, the one the catalog charges in (docs/shop.md)',
    async (locale) => {
      const response = await validate(
        { items: [{ code: 'WASH-PREMIUM', quantity: 1, showUpsell: false }] },
        { 'x-st1-locale': locale },
      );
      const cart = response.json() as ValidatedCart;
      const catalog = JSON.parse(await readFile('content/shop/catalog.json', 'utf8')) as { currency: string };
      expect(cart.currency).toBe(catalog.currency);
      expect(LOCALE_INFO[locale].shopCurrency).toBe(catalog.currency);
      expect(formatPrice(cart.totals.totalWithTax, locale)).toContain('€');
    },
  );

  it('applies a percentage discount code in any letter case', async () => {
    const cart = (
      await validate({ items: [{ code: 'WASH-BASIC', quantity: 3 }], discountCode: 'kevat10' })
    ).json() as ValidatedCart;
    // 29.70 − 10 % (2.97) = 26.73; VAT 26.73 × 255/1255 = 5.431 → 5.43.
    expect(cart.totals).toMatchObject({
      subtotal: 29.7,
      discount: 2.97,
      totalWithTax: 26.73,
      taxAmount: 5.43,
      totalWithoutTax: 21.3,
    });
    expect(cart.discountCode).toEqual({ code: 'KEVAT10', kind: 'percentage', value: 10 });
  });

  it('applies a fixed discount, never below zero', async () => {
    await createDiscountCodesRepository(db).insert({ code: 'BIG100', kind: 'fixed', value: 10_000 });
    const cart = (
      await validate({ items: [{ code: 'WASH-BASIC', quantity: 1 }], discountCode: 'BIG100' })
    ).json() as ValidatedCart;
    expect(cart.totals).toMatchObject({ discount: 9.9, totalWithTax: 0, taxAmount: 0 });
  });

  it.each([
    ['unknown product', { items: [{ code: 'NO-SUCH', quantity: 1 }] }, 422, 'UNKNOWN_PRODUCT', /NO-SUCH/],
    [
      'fractional quantity',
      { items: [{ code: 'WASH-BASIC', quantity: 1.5 }] },
      400,
      'BAD_REQUEST',
      /items\.0\.quantity/,
    ],
    ['zero quantity', { items: [{ code: 'WASH-BASIC', quantity: 0 }] }, 400, 'BAD_REQUEST', /quantity/],
    ['huge quantity', { items: [{ code: 'WASH-BASIC', quantity: 1000 }] }, 400, 'BAD_REQUEST', /quantity/],
    ['text quantity', { items: [{ code: 'WASH-BASIC', quantity: '2' }] }, 400, 'BAD_REQUEST', /quantity/],
    [
      'duplicate product',
      {
        items: [
          { code: 'WASH-BASIC', quantity: 1 },
          { code: 'WASH-BASIC', quantity: 2 },
        ],
      },
      400,
      'DUPLICATE_PRODUCT',
      /WASH-BASIC/,
    ],
    [
      'unknown discount',
      { items: [{ code: 'WASH-BASIC', quantity: 1 }], discountCode: 'NOPE' },
      422,
      'DISCOUNT_UNKNOWN',
      /NOPE/,
    ],
    [
      'expired discount',
      { items: [{ code: 'WASH-BASIC', quantity: 1 }], discountCode: 'TALVI2025' },
      422,
      'DISCOUNT_EXPIRED',
      /expired/,
    ],
    ['bad e-mail', { items: [], customerEmail: 'not-an-email' }, 400, 'BAD_REQUEST', /customerEmail/],
    ['no items', {}, 400, 'BAD_REQUEST', /items/],
  ])('answers a %s with a clear error', async (_name, payload, status, code, message) => {
    const body = expectApiError(await validate(payload), status, code);
    expect(body.message).toMatch(message);
  });

  it('names the refused products in `codes`, so that the browser drops only those lines', async () => {
    const response = await validate({
      items: [
        { code: 'WASH-BASIC', quantity: 1 },
        { code: 'NO-SUCH', quantity: 1 },
        { code: 'GONE-TOO', quantity: 2 },
      ],
    });
    expectApiError(response, 422, 'UNKNOWN_PRODUCT');
    expect((response.json() as { codes?: unknown }).codes).toEqual(['NO-SUCH', 'GONE-TOO']);
  });

  it('answers a body that is not JSON with a 400', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/digital-order/v1/cart/validate',
      headers: { 'content-type': 'application/json' },
      payload: '{"items": [',
    });
    expectApiError(response, 400);
  });

  it('rejects a discount code that is not valid yet and one used up', async () => {
    const discounts = createDiscountCodesRepository(db);
    await discounts.insert({ code: 'FUTURE1', kind: 'percentage', value: 500, validFrom: '2099-01-01T00:00:00Z' });
    await discounts.insert({ code: 'ONCE1', kind: 'fixed', value: 100, usageLimit: 1 });
    expectApiError(
      await validate({ items: [{ code: 'WASH-BASIC', quantity: 1 }], discountCode: 'FUTURE1' }),
      422,
      'DISCOUNT_NOT_YET_VALID',
    );
    expect(await discounts.countUse('ONCE1')).toBe('within-limit');
    expectApiError(
      await validate({ items: [{ code: 'WASH-BASIC', quantity: 1 }], discountCode: 'ONCE1' }),
      422,
      'DISCOUNT_USED_UP',
    );
  });
});

describe('shop: orders', () => {
  it('initializes idempotently: the same key and body give the same order', async () => {
    const items = [{ code: 'WASH-PLUS', quantity: 1 }];
    const body = {
      idempotencyKey: nextKey(),
      items,
      customer,
      payment: { type: 'bank', bank: 'nordea' },
      expectedTotal: 14.9,
      returnPath: '/en-EU/checkout/payment',
    };
    const first = await post('/digital-order/v1/orders/initialize', body);
    const second = await post('/digital-order/v1/orders/initialize', body);
    expect(first.statusCode, first.body).toBe(201);
    expect(second.json()).toEqual(first.json());
    const different = await post('/digital-order/v1/orders/initialize', {
      ...body,
      items: [{ code: 'WASH-PLUS', quantity: 2 }],
      expectedTotal: 29.8,
    });
    expectApiError(different, 409, 'IDEMPOTENCY_KEY_REUSED');
  });

  it('refuses an order whose price changed after validation', async () => {
    const items = [{ code: 'WASH-BASIC-10', quantity: 1 }];
    const cart = (await validate({ items })).json() as ValidatedCart;
    await createProductsRepository(db).setPrice('WASH-BASIC-10', 8490);
    try {
      const response = await post('/digital-order/v1/orders/initialize', {
        idempotencyKey: nextKey(),
        items,
        customer,
        payment: { type: 'card' },
        expectedTotal: cart.totals.totalWithTax,
        returnPath: '/kassa/maksu',
      });
      expect(expectApiError(response, 409, 'PRICE_CHANGED').message).toMatch(/84\.90/);
    } finally {
      await createProductsRepository(db).setPrice('WASH-BASIC-10', 7990);
    }
  });

  it.each([
    ['missing customer', { customer: undefined }, /customer/],
    ['open redirect return path', { returnPath: '//evil.example/x' }, /returnPath/],
    ['absolute return path', { returnPath: 'https://evil.example/' }, /returnPath/],
    ['bad phone', { customer: { ...customer, telephoneNumber: '12ab' } }, /telephoneNumber/],
    // The one phone rule of every form: digits alone are not enough, they must be a
    // possible number of the prefix's country, as in My details.
    ['impossible phone', { customer: { ...customer, telephoneNumber: '1234' } }, /telephoneNumber/],
    [
      'phone of another length',
      { customer: { ...customer, telephonePrefix: 'NO|47', telephoneNumber: '401234567' } },
      /telephoneNumber/,
    ],
    ['unknown bank', { payment: { type: 'bank', bank: 'fakebank' } }, /payment\.bank/],
    ['short idempotency key', { idempotencyKey: 'x' }, /idempotencyKey/],
    ['empty cart', { items: [] }, /cart is empty/],
  ])('answers %s with a 400 naming it', async (_name, override, message) => {
    const response = await post('/digital-order/v1/orders/initialize', {
      idempotencyKey: nextKey(),
      items: [{ code: 'WASH-BASIC', quantity: 1 }],
      customer,
      payment: { type: 'card' },
      expectedTotal: 9.9,
      returnPath: '/kassa/maksu',
      ...override,
    });
    expect(expectApiError(response, 400).message).toMatch(message);
  });

  it('completes an approved card payment once, with ST1- codes and receipt e-mail and SMS in the outbox', async () => {
    const order = await initialize({
      items: [
        { code: 'WASH-PREMIUM-5', quantity: 1 },
        { code: 'GIFT-PREMIUM', quantity: 2 },
      ],
    });
    const result = await pay(order, 'approve');
    // The gateway's callback reached the origin before the browser came back.
    const afterCallback = await db
      .selectFrom('shop_orders')
      .select('status')
      .where('id', '=', order.orderId)
      .executeTakeFirstOrThrow();
    expect(afterCallback.status).toBe('paid');

    const response = await post('/digital-order/v1/orders/complete', result);
    expect(response.statusCode, response.body).toBe(200);
    const receipt = response.json() as OrderReceipt;
    expect(receipt).toMatchObject({
      orderId: order.orderId,
      status: 'paid',
      paymentStatus: 'approved',
      alreadyCompleted: true,
    });
    expect(receipt.items[0]!.washCodes).toHaveLength(5);
    expect(receipt.items[1]!.washCodes).toHaveLength(2);
    for (const code of receipt.items.flatMap((item) => item.washCodes)) expect(code).toMatch(/^ST1-\d{12}$/);

    // Reloading the receipt page presents the same result again: same codes, nothing new.
    const again = (await post('/digital-order/v1/orders/complete', result)).json() as OrderReceipt;
    expect(again.items).toEqual(receipt.items);
    const outbox = await outboxFor(order.orderId);
    expect(outbox.map((row) => row.channel).sort()).toEqual(['email', 'sms']);
    const email = outbox.find((row) => row.channel === 'email')!;
    expect(email.recipient).toBe('maija@example.com');
    expect(email.body).toContain(receipt.items[0]!.washCodes[0]);
    expect(outbox.find((row) => row.channel === 'sms')!.recipient).toBe('+358401234567');

    const check = await post('/digital-order/v1/wash-codes/check', {
      code: receipt.items[0]!.washCodes[0]!.slice(4).replace(/(\d{4})/g, '$1 '),
    });
    expect(check.json()).toEqual({ code: receipt.items[0]!.washCodes[0], status: 'valid' });
  });

  it('leaves a declined bank payment pending with no codes, and a cancelled one too', async () => {
    for (const action of ['decline', 'cancel'] as const) {
      const order = await initialize({ payment: { type: 'bank', bank: 'op' } });
      const result = await pay(order, action, 'bank:op');
      const receipt = (await post('/digital-order/v1/orders/complete', result)).json() as OrderReceipt;
      expect(receipt).toMatchObject({
        status: 'pending',
        paymentStatus: action === 'decline' ? 'declined' : 'cancelled',
        paidAt: null,
      });
      expect(receipt.items.flatMap((item) => item.washCodes)).toEqual([]);
      expect(await outboxFor(order.orderId)).toEqual([]);
    }
  });

  it('spends a discount use only when the order is paid: a declined or cancelled payment leaves a one-use code usable', async () => {
    const discounts = createDiscountCodesRepository(db);
    await discounts.insert({ code: 'YKSI1', kind: 'fixed', value: 200, usageLimit: 1 });
    const items = [{ code: 'WASH-BASIC', quantity: 1 }];
    for (const action of ['decline', 'cancel'] as const) {
      const order = await initialize({ items, discountCode: 'yksi1' });
      expect(order.totals.discount).toBe(2);
      const result = await pay(order, action);
      expect((await post('/digital-order/v1/orders/complete', result)).json()).toMatchObject({ status: 'pending' });
      expect((await discounts.find('YKSI1'))?.usedCount).toBe(0);
    }
    // The first checkout reserves the use while its payment is open: a second is refused
    // (tests/integration/shop-discount-reservations.test.ts has the races and expiry).
    const first = await initialize({ items, discountCode: 'YKSI1' });
    expectApiError(
      await post('/digital-order/v1/orders/initialize', {
        idempotencyKey: nextKey(),
        items,
        discountCode: 'YKSI1',
        customer,
        sendSms: false,
        payment: { type: 'card' },
        expectedTotal: 7.9,
        returnPath: '/kassa/maksu',
      }),
      422,
      'DISCOUNT_USED_UP',
    );
    const approved = await pay(first, 'approve');
    const paid = (await post('/digital-order/v1/orders/complete', approved)).json() as OrderReceipt;
    expect(paid).toMatchObject({ status: 'paid', totals: { discount: 2 } });
    expect((await discounts.find('YKSI1'))?.usedCount).toBe(1);
    // Presenting the result again (a reload of the receipt) spends nothing more.
    expect((await post('/digital-order/v1/orders/complete', approved)).json()).toMatchObject({
      alreadyCompleted: true,
    });
    expect((await discounts.find('YKSI1'))?.usedCount).toBe(1);
    expectApiError(await validate({ items, discountCode: 'YKSI1' }), 422, 'DISCOUNT_USED_UP');
    const refused = await post('/digital-order/v1/orders/initialize', {
      idempotencyKey: nextKey(),
      items,
      discountCode: 'YKSI1',
      customer,
      sendSms: false,
      payment: { type: 'card' },
      expectedTotal: 7.9,
      returnPath: '/kassa/maksu',
    });
    expectApiError(refused, 422, 'DISCOUNT_USED_UP');
  });

  it('honours an order paid over the limit (a payment made before payments expired), and counts both uses', async () => {
    const discounts = createDiscountCodesRepository(db);
    await discounts.insert({ code: 'KAKSI1', kind: 'fixed', value: 100, usageLimit: 1 });
    const items = [{ code: 'WASH-BASIC', quantity: 1 }];
    const legacy = await initialize({ items, discountCode: 'KAKSI1' });
    // Payments made before migration 007 have no end and reserve nothing.
    await sql`update shop_payments set expires_at = null where id = ${legacy.paymentId}`.execute(db);
    const orders = [legacy, await initialize({ items, discountCode: 'KAKSI1' })];
    for (const order of orders) {
      const receipt = (
        await post('/digital-order/v1/orders/complete', await pay(order, 'approve'))
      ).json() as OrderReceipt;
      // The customer saw and paid the discounted price: the order is not refused afterwards.
      expect(receipt).toMatchObject({ status: 'paid', totals: { discount: 1 } });
    }
    expect((await discounts.find('KAKSI1'))?.usedCount).toBe(2);
  });

  it('rejects a tampered result: another status, amount of codes or order', async () => {
    const order = await initialize();
    const result = await pay(order, 'decline');
    expectApiError(
      await post('/digital-order/v1/orders/complete', { ...result, status: 'approved' }),
      400,
      'SIGNATURE_INVALID',
    );
    const other = await initialize();
    expectApiError(
      await post('/digital-order/v1/orders/complete', { ...result, orderId: other.orderId }),
      400,
      'SIGNATURE_INVALID',
    );
    const flipped = result.signature!.replace(/^./, (char) => (char === 'a' ? 'b' : 'a'));
    expectApiError(
      await post('/digital-order/v1/orders/complete', { ...result, signature: flipped }),
      400,
      'SIGNATURE_INVALID',
    );
    expectApiError(await post('/digital-order/v1/orders/complete', { ...result, signature: 'zz' }), 400, 'BAD_REQUEST');
  });

  it('rejects a replayed callback and a result from another payment of the gateway', async () => {
    const order = await initialize();
    const result = await pay(order, 'approve');
    // The gateway already delivered this callback once.
    expectApiError(await post('/digital-order/v1/payments/callback', result), 409, 'REPLAYED');
    // A second submit of the hosted page does not make a second result.
    const resubmit = await app.inject({
      method: 'POST',
      url: order.paymentUrl,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'action=decline&method=card%3Avisa',
    });
    const location = new URL(resubmit.headers.location as string, 'http://site.test');
    expect(location.searchParams.get('status')).toBe('approved');
    expect(location.searchParams.get('nonce')).toBe(result.nonce);
  });

  it('issues exactly one set of codes under 100 concurrent completes of one order', async () => {
    const order = await initialize({ items: [{ code: 'WASH-BASIC-10', quantity: 2 }] });
    // The payer approves at the gateway, and no callback has come yet: 99 browser returns
    // and one callback race to complete the pending order.
    const result = (await createTestGateway(db).decide(order.paymentId, { status: 'approved', method: 'card:visa' }))!;
    const answers = await Promise.all(
      Array.from({ length: 100 }, (_, index) =>
        post(index === 50 ? '/digital-order/v1/payments/callback' : '/digital-order/v1/orders/complete', result),
      ),
    );
    expect(answers.every((answer) => answer.statusCode === 200)).toBe(true);
    const codes = await db.selectFrom('shop_wash_codes').select('code').where('order_id', '=', order.orderId).execute();
    expect(codes).toHaveLength(20);
    const receipts = answers.filter((_, index) => index !== 50).map((answer) => answer.json() as OrderReceipt);
    expect(receipts.filter((receipt) => !receipt.alreadyCompleted)).toHaveLength(1);
    expect(new Set(receipts.map((receipt) => receipt.items[0]!.washCodes.join()))).toEqual(
      new Set([
        codes
          .map((row) => row.code)
          .sort()
          .join(),
      ]),
    );
    expect((await outboxFor(order.orderId)).filter((row) => row.channel === 'email')).toHaveLength(1);
  });

  it('rejects a changed timestamp, and a genuine result older than its lifetime', async () => {
    const order = await initialize();
    const result = await pay(order, 'approve');
    const old = { ...result, timestamp: String(Number(result.timestamp) - 2 * 60 * 60 * 1000) };
    expectApiError(await post('/digital-order/v1/orders/complete', old), 400, 'SIGNATURE_INVALID');
    const stale = await initialize();
    const decidedLongAgo = (await createTestGateway(db).decide(
      stale.paymentId,
      { status: 'approved', method: 'card:visa' },
      new Date(Date.now() - 2 * 60 * 60 * 1000),
    ))!;
    expectApiError(await post('/digital-order/v1/orders/complete', decidedLongAgo), 400, 'SIGNATURE_EXPIRED');
  });

  it('answers the wash code check: unknown, valid and used', async () => {
    expect((await post('/digital-order/v1/wash-codes/check', { code: '123' })).json()).toEqual({
      code: 'ST1-123',
      status: 'unknown',
    });
    const order = await initialize({ items: [{ code: 'WASH-BASIC', quantity: 1 }] });
    const receipt = (
      await post('/digital-order/v1/orders/complete', await pay(order, 'approve'))
    ).json() as OrderReceipt;
    const code = receipt.items[0]!.washCodes[0]!;
    expect((await post('/digital-order/v1/wash-codes/redeem', { code: code.toLowerCase() })).statusCode).toBe(200);
    expect((await post('/digital-order/v1/wash-codes/check', { code })).json()).toEqual({ code, status: 'used' });
    // The spec §5 rule is applied once, here: what the customer typed, prefix or not (it once added 'ST1-' twice).
    for (const typed of ['abc', 'ST1-ABC', 'st1-abc'])
      expect((await post('/digital-order/v1/wash-codes/check', { code: typed })).json()).toEqual({
        code: 'ST1-ABC',
        status: 'unknown',
      });
    expect(
      (await post('/digital-order/v1/wash-codes/check', { code: `st1-${code.slice(4, 8)} ${code.slice(8)}` })).json(),
    ).toEqual({
      code,
      status: 'used',
    });
    expectApiError(await post('/digital-order/v1/wash-codes/redeem', { code }), 409, 'WASH_CODE_USED');
    expectApiError(await post('/digital-order/v1/wash-codes/check', {}), 400);
  });

  it("links a signed-in customer's order to the account, and a guest's to none", async () => {
    const account = await sql<{ id: string }>`select id from customers limit 1`.execute(db);
    const customerId = account.rows[0]?.id;
    expect(customerId, 'the seed has a demo customer').toBeTruthy();
    const { token } = await createSessionsRepository(db).create(customerId!);
    const items = [{ code: 'WASH-BASIC', quantity: 1 }];
    const body = (key: string) => ({
      idempotencyKey: key,
      items,
      customer,
      payment: { type: 'card' },
      expectedTotal: 9.9,
      returnPath: '/kassa/maksu',
    });
    const signedIn = await post('/digital-order/v1/orders/initialize', body(nextKey()), {
      authorization: `Bearer ${token}`,
    });
    const guest = await post('/digital-order/v1/orders/initialize', body(nextKey()), {
      authorization: 'Bearer not-a-live-session-token-000',
    });
    expect(signedIn.statusCode, signedIn.body).toBe(201);
    expect(guest.statusCode, guest.body).toBe(201);
    const rows = await db
      .selectFrom('shop_orders')
      .select(['id', 'customer_id'])
      .where('id', 'in', [(signedIn.json() as InitializedOrder).orderId, (guest.json() as InitializedOrder).orderId])
      .execute();
    expect(Object.fromEntries(rows.map((row) => [row.id, row.customer_id]))).toEqual({
      [(signedIn.json() as InitializedOrder).orderId]: customerId,
      [(guest.json() as InitializedOrder).orderId]: null,
    });
  });

  it('serves product prices for the shop blocks', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/digital-order/v1/products?codes=WASH-BASIC,NOPE,WASH-PREMIUM-5',
    });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json() as { items: Array<{ code: string; unitPrice: number }> };
    expect(body.items.map((item) => [item.code, item.unitPrice])).toEqual([
      ['WASH-BASIC', 9.9],
      ['WASH-PREMIUM-5', 89.9],
    ]);
    expectApiError(await app.inject({ method: 'GET', url: '/digital-order/v1/products?codes=a%20b' }), 400);
  });
});

describe("the test gateway offers the banks of the customer's country", () => {
  async function initializeIn(locale: string, bank: string) {
    const items = [{ code: 'WASH-PREMIUM', quantity: 1 }];
    const headers = { 'x-st1-locale': locale };
    const cart = (await validate({ items }, headers)).json() as ValidatedCart;
    return post(
      '/digital-order/v1/orders/initialize',
      {
        idempotencyKey: nextKey(),
        items,
        customer,
        payment: { type: 'bank', bank },
        expectedTotal: cart.totals.totalWithTax,
        returnPath: '/kassa/maksu',
      },
      headers,
    );
  }

  it.each([
    ['fi-FI', 'op', ['OP', 'S-Pankki', 'Nordea'], ['Swedbank', 'DNB']],
    ['en-EU', 'aktia', ['OP', 'Aktia'], ['SEB', 'DNB']],
    ['sv-SE', 'swedbank', ['Swedbank', 'SEB', 'Handelsbanken', 'Nordea'], ['OP', 'S-Pankki', 'DNB']],
    ['no-NO', 'dnb', ['DNB', 'SpareBank 1', 'Nordea'], ['OP', 'Swedbank']],
  ])('%s: a bank of the country pays; the page lists only its banks', async (locale, bank, offered, absent) => {
    const response = await initializeIn(locale, bank);
    expect(response.statusCode, response.body).toBe(201);
    const page = await app.inject({ method: 'GET', url: (response.json() as InitializedOrder).paymentUrl });
    for (const name of offered) expect(page.body).toContain(`> ${name}</label>`);
    for (const name of absent) expect(page.body).not.toContain(`> ${name}</label>`);
  });

  it('refuses a bank of another country with a 400 naming payment.bank', async () => {
    const response = await initializeIn('sv-SE', 'op');
    const body = expectApiError(response, 400, 'BAD_REQUEST');
    expect(body.message).toMatch(/payment\.bank: op is not offered in sv-SE/);
  });
});

describe('the phone is needed only for text messages', () => {
  const withoutPhone = { ...customer, telephoneNumber: '', marketing: ['email'] };

  it('takes an order without a phone when no text message is wanted', async () => {
    const order = await initialize({ customer: withoutPhone, sendSms: false });
    expect(order.orderId).toMatch(/^ORD-/);
  });

  it.each([
    ['the wash codes by SMS', { sendSms: true, customer: withoutPhone }],
    ['SMS marketing', { sendSms: false, customer: { ...withoutPhone, marketing: ['sms'] } }],
  ])('refuses an order without a phone when it wants %s', async (_name, overrides) => {
    const items = [{ code: 'WASH-PREMIUM-5', quantity: 1 }];
    const cart = (await validate({ items })).json() as ValidatedCart;
    const response = await post('/digital-order/v1/orders/initialize', {
      idempotencyKey: nextKey(),
      items,
      payment: { type: 'card' },
      expectedTotal: cart.totals.totalWithTax,
      returnPath: '/kassa/maksu',
      ...overrides,
    });
    const body = expectApiError(response, 400);
    expect(body.message).toMatch(/customer\.telephoneNumber/);
  });
});
