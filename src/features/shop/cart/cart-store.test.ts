import 'fake-indexeddb/auto';
import Dexie, { type Table } from 'dexie';
import { subscribe } from 'valtio';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ValidatedCart } from '#shared/shop/api-schema';
import { resetAnalyticsConsentForTests, setAnalyticsConsent } from '@/ui/analytics-gate';
import { modalStore, closeModal } from '@/ui/modal-store';
import { allowNotifications, notificationsStore } from '@/ui/notifications-store';
import { createCartStorage, type CartStorage } from './cart-storage';
import {
  addItem,
  MAX_ITEM_AMOUNT,
  sameCheckRequest,
  sanitizeItems,
  setAmount,
  splitRefusedLines,
  toQuantity,
  undoAdd,
} from './cart-items';
import type { Cart } from './cart-store';
import type { CartState, ProductInput, StoredCart } from './cart-types';
import { testCart, type TestCartEnvironment } from './cart-test-support';

/** Another tab's connection to the saved cart (its saves carry another writer). */
const otherTab = new (class extends Dexie {
  cart!: Table<unknown, string>;
  constructor() {
    super('st1-cart');
    this.version(1).stores({ cart: '' });
  }
})();

/** The saved cart (one IndexedDB connection per test) and the cart the test works with. */
let storage: CartStorage;
let service: Cart;
let cart: CartState;

const NOBODY: TestCartEnvironment = { locale: 'fi-FI', customerEmail: () => undefined, isOnline: () => true };

/** A fresh cart over the same saved cart, as on a page load; the previous one stops listening. */
function freshCart(environment: TestCartEnvironment = NOBODY): Cart {
  service?.stop();
  service = testCart(environment, storage);
  cart = service.state;
  return service;
}

const startCart = (environment: TestCartEnvironment) => freshCart(environment).start();
const addToCart = (product: ProductInput) => service.add(product);
const removeFromCart = (code: string) => service.remove(code);
const changeAmount = (code: string, amount: number) => service.changeAmount(code, amount);
const applyDiscountCode = (code: string | null) => service.applyDiscountCode(code);
const acceptUpsell = (code: string, upsellCode: string) => service.acceptUpsell(code, upsellCode);
const declineUpsell = (code: string) => service.declineUpsell(code);
const resetCart = () => service.reset();
const validateCart = () => service.validate();
const readStoredCart = () => storage.read();
const writeStoredCart = (record: StoredCart) => storage.write(record);

/** A window for the store: events, localStorage, and the notifications it may show. */
class FakeWindow extends EventTarget {
  private data = new Map<string, string>();
  localStorage = {
    getItem: (key: string) => this.data.get(key) ?? null,
    setItem: (key: string, value: string) => void this.data.set(key, value),
    removeItem: (key: string) => void this.data.delete(key),
    clear: () => this.data.clear(),
  };
}

const PRODUCTS: Record<string, { name: string; price: number; bundle: number; upsell?: string }> = {
  'WASH-BASIC': { name: 'Pikapesu', price: 9.9, bundle: 0, upsell: 'WASH-BASIC-5' },
  'WASH-BASIC-5': { name: 'Pikapesu, 5 pesun sarja', price: 44.9, bundle: 5 },
};

/** Answers like the origin's cart/validate, or as told. */
function fakeOrigin() {
  const state = {
    mode: 'ok' as 'ok' | 'reject' | 'network' | 'server-error' | 'bad-discount',
    requests: [] as unknown[],
    /** Products withdrawn from sale: refused with a 422 that names them, as the origin does. */
    withdrawn: new Set<string>(),
    /** Refuses a cart that matches, with a 400 that names no product. */
    refuseUnnamed: (() => false) as (items: Array<{ code: string; quantity: number }>) => boolean,
  };
  const view = (code: string) => {
    const product = PRODUCTS[code]!;
    return {
      code,
      name: product.name,
      attributes: { product_name: product.name, price: product.price, tax_class: ['FI_VAT_25_5'], currency: ['EUR'] },
      unitPrice: product.price,
      taxPercentage: 25.5,
      bundleMembers: product.bundle
        ? [{ amount: product.bundle, product: { code: 'WASH-BASIC', globalName: 'Pikapesu' } }]
        : [],
      showUpsell: true,
    };
  };
  const fetchImpl = vi.fn(async (_url: string, init: RequestInit) => {
    const body = JSON.parse(String(init.body)) as {
      items: Array<{ code: string; quantity: number; showUpsell: boolean }>;
      discountCode?: string;
    };
    state.requests.push(body);
    if (state.mode === 'network') throw new TypeError('Failed to fetch');
    // The origin's limit (MAX_QUANTITY): a larger quantity is a 400, which empties the cart.
    if (body.items.some((item) => item.quantity > 50))
      return Response.json(
        { status: 400, code: 'BAD_REQUEST', message: 'items.0.quantity: quantity must be at most 50' },
        { status: 400 },
      );
    if (state.mode === 'server-error') return new Response('upstream down', { status: 503 });
    const withdrawn = body.items.filter((item) => state.withdrawn.has(item.code)).map((item) => item.code);
    if (withdrawn.length > 0)
      return Response.json(
        {
          status: 422,
          code: 'UNKNOWN_PRODUCT',
          message: `Unknown product code: ${withdrawn.join(', ')}`,
          codes: withdrawn,
        },
        { status: 422 },
      );
    if (state.refuseUnnamed(body.items))
      return Response.json({ status: 400, code: 'BAD_REQUEST', message: 'refused' }, { status: 400 });
    if (state.mode === 'reject')
      return Response.json(
        { status: 422, code: 'UNKNOWN_PRODUCT', message: 'Unknown product code: X' },
        { status: 422 },
      );
    if (body.discountCode && state.mode === 'bad-discount')
      return Response.json({ status: 422, code: 'DISCOUNT_EXPIRED', message: 'expired' }, { status: 422 });
    const total = body.items.reduce((sum, item) => sum + PRODUCTS[item.code]!.price * item.quantity, 0);
    const answer: ValidatedCart = {
      items: body.items.map((item) => ({
        quantity: item.quantity,
        product: view(item.code),
        upsellProducts:
          item.showUpsell && PRODUCTS[item.code]!.upsell
            ? [{ quantity: 1, product: view(PRODUCTS[item.code]!.upsell!) }]
            : [],
      })),
      totals: { subtotal: total, discount: 0, taxAmount: 0, totalWithTax: total, totalWithoutTax: total },
      // The origin matches a code upper-cased without spaces and answers its own form of it.
      discountCode: body.discountCode
        ? { code: body.discountCode.replace(/\s+/g, '').toUpperCase(), kind: 'percentage', value: 10 }
        : null,
      currency: 'EUR',
    };
    return Response.json(answer);
  });
  return { state, fetchImpl };
}

let origin: ReturnType<typeof fakeOrigin>;
let online = true;
let win: FakeWindow;

beforeEach(async () => {
  win = new FakeWindow();
  vi.stubGlobal('window', win);
  origin = fakeOrigin();
  vi.stubGlobal('fetch', origin.fetchImpl);
  online = true;
  notificationsStore.ready = true;
  notificationsStore.items = [];
  closeModal();
  storage = createCartStorage();
  await startCart({ locale: 'fi-FI', customerEmail: () => undefined, isOnline: () => online });
  await resetCart();
  origin.fetchImpl.mockClear();
  origin.state.requests = [];
});

afterEach(() => {
  service.stop();
  vi.unstubAllGlobals();
  storage.close();
});

const notices = () => notificationsStore.items.map((item) => item.message);

/** Holds the origin's answers back until the returned function is called (a slow check). */
function holdAnswers(): () => void {
  let answer!: () => void;
  const answered = new Promise<void>((resolve) => (answer = resolve));
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    await answered;
    return origin.fetchImpl(url, init);
  });
  return answer;
}

/**
 * A fresh cart whose watch of the saved cart is the test's: another tab's save is told to
 * it when the test says (the returned function). `over` changes the storage further.
 */
async function cartHearingOtherTabsWhenTold(
  over: Partial<CartStorage> = {},
  environment: TestCartEnvironment = NOBODY,
): Promise<(savedAt: number) => void> {
  let tell: ((savedAt: number) => void) | undefined;
  service.stop();
  service = testCart(environment, {
    ...storage,
    ...over,
    onOtherTabSave: (listener) => {
      tell = listener;
      return () => {};
    },
  });
  cart = service.state;
  await service.start();
  return (savedAt) => tell!(savedAt);
}

/** The cart page in another tab saves the cart (its check of it); returns that save's `savedAt`. */
async function otherTabSaves(saved: StoredCart): Promise<number> {
  const savedAt = Date.now() + 1;
  await otherTab.cart.put({ ...saved, savedAt, writer: 'tab-2' }, 'current');
  return savedAt;
}

/**
 * The saved cart's live reads (another tab's save, read on the watch's news; a reconnect's
 * look at the saved cart), held from `hold()` until `release()`; `out()` counts them.
 */
function liveReadsHeldWhenTold() {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let holding = false;
  let out = 0;
  const read: CartStorage['read'] = async (options) => {
    const record = await storage.read(options);
    if (options?.live && holding) {
      out += 1;
      await released;
    }
    return record;
  };
  return { read, hold: () => void (holding = true), release, out: () => out };
}

/**
 * With a read of the saved cart held: an add here is saved over what it read and sent for
 * its check, then the read answers. The add, and its check's answer, must stay.
 */
async function addWhileReadIsOut(releaseRead: () => void): Promise<void> {
  const answer = holdAnswers();
  const adding = addToCart({ code: 'WASH-BASIC-5', name: 'Sarja' });
  await vi.waitFor(async () => expect((await readStoredCart())?.items).toHaveLength(2));
  releaseRead();
  await new Promise((resolve) => setTimeout(resolve, 20)); // the read is handled
  answer();
  await adding;
  expect(cart.items.map((item) => item.code)).toEqual(['WASH-BASIC', 'WASH-BASIC-5']);
  expect(cart.status).toBe('valid');
  expect((await readStoredCart())?.items).toHaveLength(2);
}

describe('cart store', () => {
  it('opens firstInCart on the first add, then raises the amount and shows addedToCart', async () => {
    await addToCart({ code: 'WASH-BASIC', name: 'Pikapesu' });
    expect(modalStore.name).toBe('firstInCart');
    expect(cart.items.map((item) => [item.code, item.amount])).toEqual([['WASH-BASIC', 1]]);
    expect(notices()).toEqual([]);
    closeModal();
    await addToCart({ code: 'WASH-BASIC', name: 'Pikapesu' });
    expect(modalStore.name).toBeNull();
    expect(cart.items[0]!.amount).toBe(2);
    expect(notices()).toEqual(['messages.addedToCart']);
    expect(cart.totals?.totalWithTax).toBeCloseTo(19.8);
    expect(cart.status).toBe('valid');
    // Every change was checked by the server and saved.
    expect(origin.state.requests.at(-1)).toEqual({ items: [{ code: 'WASH-BASIC', quantity: 2, showUpsell: true }] });
    const stored = await readStoredCart();
    expect(stored?.items.map((item) => [item.code, item.amount])).toEqual([['WASH-BASIC', 2]]);
    expect(JSON.parse(win.localStorage.getItem('st1.cart')!).count).toBe(2);
  });

  it('takes the server names, prices and upsells (after the upsell rule)', async () => {
    await addToCart({ code: 'WASH-BASIC', name: 'typed name' });
    expect(cart.items[0]).toMatchObject({ name: 'Pikapesu', price: 9.9, taxPercentage: 25.5 });
    expect(cart.items[0]!.upsells.map((upsell) => upsell.product.code)).toEqual(['WASH-BASIC-5']);
    for (let index = 0; index < 6; index += 1) await addToCart({ code: 'WASH-BASIC', name: 'Pikapesu' });
    // 7 single washes exceed the 5-wash series by more than 1: the offer is dropped.
    expect(cart.items[0]!.amount).toBe(7);
    expect(cart.items[0]!.upsells).toEqual([]);
  });

  it('deletes by code and resets', async () => {
    await addToCart({ code: 'WASH-BASIC', name: 'Pikapesu' });
    await addToCart({ code: 'WASH-BASIC-5', name: 'Sarja' });
    await removeFromCart('WASH-BASIC');
    expect(cart.items.map((item) => item.code)).toEqual(['WASH-BASIC-5']);
    await resetCart();
    expect(cart.items).toEqual([]);
    expect((await readStoredCart())?.items).toEqual([]);
  });

  it('empties the cart with cartValidationFailed when a refusal names nothing it can drop (spec §4)', async () => {
    await addToCart({ code: 'WASH-BASIC', name: 'Pikapesu' });
    origin.state.mode = 'reject';
    await changeAmount('WASH-BASIC', 2);
    expect(cart.items).toEqual([]);
    expect(notificationsStore.items.at(-1)).toMatchObject({ type: 'error', message: 'messages.cartValidationFailed' });
    expect((await readStoredCart())?.items).toEqual([]);
  });

  it.each(['network', 'server-error'] as const)(
    'keeps the cart on a %s, marks it out of date, and checks again online',
    async (mode) => {
      await addToCart({ code: 'WASH-BASIC', name: 'Pikapesu' });
      origin.state.mode = mode;
      await addToCart({ code: 'WASH-BASIC-5', name: 'Sarja' });
      expect(cart.items.map((item) => item.code)).toEqual(['WASH-BASIC', 'WASH-BASIC-5']);
      expect(cart.status).toBe('outOfDate');
      // One message for the add that got no answer, not "added" and "update failed" together.
      expect(notices()).toEqual(['messages.addedWillBeChecked']);
      expect((await readStoredCart())?.items).toHaveLength(2);
      origin.state.mode = 'ok';
      win.dispatchEvent(new Event('online'));
      await vi.waitFor(() => expect(cart.status).toBe('valid'));
      expect(cart.items[1]!.name).toBe('Pikapesu, 5 pesun sarja');
    },
  );

  it('keeps an add made offline without asking the server, and checks it when back online', async () => {
    online = false;
    await addToCart({ code: 'WASH-BASIC', name: 'Pikapesu' });
    expect(origin.fetchImpl).not.toHaveBeenCalled();
    expect(cart.status).toBe('outOfDate');
    expect(notices()).not.toContain('messages.cartUpdateFailed');
    online = true;
    win.dispatchEvent(new Event('online'));
    await vi.waitFor(() => expect(cart.status).toBe('valid'));
    expect(origin.fetchImpl).toHaveBeenCalledTimes(1);
  });

  it('drops a rejected discount code but keeps the cart', async () => {
    await addToCart({ code: 'WASH-BASIC', name: 'Pikapesu' });
    origin.state.mode = 'bad-discount';
    await applyDiscountCode('TALVI2025');
    expect(cart.discountCode).toBeNull();
    expect(cart.items).toHaveLength(1);
    expect(notices()).toContain('shop.discount.DISCOUNT_EXPIRED');
    // Spec §5: the code is sent only when set.
    expect(origin.state.requests.at(-1)).not.toHaveProperty('discountCode');
  });

  it("shows an accepted discount code in the server's form, not as typed, and saves that form", async () => {
    await addToCart({ code: 'WASH-BASIC', name: 'Pikapesu' });
    await applyDiscountCode(' kevat 10 ');
    expect(origin.state.requests.at(-1)).toHaveProperty('discountCode', 'kevat 10');
    expect(cart.status).toBe('valid');
    expect(cart.discountCode).toBe('KEVAT10');
    expect((await readStoredCart())?.discountCode).toBe('KEVAT10');
    // The next check sends the code in that form.
    await changeAmount('WASH-BASIC', 2);
    expect(origin.state.requests.at(-1)).toHaveProperty('discountCode', 'KEVAT10');
    expect(cart.discountCode).toBe('KEVAT10');
  });

  it('keeps a code typed offline as typed until the server has taken it', async () => {
    await addToCart({ code: 'WASH-BASIC', name: 'Pikapesu' });
    online = false;
    await applyDiscountCode('kevat10');
    expect(cart.status).toBe('outOfDate');
    expect(cart.discountCode).toBe('kevat10');
    online = true;
    win.dispatchEvent(new Event('online'));
    await vi.waitFor(() => expect(cart.status).toBe('valid'));
    expect(cart.discountCode).toBe('KEVAT10');
  });

  it('restores the saved cart on load and checks it again', async () => {
    await addToCart({ code: 'WASH-BASIC-5', name: 'Sarja' });
    freshCart();
    expect(cart.items).toEqual([]);
    origin.fetchImpl.mockClear();
    await startCart({ locale: 'fi-FI', customerEmail: () => 'maija@example.com', isOnline: () => true });
    expect(cart.loaded).toBe(true);
    expect(cart.items.map((item) => item.code)).toEqual(['WASH-BASIC-5']);
    expect(origin.fetchImpl).toHaveBeenCalledTimes(1);
    expect(origin.state.requests.at(-1)).toMatchObject({ customerEmail: 'maija@example.com' });
  });

  it('stops at 50 of one product with a notice, instead of having the cart refused and emptied', async () => {
    expect(MAX_ITEM_AMOUNT).toBe(50);
    await addToCart({ code: 'WASH-BASIC', name: 'Pikapesu' });
    await addToCart({ code: 'WASH-BASIC-5', name: 'Sarja' });
    for (let index = 1; index < 50; index += 1) await addToCart({ code: 'WASH-BASIC', name: 'Pikapesu' });
    expect(cart.items.map((item) => [item.code, item.amount])).toEqual([
      ['WASH-BASIC', 50],
      ['WASH-BASIC-5', 1],
    ]);
    expect(notices()).not.toContain('shop.cart.maxAmount');
    origin.fetchImpl.mockClear();
    notificationsStore.items = [];

    // The 51st add: the cart stays as it is, valid, and says why.
    await addToCart({ code: 'WASH-BASIC', name: 'Pikapesu' });
    expect(cart.items.map((item) => [item.code, item.amount])).toEqual([
      ['WASH-BASIC', 50],
      ['WASH-BASIC-5', 1],
    ]);
    expect(cart.status).toBe('valid');
    expect(notificationsStore.items).toEqual([
      expect.objectContaining({ type: 'warning', message: 'shop.cart.maxAmount', values: { max: 50 } }),
    ]);
    expect(notices()).not.toContain('messages.cartValidationFailed');
    expect(origin.fetchImpl).not.toHaveBeenCalled();

    // An amount typed or stepped above the limit becomes the limit, with the same notice.
    await changeAmount('WASH-BASIC-5', 80);
    expect(cart.items[1]!.amount).toBe(50);
    expect(notices()).toEqual(['shop.cart.maxAmount']);
    expect(origin.state.requests.at(-1)).toMatchObject({
      items: [
        { code: 'WASH-BASIC', quantity: 50 },
        { code: 'WASH-BASIC-5', quantity: 50 },
      ],
    });
    expect(cart.status).toBe('valid');
    expect((await readStoredCart())?.items.map((item) => item.amount)).toEqual([50, 50]);
  });

  it('opens no modal, shows no success and never raises the saved count for an add the server refuses', async () => {
    const counts: number[] = [];
    const setItem = win.localStorage.setItem;
    win.localStorage.setItem = (key: string, value: string) => {
      if (key === 'st1.cart') counts.push((JSON.parse(value) as { count: number }).count);
      setItem(key, value);
    };
    origin.state.mode = 'reject';
    await addToCart({ code: 'WASH-BASIC', name: 'Pikapesu' });
    expect(modalStore.name).toBeNull();
    expect(notices()).toEqual(['messages.cartAddRefused']);
    expect(cart.items).toEqual([]);
    expect(counts.every((count) => count === 0)).toBe(true);

    // The same for a later add to a cart that was fine: only that add is taken back.
    origin.state.mode = 'ok';
    await addToCart({ code: 'WASH-BASIC', name: 'Pikapesu' });
    closeModal();
    counts.length = 0;
    notificationsStore.items = [];
    origin.state.refuseUnnamed = (items) => items.some((item) => item.code === 'WASH-BASIC-5');
    await addToCart({ code: 'WASH-BASIC-5', name: 'Sarja' });
    expect(modalStore.name).toBeNull();
    expect(notices()).toEqual(['messages.cartAddRefused']);
    expect(cart.items.map((item) => item.code)).toEqual(['WASH-BASIC']);
    expect(counts.every((count) => count === 1)).toBe(true);
  });

  it('saves an add before the answer, holding the header count until then or until the page is left', async () => {
    vi.stubGlobal('fetch', () => new Promise<Response>(() => {})); // the answer never comes
    void addToCart({ code: 'WASH-BASIC', name: 'Pikapesu' });
    await vi.waitFor(async () =>
      expect((await readStoredCart())?.items.map((item) => item.code)).toEqual(['WASH-BASIC']),
    );
    expect(JSON.parse(win.localStorage.getItem('st1.cart')!).count).toBe(0);
    expect(modalStore.name).toBeNull();
    // The customer goes on to another page: the saved add counts there (checked on its load).
    win.dispatchEvent(new Event('pagehide'));
    expect(JSON.parse(win.localStorage.getItem('st1.cart')!).count).toBe(1);
  });

  it('shows one addedToCart notice however many adds follow: each replaces the last (they stacked over the page)', async () => {
    await addToCart({ code: 'WASH-BASIC', name: 'Pikapesu' });
    closeModal();
    for (let index = 0; index < 4; index += 1) await addToCart({ code: 'WASH-BASIC-5', name: 'Sarja' });
    expect(notices()).toEqual(['messages.addedToCart']);
    // Offline adds say "added, will be checked" once too, beside the earlier "added".
    online = false;
    for (let index = 0; index < 3; index += 1) await addToCart({ code: 'WASH-BASIC', name: 'Pikapesu' });
    expect(notices()).toEqual(['messages.addedToCart', 'messages.addedWillBeChecked']);
  });

  it('opens firstInCart once for two quick adds to an empty cart, and addedToCart for the second', async () => {
    await Promise.all([
      addToCart({ code: 'WASH-BASIC', name: 'Pikapesu' }),
      addToCart({ code: 'WASH-BASIC-5', name: 'Sarja' }),
    ]);
    expect(modalStore.name).toBe('firstInCart');
    expect(notices()).toEqual(['messages.addedToCart']);
    expect(cart.items.map((item) => item.code)).toEqual(['WASH-BASIC', 'WASH-BASIC-5']);
  });

  it('says cartValidationFailed when the saved cart is refused on load, even before the notices are let in', async () => {
    await addToCart({ code: 'WASH-BASIC', name: 'Pikapesu' });
    freshCart();
    notificationsStore.items = [];
    notificationsStore.ready = false; // the notification region's chunk has not loaded yet
    origin.state.mode = 'reject';
    await startCart({ locale: 'fi-FI', customerEmail: () => undefined, isOnline: () => true });
    expect(cart.items).toEqual([]);
    expect((await readStoredCart())?.items).toEqual([]);
    allowNotifications();
    expect(notificationsStore.items).toEqual([
      expect.objectContaining({ type: 'error', message: 'messages.cartValidationFailed' }),
    ]);
  });

  it("waits for the auth check on load, so that the first check sends the account's e-mail (spec §6)", async () => {
    await addToCart({ code: 'WASH-BASIC', name: 'Pikapesu' });
    freshCart();
    origin.fetchImpl.mockClear();
    origin.state.requests = [];
    const account: { email?: string } = {};
    let sessionKnown!: () => void;
    const started = startCart({
      locale: 'fi-FI',
      customerEmail: () => account.email,
      isOnline: () => true,
      sessionKnown: () => new Promise<void>((resolve) => (sessionKnown = resolve)),
    });
    await vi.waitFor(() => expect(cart.status).toBe('validating'));
    expect(origin.fetchImpl).not.toHaveBeenCalled();
    account.email = 'matti.meikalainen@example.fi';
    sessionKnown();
    await started;
    expect(origin.state.requests).toEqual([
      { items: [{ code: 'WASH-BASIC', quantity: 1, showUpsell: true }], customerEmail: 'matti.meikalainen@example.fi' },
    ]);
  });

  it('asks for the auth check as an add begins, before the saved cart is read and written', async () => {
    const sessionKnown = vi.fn(() => Promise.resolve());
    freshCart({ ...NOBODY, sessionKnown });
    const read = vi.spyOn(storage, 'read');
    const added = addToCart({ code: 'WASH-BASIC', name: 'Pikapesu' });
    expect(sessionKnown).toHaveBeenCalled();
    await added;
    expect(read.mock.invocationCallOrder[0]).toBeGreaterThan(sessionKnown.mock.invocationCallOrder[0]!);
    expect(cart.items.map((item) => item.code)).toEqual(['WASH-BASIC']);
  });

  it('drops only the products the server names on reconnect, keeps the rest with its offline edits, and names them', async () => {
    await addToCart({ code: 'WASH-BASIC', name: 'Pikapesu' });
    closeModal();
    await addToCart({ code: 'WASH-BASIC-5', name: 'Sarja' });
    notificationsStore.items = [];
    online = false;
    await changeAmount('WASH-BASIC', 3);
    await applyDiscountCode('KEVAT10');
    expect(cart.status).toBe('outOfDate');
    // Withdrawn from sale while the customer was offline.
    origin.state.withdrawn.add('WASH-BASIC-5');
    online = true;
    win.dispatchEvent(new Event('online'));
    await vi.waitFor(() => expect(cart.status).toBe('valid'));
    expect(cart.items.map((item) => [item.code, item.amount])).toEqual([['WASH-BASIC', 3]]);
    expect(cart.discountCode).toBe('KEVAT10');
    expect(notificationsStore.items).toEqual([
      expect.objectContaining({
        type: 'error',
        message: 'messages.cartProductsRemoved',
        values: { products: 'Pikapesu, 5 pesun sarja' },
      }),
    ]);
    expect(origin.state.requests.at(-1)).toEqual({
      items: [{ code: 'WASH-BASIC', quantity: 3, showUpsell: true }],
      discountCode: 'KEVAT10',
    });
    expect((await readStoredCart())?.items.map((item) => [item.code, item.amount])).toEqual([['WASH-BASIC', 3]]);
    expect(cart.totals?.totalWithTax).toBeCloseTo(29.7);
  });

  it('names every withdrawn product and empties nothing else; a cart of only withdrawn ones ends empty', async () => {
    await addToCart({ code: 'WASH-BASIC', name: 'Pikapesu' });
    closeModal();
    await addToCart({ code: 'WASH-BASIC-5', name: 'Sarja' });
    notificationsStore.items = [];
    origin.state.withdrawn = new Set(['WASH-BASIC', 'WASH-BASIC-5']);
    await validateCart();
    expect(cart.items).toEqual([]);
    expect(cart.status).toBe('valid');
    expect(notificationsStore.items).toEqual([
      expect.objectContaining({ values: { products: 'Pikapesu, Pikapesu, 5 pesun sarja' } }),
    ]);
  });

  it('an add of a withdrawn product drops only that line, without the modal or the success notice', async () => {
    await addToCart({ code: 'WASH-BASIC', name: 'Pikapesu' });
    closeModal();
    notificationsStore.items = [];
    origin.state.withdrawn.add('WASH-BASIC-5');
    await addToCart({ code: 'WASH-BASIC-5', name: 'Sarja' });
    expect(cart.items.map((item) => [item.code, item.amount])).toEqual([['WASH-BASIC', 1]]);
    expect(modalStore.name).toBeNull();
    expect(notices()).toEqual(['messages.cartProductsRemoved']);
    expect(notificationsStore.items[0]!.values).toEqual({ products: 'Sarja' });
    expect(cart.status).toBe('valid');
  });

  it('an add refused without a named product takes back just that one: a raised amount returns to what it was', async () => {
    await addToCart({ code: 'WASH-BASIC', name: 'Pikapesu' });
    closeModal();
    await addToCart({ code: 'WASH-BASIC-5', name: 'Sarja' });
    await addToCart({ code: 'WASH-BASIC', name: 'Pikapesu' });
    notificationsStore.items = [];
    origin.state.refuseUnnamed = (items) => items.some((item) => item.code === 'WASH-BASIC' && item.quantity > 2);
    await addToCart({ code: 'WASH-BASIC', name: 'Pikapesu' });
    expect(cart.items.map((item) => [item.code, item.amount])).toEqual([
      ['WASH-BASIC', 2],
      ['WASH-BASIC-5', 1],
    ]);
    expect(notificationsStore.items).toEqual([
      expect.objectContaining({ type: 'error', message: 'messages.cartAddRefused', values: { product: 'Pikapesu' } }),
    ]);
    expect(cart.status).toBe('valid');
    expect((await readStoredCart())?.items.map((item) => item.amount)).toEqual([2, 1]);
  });

  it('checks the cart once per reconnect, and not at all when another tab has checked the shared cart', async () => {
    const held: Array<Promise<unknown>> = [];
    // The Web Locks API as the tabs of one browser share it: one holder at a time.
    let queue: Promise<unknown> = Promise.resolve();
    vi.stubGlobal('navigator', {
      onLine: true,
      locks: {
        request: (_name: string, callback: () => Promise<unknown>) => {
          const run = queue.then(callback);
          queue = run.catch(() => undefined);
          held.push(run);
          return run;
        },
      },
    });
    online = false;
    await addToCart({ code: 'WASH-BASIC', name: 'Pikapesu' });
    online = true;
    win.dispatchEvent(new Event('online'));
    await vi.waitFor(() => expect(cart.status).toBe('valid'));
    await Promise.all(held);
    expect(origin.fetchImpl).toHaveBeenCalledTimes(1);

    // Offline again; another tab comes back first and saves the checked cart.
    online = false;
    await changeAmount('WASH-BASIC', 2);
    expect(cart.status).toBe('outOfDate');
    origin.fetchImpl.mockClear();
    await writeStoredCart({ ...JSON.parse(JSON.stringify(cart)), status: 'valid', savedAt: Date.now() });
    online = true;
    win.dispatchEvent(new Event('online'));
    await Promise.all(held);
    expect(origin.fetchImpl).not.toHaveBeenCalled();
    expect(cart.status).toBe('valid');
    expect(cart.items[0]!.amount).toBe(2);
  });

  it('keeps an add made while the saved cart is still being read on page load', async () => {
    // The read of the saved (empty) cart has been made, but its answer comes only after
    // the customer has pressed "add" (IndexedDB slow to open on a busy machine).
    let answerRead!: () => void;
    const readAnswered = new Promise<void>((resolve) => (answerRead = resolve));
    const slowStorage: CartStorage = {
      ...storage,
      read: async (options) => {
        const record = await storage.read(options);
        await readAnswered;
        return record;
      },
    };
    service.stop();
    service = testCart(NOBODY, slowStorage);
    cart = service.state;
    const started = service.start();
    const added = addToCart({ code: 'WASH-BASIC', name: 'Pikapesu' });
    // Time for an add that does not wait for the read to be saved (fake-indexeddb answers
    // within a few milliseconds), before the read answers.
    await new Promise((resolve) => setTimeout(resolve, 50));
    answerRead();
    await Promise.all([started, added]);
    expect(cart.items.map((item) => [item.code, item.amount])).toEqual([['WASH-BASIC', 1]]);
    expect(modalStore.name).toBe('firstInCart');
    expect((await readStoredCart())?.items.map((item) => item.code)).toEqual(['WASH-BASIC']);
  });

  it("takes another tab's save made between its read of the saved cart and its first look at it", async () => {
    await addToCart({ code: 'WASH-BASIC', name: 'Pikapesu' });
    closeModal();
    const inOtherTab = (await readStoredCart())!;
    await resetCart();
    // A page load (the cart page in a second tab): its read of the empty cart has answered,
    // and before it watches the saved cart the first tab adds a product (a busy machine:
    // shop-offline.spec's second tab never showed the add).
    let otherTabSaved = false;
    const racingStorage: CartStorage = {
      ...storage,
      read: async (options) => {
        const record = await storage.read(options);
        if (!options?.live && !otherTabSaved) {
          otherTabSaved = true;
          await otherTab.cart.put({ ...inOtherTab, savedAt: Date.now() + 1, writer: 'tab-2' }, 'current');
        }
        return record;
      },
    };
    service.stop();
    service = testCart(NOBODY, racingStorage);
    cart = service.state;
    await service.start();
    expect(cart.items).toEqual([]);
    await vi.waitFor(() => expect(cart.items.map((item) => item.code)).toEqual(['WASH-BASIC']));
  });

  it("does not put its check's outcome over a newer save of another tab (an add there while this tab checked the cart on load)", async () => {
    await addToCart({ code: 'WASH-BASIC', name: 'Pikapesu' });
    closeModal();
    const saved = (await readStoredCart())!;
    // This tab loads the cart page and checks the cart; the answer is slow.
    const answer = holdAnswers();
    const started = startCart(NOBODY);
    await vi.waitFor(() => expect(cart.status).toBe('validating'));
    // Meanwhile the first tab adds a product and saves.
    const added = { ...saved.items[0]!, code: 'WASH-BASIC-5', name: 'Sarja' };
    await otherTab.cart.put(
      { ...saved, items: [...saved.items, added], savedAt: Date.now() + 1, writer: 'tab-2' },
      'current',
    );
    answer();
    await started;
    const codes = ['WASH-BASIC', 'WASH-BASIC-5'];
    expect((await readStoredCart())?.items.map((item) => item.code)).toEqual(codes);
    await vi.waitFor(() => expect(cart.items.map((item) => item.code)).toEqual(codes));
  });

  it("keeps its add's check when the news of another tab's older save comes after the add was saved", async () => {
    await addToCart({ code: 'WASH-BASIC', name: 'Pikapesu' });
    closeModal();
    const saved = (await readStoredCart())!;
    // This tab's watch of the saved cart, held so that the test says when its news arrives.
    const tellOtherTabSave = await cartHearingOtherTabsWhenTold();
    // The cart page in another tab saves its check of the same cart...
    const otherTabSavedAt = await otherTabSaves(saved);
    // ...and before this tab hears of it, an add here is saved over it and sent for its check.
    const answer = holdAnswers();
    const adding = addToCart({ code: 'WASH-BASIC-5', name: 'Sarja' });
    await vi.waitFor(async () => expect((await readStoredCart())?.items).toHaveLength(2));
    tellOtherTabSave(otherTabSavedAt);
    await new Promise((resolve) => setTimeout(resolve, 20)); // the news is read and handled
    answer();
    await adding;
    expect(cart.items.map((item) => item.code)).toEqual(['WASH-BASIC', 'WASH-BASIC-5']);
    expect(cart.status).toBe('valid');
    // The add's answer is taken and counted in the header, here and in the other tab.
    expect(JSON.parse(win.localStorage.getItem('st1.cart')!).count).toBe(2);
  });

  it("keeps an add pressed while another tab's save was being read, and its check", async () => {
    await addToCart({ code: 'WASH-BASIC', name: 'Pikapesu' });
    closeModal();
    const saved = (await readStoredCart())!;
    // This tab's watch of the saved cart, and its read of another tab's save, held so that
    // the test says when each answers.
    const reads = liveReadsHeldWhenTold();
    const tellOtherTabSave = await cartHearingOtherTabsWhenTold({ read: reads.read });
    // The cart page in another tab saves its check of the same cart, and this tab reads it...
    const otherTabSavedAt = await otherTabSaves(saved);
    reads.hold();
    tellOtherTabSave(otherTabSavedAt);
    await vi.waitFor(() => expect(reads.out()).toBe(1));
    // ...and while that read is out, an add here is saved over it and sent for its check.
    await addWhileReadIsOut(reads.release);
    // The add's answer is taken and counted in the header, here and in the other tab.
    expect(JSON.parse(win.localStorage.getItem('st1.cart')!).count).toBe(2);
  });

  it("keeps an add pressed while its reconnect's read of the saved cart was out, and its check", async () => {
    vi.stubGlobal('navigator', { onLine: true, locks: { request: (_name: string, run: () => unknown) => run() } });
    online = false;
    await addToCart({ code: 'WASH-BASIC', name: 'Pikapesu' });
    closeModal();
    // This tab's reconnect read of the saved cart, held so that the test says when it answers.
    const reads = liveReadsHeldWhenTold();
    await cartHearingOtherTabsWhenTold({ read: reads.read }, { ...NOBODY, isOnline: () => online });
    expect(cart.status).toBe('outOfDate');
    // Another tab came back online first and saved its check of the cart; this tab, back
    // online too, reads the saved cart to see whether anybody checked it...
    await otherTabSaves({ ...(await readStoredCart())!, status: 'valid' });
    online = true;
    reads.hold();
    win.dispatchEvent(new Event('online'));
    await vi.waitFor(() => expect(reads.out()).toBe(1));
    // ...and while that read is out, an add here is saved over it and sent for its check.
    await addWhileReadIsOut(reads.release);
  });

  it('an answer for the cart before a change is never taken for the changed cart: a new discount code is not "taken" before its own check', async () => {
    await addToCart({ code: 'WASH-BASIC', name: 'Pikapesu' });
    closeModal();
    origin.state.mode = 'bad-discount';
    // A change whose check is slow: its answer is for the cart without the code.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let asked = 0;
    vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
      asked += 1;
      if (asked === 1) await held;
      return origin.fetchImpl(url, init);
    });
    const declined = service.declineUpsell('WASH-BASIC');
    await vi.waitFor(() => expect(asked).toBe(1));
    const seen: Array<[string, string | null]> = [];
    const unsubscribe = subscribe(cart, () => seen.push([cart.status, cart.discountCode]), true);
    // The code is typed while that check is out, and its answer comes while the code is saved.
    const applying = service.applyDiscountCode('TALVI2025');
    release();
    await Promise.all([declined, applying]);
    unsubscribe();
    expect(seen.filter(([status, code]) => status === 'valid' && code === 'TALVI2025')).toEqual([]);
    expect(cart.discountCode).toBeNull();
    expect(cart.discountRefusal).toEqual({ code: 'TALVI2025', reason: 'DISCOUNT_EXPIRED' });
  });

  it("keeps its reconnect check when another tab's save of the same cart arrives meanwhile, so the other tab does not check it again", async () => {
    online = false;
    await addToCart({ code: 'WASH-BASIC', name: 'Pikapesu' });
    const saved = (await readStoredCart())!;
    // This tab checks the cart after a reconnect; the answer is slow.
    const answer = holdAnswers();
    let tookOtherTabSave!: () => void;
    const took = new Promise<void>((resolve) => (tookOtherTabSave = resolve));
    const watchingStorage: CartStorage = {
      ...storage,
      read: async (options) => {
        const record = await storage.read(options);
        if (options?.live) tookOtherTabSave();
        return record;
      },
    };
    service.stop();
    service = testCart({ locale: 'fi-FI', customerEmail: () => undefined, isOnline: () => online }, watchingStorage);
    cart = service.state;
    await service.start();
    online = true;
    win.dispatchEvent(new Event('online'));
    await vi.waitFor(() => expect(cart.status).toBe('validating'));
    // Meanwhile the other tab's "no answer" for this very cart (its check on load, made
    // offline) reaches this tab late (CI of 54f4af4: both tabs checked the withdrawn product).
    await otherTab.cart.put({ ...saved, status: 'outOfDate', savedAt: Date.now() + 1, writer: 'tab-2' }, 'current');
    await took;
    answer();
    await vi.waitFor(() => expect(cart.status).toBe('valid'));
    expect(origin.fetchImpl).toHaveBeenCalledTimes(1);
    expect((await readStoredCart())?.status).toBe('valid');
  });

  it("follows another tab's add made offline to its end: that tab's check under way, then its 'no answer'", async () => {
    online = false;
    await addToCart({ code: 'WASH-BASIC', name: 'Pikapesu' });
    const saved = (await readStoredCart())!;
    await resetCart();
    online = true;
    // The other tab saves its add before its check (status 'validating'), then the check's
    // outcome with no network: this tab has no check of its own under way and takes both.
    await otherTab.cart.put({ ...saved, status: 'validating', savedAt: Date.now() + 1, writer: 'tab-2' }, 'current');
    await vi.waitFor(() => expect(cart.status).toBe('validating'));
    await otherTab.cart.put({ ...saved, status: 'outOfDate', savedAt: Date.now() + 2, writer: 'tab-2' }, 'current');
    await vi.waitFor(() => expect(cart.status).toBe('outOfDate'));
    expect(origin.fetchImpl).not.toHaveBeenCalled();
  });

  it('sends no request for an empty cart', async () => {
    await validateCart();
    expect(origin.fetchImpl).not.toHaveBeenCalled();
  });
});

describe('cart analytics (with analytics consent)', () => {
  /** The window's data layer, where the analytics gate writes (src/ui/analytics-gate.ts). */
  const events = () =>
    ((win as unknown as { dataLayer?: Array<Record<string, unknown>> }).dataLayer ?? []).filter(
      (entry) => entry.event !== undefined,
    );
  const summary = () =>
    events().map((entry) => {
      const { items } = entry.ecommerce as { items: Array<{ item_id: string; quantity: number }> };
      return [entry.event, ...items.map((item) => `${item.item_id}×${item.quantity}`)];
    });

  beforeEach(() => {
    resetAnalyticsConsentForTests();
    setAnalyticsConsent(true);
  });
  afterEach(() => resetAnalyticsConsentForTests());

  it('sends add_to_cart for each add and amount raised, remove_from_cart for each removal and amount lowered', async () => {
    await addToCart({ code: 'WASH-BASIC', name: 'Pikapesu', unitPrice: 9.9, taxPercentage: 25.5 });
    await addToCart({ code: 'WASH-BASIC', name: 'Pikapesu' });
    await changeAmount('WASH-BASIC', 5);
    await changeAmount('WASH-BASIC', 4);
    await changeAmount('WASH-BASIC', 4); // no change, no event
    await addToCart({ code: 'WASH-BASIC-5', name: 'Sarja' });
    await removeFromCart('WASH-BASIC-5');
    await removeFromCart('WASH-BASIC-5'); // not in the cart any more
    expect(summary()).toEqual([
      ['add_to_cart', 'WASH-BASIC×1'],
      ['add_to_cart', 'WASH-BASIC×1'],
      ['add_to_cart', 'WASH-BASIC×3'],
      ['remove_from_cart', 'WASH-BASIC×1'],
      ['add_to_cart', 'WASH-BASIC-5×1'],
      ['remove_from_cart', 'WASH-BASIC-5×1'],
    ]);
    // GA4 shape, price excluding tax (spec §3, §9), the previous ecommerce object cleared first.
    const dataLayer = (win as unknown as { dataLayer: unknown[] }).dataLayer;
    expect(dataLayer.slice(0, 2)).toEqual([
      { ecommerce: null },
      {
        event: 'add_to_cart',
        ecommerce: {
          currency: 'EUR',
          items: [{ item_id: 'WASH-BASIC', item_name: 'Pikapesu', quantity: 1, price: 7.89 }],
        },
      },
    ]);
  });

  it('sends remove_from_cart and add_to_cart when an upsell is taken, nothing when it is declined', async () => {
    await addToCart({ code: 'WASH-BASIC', name: 'Pikapesu' });
    await declineUpsell('WASH-BASIC');
    expect(summary()).toEqual([['add_to_cart', 'WASH-BASIC×1']]);
    await resetCart();
    await addToCart({ code: 'WASH-BASIC', name: 'Pikapesu' });
    await acceptUpsell('WASH-BASIC', 'WASH-BASIC-5');
    expect(summary().slice(1)).toEqual([
      ['add_to_cart', 'WASH-BASIC×1'],
      ['remove_from_cart', 'WASH-BASIC×1'],
      ['add_to_cart', 'WASH-BASIC-5×1'],
    ]);
  });

  it('sends nothing for an add refused at the maximum amount, or when the server empties the cart', async () => {
    await addToCart({ code: 'WASH-BASIC', name: 'Pikapesu' });
    await changeAmount('WASH-BASIC', 50);
    const before = events().length;
    await addToCart({ code: 'WASH-BASIC', name: 'Pikapesu' });
    origin.state.mode = 'reject';
    await validateCart();
    expect(cart.items).toEqual([]);
    expect(events()).toHaveLength(before);
  });

  it('sends nothing without analytics consent', async () => {
    setAnalyticsConsent(false);
    await addToCart({ code: 'WASH-BASIC', name: 'Pikapesu' });
    await removeFromCart('WASH-BASIC');
    expect(events()).toEqual([]);
  });
});

describe('cart items', () => {
  it('tells two carts that put the same question to the server from carts that do not', () => {
    const items = addItem(addItem([], { code: 'A', name: 'a' }), { code: 'B', name: 'b' });
    const priced = items.map((item) => ({ ...item, price: item.price + 1, upsells: [] }));
    expect(sameCheckRequest({ items, discountCode: null }, { items: priced, discountCode: null })).toBe(true);
    expect(sameCheckRequest({ items, discountCode: null }, { items, discountCode: 'KEVAT10' })).toBe(false);
    expect(
      sameCheckRequest({ items, discountCode: null }, { items: setAmount(items, 'B', 2), discountCode: null }),
    ).toBe(false);
    expect(sameCheckRequest({ items, discountCode: null }, { items: items.slice(0, 1), discountCode: null })).toBe(
      false,
    );
    const declined = items.map((item) => (item.code === 'A' ? { ...item, showUpsell: false } : item));
    expect(sameCheckRequest({ items, discountCode: null }, { items: declined, discountCode: null })).toBe(false);
  });

  it('splits the lines a refusal names from the rest, and takes back one add', () => {
    const items = addItem(addItem(addItem([], { code: 'A', name: 'a' }), { code: 'B', name: 'b' }), {
      code: 'A',
      name: 'a',
    });
    const { kept, dropped } = splitRefusedLines(items, ['B', 'NOT-IN-CART']);
    expect(kept.map((item) => [item.code, item.amount])).toEqual([['A', 2]]);
    expect(dropped.map((item) => item.code)).toEqual(['B']);
    expect(splitRefusedLines(items, []).dropped).toEqual([]);
    expect(undoAdd(items, 'A', 1).map((item) => [item.code, item.amount])).toEqual([
      ['A', 1],
      ['B', 1],
    ]);
    expect(undoAdd(items, 'B', 0).map((item) => item.code)).toEqual(['A']);
  });

  it('sends integer quantities, 1 as the fallback (spec §5)', () => {
    expect(toQuantity(3)).toBe(3);
    expect(toQuantity(2.5)).toBe(1);
    expect(toQuantity('2')).toBe(1);
    expect(toQuantity(0)).toBe(1);
    expect(toQuantity(Number.NaN)).toBe(1);
  });

  it('reads a damaged saved cart without failing', () => {
    expect(sanitizeItems('nonsense')).toEqual([]);
    const items = sanitizeItems([
      { code: 'A-1', amount: -3, name: 'A' },
      { code: '<script>' },
      null,
      { code: 'A-1' },
      { code: 'B', amount: 2 },
    ]);
    expect(items.map((item) => [item.code, item.amount, item.name])).toEqual([
      ['A-1', 1, 'A'],
      ['B', 2, 'B'],
    ]);
    expect(sanitizeItems([{ code: 'C', amount: 51 }])[0]!.amount).toBe(MAX_ITEM_AMOUNT);
  });

  it('never adds beyond the maximum amount of one product', () => {
    const full = [{ ...sanitizeItems([{ code: 'A', amount: MAX_ITEM_AMOUNT }])[0]! }];
    expect(addItem(full, { code: 'A', name: 'A' })[0]!.amount).toBe(MAX_ITEM_AMOUNT);
  });
});
