/**
 * The cart (spec §4 Cart): a valtio store saved to IndexedDB after every change and checked
 * by the server after every change. Rules:
 * - adding an existing code raises its amount by 1; a new code becomes an item (amount 1);
 *   the first product in an empty cart opens modal 'firstInCart', later adds show the
 *   notice 'addedToCart'; one product holds at most MAX_ITEM_AMOUNT (the server's limit),
 *   beyond which the cart stays as it is with the notice 'shop.cart.maxAmount';
 * - the server rejecting the cart (a 4xx) empties it with the notice 'cartValidationFailed';
 *   a rejected discount code only drops the code;
 * - no answer (offline, network error, 5xx) never empties it: it is kept, marked out of
 *   date, and checked again when the browser is back online;
 * - other tabs see every save (BroadcastChannel) and take the saved cart as it is.
 */
import { proxy } from 'valtio';
import type { Locale } from '../../shared/locales';
import { openModal } from '../../ui/modal-store';
import { addNotification, notificationsStore } from '../../ui/notifications-store';
import { analyticsItem, trackShopEvent } from './analytics';
import { isTransient, shopApi, ShopApiError } from './api/shop-api';
import {
  addItem,
  countItems,
  isAtMaxAmount,
  MAX_ITEM_AMOUNT,
  mergeValidation,
  removeItem,
  setAmount,
  toQuantity,
} from './cart-items';
import { onOtherTabSave, readStoredCart, writeStoredCart } from './cart-storage';
import type { CartItem, CartState, ProductInput, StoredCart } from './cart-types';

export const FIRST_IN_CART_MODAL = 'firstInCart';

export const cart = proxy<CartState>({ items: [], discountCode: null, totals: null, status: 'valid', loaded: false });

interface CartEnvironment {
  locale: Locale;
  /** The e-mail for validation (spec §6): the account's when logged in, else the checkout form's. */
  customerEmail: () => string | undefined;
  isOnline: () => boolean;
}

let environment: CartEnvironment = { locale: 'fi-FI', customerEmail: () => undefined, isOnline: () => true };
let starting: Promise<void> | undefined;
let stopListening: () => void = () => {};
let validationSequence = 0;
/** Serialises saves, so that a slow write never overwrites a newer one. */
let saving: Promise<void> = Promise.resolve();

export function cartCount(): number {
  return countItems(cart.items);
}

function stored(): StoredCart {
  return {
    items: cart.items,
    discountCode: cart.discountCode,
    totals: cart.totals,
    status: cart.status,
    savedAt: Date.now(),
  };
}

function save(): Promise<void> {
  const snapshot = stored();
  saving = saving
    .then(() => writeStoredCart(snapshot))
    .catch((error: unknown) => console.error('Saving the cart failed', error));
  return saving;
}

function applyStored(record: StoredCart | null): void {
  cart.items = record?.items ?? [];
  cart.discountCode = record?.discountCode ?? null;
  cart.totals = record?.totals ?? null;
  cart.status = record?.status ?? 'valid';
}

/**
 * Restores the saved cart and checks it with the server (spec §4 "Loading from local
 * storage restores and re-validates"). Safe to call from every component that needs the
 * cart: it runs once per page.
 */
export function startCart(env: CartEnvironment): Promise<void> {
  environment = env;
  starting ??= (async () => {
    applyStored(await readStoredCart());
    cart.loaded = true;
    stopListening = onOtherTabSave(() => {
      void readStoredCart({ live: true }).then((record) => {
        validationSequence += 1; // an answer still on its way here is older than that tab's save
        applyStored(record);
      });
    });
    window.addEventListener('online', () => {
      if (cart.status === 'outOfDate' && cart.items.length > 0) void validateCart();
    });
    if (cart.items.length > 0) await validateCart();
  })();
  return starting;
}

/** For tests: forget the started state. */
export function resetCartModuleForTests(): void {
  stopListening();
  starting = undefined;
  validationSequence = 0;
  applyStored(null);
  cart.loaded = false;
}

/** Checks the cart with the server and takes its prices, totals and upsells. */
export async function validateCart(): Promise<void> {
  const sequence = ++validationSequence;
  if (cart.items.length === 0) {
    cart.totals = null;
    cart.status = 'valid';
    await save();
    return;
  }
  if (!environment.isOnline()) {
    cart.status = 'outOfDate';
    await save();
    return;
  }
  cart.status = 'validating';
  const email = environment.customerEmail()?.trim();
  try {
    const answer = await shopApi.validateCart(
      {
        items: cart.items.map((item) => ({
          code: item.code,
          quantity: toQuantity(item.amount),
          showUpsell: item.showUpsell,
        })),
        // Spec §5: the discount code only when set, the e-mail only when not empty.
        ...(cart.discountCode ? { discountCode: cart.discountCode } : {}),
        ...(email ? { customerEmail: email } : {}),
      },
      environment.locale,
    );
    if (sequence !== validationSequence) return;
    cart.items = mergeValidation(cart.items, answer);
    cart.totals = answer.totals;
    cart.status = 'valid';
    await save();
  } catch (error) {
    if (sequence !== validationSequence) return;
    if (isTransient(error) || !(error instanceof ShopApiError)) {
      cart.status = 'outOfDate';
      await save();
      // One notice at a time: a burst of failed checks (several quick adds) says it once.
      const shown = notificationsStore.items.some((item) => item.message === 'messages.cartUpdateFailed');
      if (environment.isOnline() && !shown)
        addNotification({ type: 'warning', message: 'messages.cartUpdateFailed', translate: true });
      return;
    }
    if (error.code.startsWith('DISCOUNT_') && cart.discountCode) {
      cart.discountCode = null;
      addNotification({ type: 'error', message: `shop.discount.${error.code}`, translate: true });
      await validateCart();
      return;
    }
    console.warn('The server rejected the cart', error.code, error.message);
    await resetCart();
    addNotification({ type: 'error', message: 'messages.cartValidationFailed', translate: true });
  }
}

/** Saves at once (nothing is lost if the check fails), then checks. */
async function changed(): Promise<void> {
  cart.status = cart.items.length > 0 ? 'validating' : 'valid';
  await save();
  await validateCart();
}

/** The notice for an add or amount above MAX_ITEM_AMOUNT: the cart keeps the maximum. */
function tellMaxAmount(): void {
  addNotification({
    type: 'warning',
    message: 'shop.cart.maxAmount',
    translate: true,
    values: { max: MAX_ITEM_AMOUNT },
  });
}

export async function addToCart(product: ProductInput): Promise<void> {
  // One more would be refused by the server, and a refusal empties the cart (spec §4).
  if (isAtMaxAmount(cart.items, product.code)) {
    tellMaxAmount();
    return;
  }
  const first = cart.items.length === 0;
  cart.items = addItem(cart.items, product);
  const item = cart.items.find((entry) => entry.code === product.code)!;
  if (first) openModal(FIRST_IN_CART_MODAL);
  else addNotification({ type: 'success', message: 'messages.addedToCart', translate: true });
  trackShopEvent('add_to_cart', [analyticsItem(item, 1)]);
  await changed();
}

export async function removeFromCart(code: string): Promise<void> {
  const item = cart.items.find((entry) => entry.code === code);
  if (!item) return;
  cart.items = removeItem(cart.items, code);
  trackShopEvent('remove_from_cart', [analyticsItem(item, item.amount)]);
  await changed();
}

export async function changeAmount(code: string, amount: number): Promise<void> {
  const before = cart.items.find((entry) => entry.code === code);
  if (!before) return;
  if (amount > MAX_ITEM_AMOUNT) tellMaxAmount();
  cart.items = setAmount(cart.items, code, amount);
  if (cart.items.find((entry) => entry.code === code)!.amount === before.amount) return;
  const after = cart.items.find((entry) => entry.code === code)!;
  if (after.amount > before.amount) trackShopEvent('add_to_cart', [analyticsItem(after, after.amount - before.amount)]);
  if (after.amount < before.amount)
    trackShopEvent('remove_from_cart', [analyticsItem(after, before.amount - after.amount)]);
  await changed();
}

/** Spec §4 "Reset empties". */
export async function resetCart(): Promise<void> {
  validationSequence += 1;
  cart.items = [];
  cart.discountCode = null;
  cart.totals = null;
  cart.status = 'valid';
  await save();
}

export async function applyDiscountCode(code: string | null): Promise<void> {
  const trimmed = code?.trim() ?? '';
  cart.discountCode = trimmed === '' ? null : trimmed;
  await changed();
}

/** Takes the upsell offer: the item is replaced by the larger series. */
export async function acceptUpsell(code: string, upsellCode: string): Promise<void> {
  const item = cart.items.find((entry) => entry.code === code);
  const offer = item?.upsells.find((upsell) => upsell.product.code === upsellCode);
  if (!item || !offer) return;
  trackShopEvent('remove_from_cart', [analyticsItem(item, item.amount)]);
  const without = removeItem(cart.items, code);
  cart.items = addItem(without, { ...offer.product, showUpsell: true });
  trackShopEvent('add_to_cart', [
    analyticsItem(
      cart.items.find((entry) => entry.code === upsellCode)!,
      1,
    ),
  ]);
  await changed();
}

/** "No thanks": the server stops offering upsells for this item. */
export async function declineUpsell(code: string): Promise<void> {
  cart.items = cart.items.map((item): CartItem =>
    item.code === code ? { ...item, showUpsell: false, upsells: [] } : item,
  );
  await changed();
}
