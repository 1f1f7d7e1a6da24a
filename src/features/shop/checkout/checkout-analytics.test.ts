/**
 * When the shop's page-level analytics events fire (docs/shop.md "Analytics"), with a
 * stubbed window data layer and analytics consent: view_cart and begin_checkout once the
 * saved cart is read and not empty; add_payment_info only once an order exists;
 * purchase once per order, also when the receipt is reloaded. And what "Go to payment"
 * does when the cart's total changed after the customer saw it.
 */
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { OrderReceipt, ValidatedCart } from '#shared/shop/api-schema';
import { resetAnalyticsConsentForTests, setAnalyticsConsent } from '@/ui/analytics-gate';
import { trackCartStep } from '../analytics';
import { createCartStorage, type CartStorage } from '../cart/cart-storage';
import type { Cart } from '../cart/cart-store';
import type { CartState, ProductInput } from '../cart/cart-types';
import { testCart } from '../cart/cart-test-support';
import { checkout } from './checkout-store';
import { readPendingOrder } from './pending-order';
import { trackPurchaseOnce } from './purchase-analytics';
import { startPayment } from './start-payment';

/** A fresh cart per test, over its own IndexedDB connection. */
let storage: CartStorage;
let service: Cart;
let cart: CartState;
const addToCart = (product: ProductInput) => service.add(product);

class MemoryStorage {
  private data = new Map<string, string>();
  getItem = (key: string) => this.data.get(key) ?? null;
  setItem = (key: string, value: string) => void this.data.set(key, value);
  removeItem = (key: string) => void this.data.delete(key);
  clear = () => this.data.clear();
}

class FakeWindow extends EventTarget {
  localStorage = new MemoryStorage();
  sessionStorage = new MemoryStorage();
  dataLayer?: Array<Record<string, unknown>>;
}

const PRICE = 19.9;

/** The origin as far as the checkout needs it: cart/validate and orders/initialize. */
function fakeOrigin() {
  const state = {
    initialize: 'ok' as 'ok' | 'price-changed' | 'network' | 'provider-down',
    orders: 0,
    /** The catalog's price now; changed by a test between the page's check and "Go to payment". */
    price: PRICE,
    expectedTotals: [] as number[],
  };
  const fetchImpl = vi.fn(async (url: string, init: RequestInit) => {
    const body = JSON.parse(String(init.body)) as {
      items: Array<{ code: string; quantity: number }>;
      expectedTotal?: number;
    };
    const total = body.items.reduce((sum, item) => sum + state.price * item.quantity, 0);
    const totals = { subtotal: total, discount: 0, taxAmount: 0, totalWithTax: total, totalWithoutTax: total };
    if (url.endsWith('/cart/validate')) {
      const answer: ValidatedCart = {
        items: body.items.map((item) => ({
          quantity: item.quantity,
          product: {
            code: item.code,
            name: 'Täyspesu',
            attributes: { product_name: 'Täyspesu', price: state.price, tax_class: ['FI_VAT_25_5'], currency: ['EUR'] },
            unitPrice: state.price,
            taxPercentage: 25.5,
            bundleMembers: [],
            showUpsell: false,
          },
          upsellProducts: [],
        })),
        totals,
        discountCode: null,
        currency: 'EUR',
      };
      return Response.json(answer);
    }
    if (url.endsWith('/orders/initialize')) {
      state.expectedTotals.push(body.expectedTotal!);
      if (state.initialize === 'network') throw new TypeError('Failed to fetch');
      if (state.initialize === 'provider-down')
        return Response.json(
          { status: 502, code: 'PAYMENT_PROVIDER_UNAVAILABLE', message: 'The payment service did not answer' },
          { status: 502 },
        );
      if (state.initialize === 'price-changed')
        return Response.json({ status: 409, code: 'PRICE_CHANGED', message: 'The total is now…' }, { status: 409 });
      state.orders += 1;
      return Response.json(
        {
          orderId: `ORD-${state.orders}`,
          paymentId: `PAY-${state.orders}`,
          paymentUrl: '/payment-gateway/pay/PAY-1',
          totals,
        },
        { status: 201 },
      );
    }
    throw new Error(`Unexpected request ${url}`);
  });
  return { state, fetchImpl };
}

let win: FakeWindow;
let origin: ReturnType<typeof fakeOrigin>;

const events = () => (win.dataLayer ?? []).filter((entry) => entry.event !== undefined);
const eventNames = () => events().map((entry) => entry.event);

beforeEach(async () => {
  win = new FakeWindow();
  vi.stubGlobal('window', win);
  origin = fakeOrigin();
  vi.stubGlobal('fetch', origin.fetchImpl);
  resetAnalyticsConsentForTests();
  storage = createCartStorage();
  service = testCart({ locale: 'fi-FI', customerEmail: () => undefined, isOnline: () => true }, storage);
  cart = service.state;
  await service.start();
  await service.reset();
  checkout.customerData = {
    email: 'maija@example.com',
    emailConfirmation: 'maija@example.com',
    firstname: 'Maija',
    lastname: 'Meikäläinen',
    telephonePrefix: 'FIN|358',
    telephoneNumber: '401234567',
    marketing: [],
  };
  checkout.paymentMethodType = 'card';
  setAnalyticsConsent(true);
});

afterEach(async () => {
  resetAnalyticsConsentForTests();
  vi.unstubAllGlobals();
  service.stop();
  storage.close();
});

describe('view_cart and begin_checkout', () => {
  it('wait for the saved cart, skip an empty one, and carry every line with its amount', async () => {
    expect(trackCartStep('view_cart', { loaded: false, items: [] })).toBe(false);
    expect(trackCartStep('view_cart', cart)).toBe(false); // loaded, but empty
    expect(events()).toEqual([]);

    await addToCart({ code: 'WASH-PREMIUM', name: 'Täyspesu' });
    await addToCart({ code: 'WASH-PREMIUM', name: 'Täyspesu' });
    win.dataLayer = [];
    expect(trackCartStep('view_cart', cart)).toBe(true);
    expect(trackCartStep('begin_checkout', cart)).toBe(true);
    expect(events()).toEqual([
      {
        event: 'view_cart',
        ecommerce: {
          currency: 'EUR',
          items: [{ item_id: 'WASH-PREMIUM', item_name: 'Täyspesu', quantity: 2, price: 15.86 }],
        },
      },
      {
        event: 'begin_checkout',
        ecommerce: {
          currency: 'EUR',
          items: [{ item_id: 'WASH-PREMIUM', item_name: 'Täyspesu', quantity: 2, price: 15.86 }],
        },
      },
    ]);
  });
});

describe('add_payment_info', () => {
  beforeEach(async () => {
    await addToCart({ code: 'WASH-PREMIUM', name: 'Täyspesu' });
    win.dataLayer = [];
  });

  it('is sent once the order exists, with the payment type and the order total', async () => {
    expect(await startPayment({ locale: 'fi-FI', basename: '', cart: service })).toEqual({
      paymentUrl: '/payment-gateway/pay/PAY-1',
    });
    expect(events()).toEqual([
      {
        event: 'add_payment_info',
        ecommerce: {
          currency: 'EUR',
          items: [{ item_id: 'WASH-PREMIUM', item_name: 'Täyspesu', quantity: 1, price: 15.86 }],
          payment_type: 'card',
          value: PRICE,
        },
      },
    ]);
    expect(readPendingOrder()).toMatchObject({ orderId: 'ORD-1', purchaseTracked: false });
  });

  it.each([
    ['the price changed', 'price-changed', 'shop.checkout.priceChanged'],
    ['the network failed', 'network', 'shop.offline.paymentNeedsNetwork'],
    // Online, with Paytrail out of reach: not the offline message (issue 30 #3).
    ['the payment service is out of reach', 'provider-down', 'shop.checkout.providerUnavailable'],
  ] as const)('is not sent when %s', async (_why, mode, problem) => {
    origin.state.initialize = mode;
    expect(await startPayment({ locale: 'fi-FI', basename: '', cart: service })).toEqual({ problem });
    expect(eventNames()).toEqual([]);
  });
});

describe('Go to payment', () => {
  it('stops before the order when the total changed since the customer saw it, and goes on once it is shown', async () => {
    await addToCart({ code: 'WASH-PREMIUM', name: 'Täyspesu' });
    expect(cart.totals?.totalWithTax).toBe(PRICE);
    // The price rises between the page's check and "Go to payment": its last check answers
    // the new total, which sent as the expected total would pass the server's PRICE_CHANGED check.
    origin.state.price = 24.9;
    expect(await startPayment({ locale: 'fi-FI', basename: '', cart: service })).toEqual({
      problem: 'shop.checkout.priceChanged',
    });
    expect(origin.state.expectedTotals).toEqual([]);
    expect(cart.totals?.totalWithTax).toBe(24.9);
    // The summary now shows 24,90 €; the next press pays it.
    expect(await startPayment({ locale: 'fi-FI', basename: '', cart: service })).toEqual({
      paymentUrl: '/payment-gateway/pay/PAY-1',
    });
    expect(origin.state.expectedTotals).toEqual([24.9]);
  });
});

describe('purchase', () => {
  const receipt = (overrides: Partial<OrderReceipt> = {}): OrderReceipt => ({
    orderId: 'ORD-1',
    status: 'paid',
    paymentStatus: 'approved',
    alreadyCompleted: false,
    paidAt: '2026-05-01T10:00:00.000Z',
    email: 'maija@example.com',
    items: [],
    totals: { subtotal: PRICE, discount: 0, taxAmount: 4.04, totalWithTax: PRICE, totalWithoutTax: 15.86 },
    paymentMethod: 'card:visa',
    ...overrides,
  });

  beforeEach(async () => {
    await addToCart({ code: 'WASH-PREMIUM', name: 'Täyspesu' });
    await startPayment({ locale: 'fi-FI', basename: '', cart: service });
    win.dataLayer = [];
  });

  it('is sent once for a paid order, not again when the receipt is reloaded', () => {
    expect(trackPurchaseOnce(receipt())).toBe(true);
    // A reload: the page presents the result again and gets the same receipt.
    expect(trackPurchaseOnce(receipt({ alreadyCompleted: true }))).toBe(false);
    expect(events()).toEqual([
      {
        event: 'purchase',
        ecommerce: {
          currency: 'EUR',
          items: [{ item_id: 'WASH-PREMIUM', item_name: 'Täyspesu', quantity: 1, price: 15.86 }],
          transaction_id: 'ORD-1',
          value: PRICE,
        },
      },
    ]);
    expect(readPendingOrder()?.purchaseTracked).toBe(true);
  });

  it('is not sent for a declined or cancelled payment, nor for another order than the one started here', () => {
    expect(trackPurchaseOnce(receipt({ status: 'pending', paymentStatus: 'declined', paidAt: null }))).toBe(false);
    expect(trackPurchaseOnce(receipt({ status: 'pending', paymentStatus: 'cancelled', paidAt: null }))).toBe(false);
    expect(trackPurchaseOnce(receipt({ orderId: 'ORD-SOMEONE-ELSE' }))).toBe(false);
    expect(eventNames()).toEqual([]);
    // After a declined payment the order can still be paid, and then counts once.
    expect(trackPurchaseOnce(receipt())).toBe(true);
    expect(eventNames()).toEqual(['purchase']);
  });
});
