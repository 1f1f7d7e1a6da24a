/**
 * The cart (spec §4 Cart): a valtio store saved to IndexedDB after every change and checked
 * by the server after every change. Rules:
 * - adding an existing code raises its amount by 1; a new code becomes an item (amount 1);
 *   the first product in an empty cart opens modal 'firstInCart', later adds show the
 *   notice 'addedToCart'; one product holds at most MAX_ITEM_AMOUNT (the server's limit),
 *   beyond which the cart stays as it is with the notice 'shop.cart.maxAmount';
 * - the server refusing products (a 422 naming their codes: withdrawn meanwhile) drops only
 *   those lines, names them in the notice 'cartProductsRemoved' and keeps the rest, edits
 *   made offline included; an add refused without a named product takes back only that
 *   add ('cartAddRefused'). A deliberate change from spec §4, where any failed validation
 *   empties the cart (docs/shop.md): only a refusal that names nothing the cart can drop
 *   still empties it with 'cartValidationFailed'. A rejected discount code only drops the
 *   code;
 * - an add is saved at once (a page closed meanwhile loses nothing), but opens the modal
 *   (or shows 'addedToCart') and raises the header count only once the server has taken
 *   it or could not be asked: an add the server refuses does neither (issue 11);
 * - no answer (offline, network error, 5xx) never empties it: it is kept, marked out of
 *   date, and checked again when the browser is back online: once per reconnect for all
 *   open tabs together (they share the saved cart); an add without an answer
 *   says so in one notice, 'addedWillBeChecked' (not 'addedToCart' and 'cartUpdateFailed');
 * - other tabs see every save (a Dexie live query of the saved cart) and take it as it is.
 */
import { proxy } from 'valtio';
import type { Locale } from '@/shared/locales';
import { openModal } from '@/ui/modal-store';
import { addNotification, addNotificationOnceReady, notificationsStore } from '@/ui/notifications-store';
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
  splitRefusedLines,
  toQuantity,
  undoAdd,
} from './cart-items';
import { publishCartCount } from './cart-count';
import { onOtherTabSave, readStoredCart, writeStoredCart } from './cart-storage';
import type { CartItem, CartState, ProductInput, StoredCart } from './cart-types';

export const FIRST_IN_CART_MODAL = 'firstInCart';

export const cart = proxy<CartState>({
  items: [],
  discountCode: null,
  totals: null,
  status: 'valid',
  loaded: false,
  discountRefusal: null,
});

/**
 * How many discount fields are on the page: a refused code is told at the field when one
 * is (the cart page), and as a notice when none is (a saved code refused on another page).
 */
export const discountFields = { mounted: 0 };

interface CartEnvironment {
  locale: Locale;
  /** The e-mail for validation (spec §6): the account's when logged in, else the checkout form's. */
  customerEmail: () => string | undefined;
  isOnline: () => boolean;
  /**
   * Resolves once it is known whether a customer is logged in (the page's auth check), so
   * that the check on page load already sends the account e-mail (spec §6). Default: known.
   */
  sessionKnown?: () => Promise<void>;
}

/**
 * How a check ended: 'valid' (the server's answer is in), 'kept' (no answer: offline or a
 * network failure, the cart is kept out of date), 'rejected' (the server refused the
 * cart, which is now empty) or 'superseded' (a newer change or another tab's save came
 * first; its own check decides).
 */
export type CheckOutcome = 'valid' | 'kept' | 'rejected' | 'superseded';

let environment: CartEnvironment = { locale: 'fi-FI', customerEmail: () => undefined, isOnline: () => true };
let starting: Promise<void> | undefined;
let stopListening: () => void = () => {};
let validationSequence = 0;
/** The newest check, for an add whose own check was superseded by a newer one. */
let latestCheck: Promise<CheckOutcome> = Promise.resolve('valid');
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

/** True while the saved cart holds an add whose count the header does not show yet. */
let countHeld = false;

function save(options: { holdCount?: boolean } = {}): Promise<void> {
  const snapshot = stored();
  const publishCount = !options.holdCount;
  countHeld = !publishCount;
  saving = saving
    .then(() => writeStoredCart(snapshot, { publishCount }))
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
    window.addEventListener('online', () => void checkAfterReconnect());
    // Leaving before the answer to an add: the add stays saved (checked on the next load),
    // so the header count of the next page must show it.
    window.addEventListener('pagehide', () => {
      if (countHeld) publishCartCount(countItems(cart.items));
    });
    if (cart.items.length > 0) await validateCart();
  })();
  return starting;
}

/** For tests: forget the started state. */
export function resetCartModuleForTests(): void {
  stopListening();
  starting = undefined;
  countHeld = false;
  validationSequence = 0;
  latestCheck = Promise.resolve('valid');
  applyStored(null);
  cart.loaded = false;
}

/** Web Lock held by the tab that checks the shared cart after a reconnect. */
const RECONNECT_LOCK = 'st1-cart-reconnect';

/**
 * Back online: one check of the saved cart, whichever tab gets to it first. Every open tab
 * hears the same `online` event; the others wait for the lock, then find the cart checked
 * (its answer saved) and take it as it is instead of asking the server again.
 */
async function checkAfterReconnect(): Promise<void> {
  if (cart.status !== 'outOfDate' || cart.items.length === 0) return;
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  if (!locks) {
    await validateCart();
    return;
  }
  await locks.request(RECONNECT_LOCK, async () => {
    const saved = await readStoredCart({ live: true });
    if (saved && saved.status !== 'outOfDate') {
      validationSequence += 1; // a check of this tab still on its way is older than that save
      applyStored(saved);
      return;
    }
    if (cart.status === 'outOfDate' && cart.items.length > 0) await validateCart();
  });
}

/** The add whose check this is: what to take back when the server refuses it. */
interface AddUnderCheck {
  code: string;
  name: string;
  /** The line's amount before the add; 0 when the add created the line. */
  amountBefore: number;
}

/**
 * Checks the cart with the server and takes its prices, totals and upsells. A check with
 * no answer says "update failed", unless its caller says it in its own words (an add).
 */
export function validateCart(options: { add?: AddUnderCheck; announceFailure?: boolean } = {}): Promise<CheckOutcome> {
  const check = runCheck(++validationSequence, options.add, options.announceFailure ?? true);
  latestCheck = check;
  return check;
}

async function runCheck(
  sequence: number,
  add: AddUnderCheck | undefined,
  announceFailure: boolean,
): Promise<CheckOutcome> {
  if (cart.items.length === 0) {
    cart.totals = null;
    cart.status = 'valid';
    await save();
    return 'valid';
  }
  if (!environment.isOnline()) {
    cart.status = 'outOfDate';
    await save();
    return 'kept';
  }
  cart.status = 'validating';
  await environment.sessionKnown?.();
  if (sequence !== validationSequence) return 'superseded';
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
    if (sequence !== validationSequence) return 'superseded';
    cart.items = mergeValidation(cart.items, answer);
    cart.totals = answer.totals;
    cart.status = 'valid';
    await save();
    return 'valid';
  } catch (error) {
    if (sequence !== validationSequence) return 'superseded';
    // Notices wait for the notification region: on page load it may not be there yet.
    if (isTransient(error) || !(error instanceof ShopApiError)) {
      cart.status = 'outOfDate';
      await save();
      // One notice at a time: a burst of failed checks (several quick adds) says it once.
      const shown = notificationsStore.items.some((item) => item.message === 'messages.cartUpdateFailed');
      if (announceFailure && environment.isOnline() && !shown)
        addNotificationOnceReady({ type: 'warning', message: /*i18n*/ 'messages.cartUpdateFailed', translate: true });
      return 'kept';
    }
    if (error.code.startsWith('DISCOUNT_') && cart.discountCode) {
      cart.discountRefusal = { code: cart.discountCode, reason: error.code };
      cart.discountCode = null;
      if (discountFields.mounted === 0)
        addNotificationOnceReady({ type: 'error', message: `shop.discount.${error.code}`, translate: true });
      return validateCart();
    }
    console.warn('The server rejected the cart', error.code, error.message);
    return dropRefused(error, add);
  }
}

/**
 * A refusal takes out only what was refused: the lines of the products it names, else the
 * add under check. Then the rest is checked again (its totals were never answered). Only a
 * refusal that names nothing the cart can drop empties it (spec §4).
 */
async function dropRefused(error: ShopApiError, add: AddUnderCheck | undefined): Promise<CheckOutcome> {
  const { kept, dropped } = splitRefusedLines(cart.items, error.productCodes);
  if (dropped.length > 0) {
    cart.items = kept;
    addNotificationOnceReady({
      type: 'error',
      message: /*i18n*/ 'messages.cartProductsRemoved',
      translate: true,
      values: { products: dropped.map((item) => item.name).join(', ') },
    });
    return validateCart();
  }
  if (add) {
    cart.items = undoAdd(cart.items, add.code, add.amountBefore);
    addNotificationOnceReady({
      type: 'error',
      message: /*i18n*/ 'messages.cartAddRefused',
      translate: true,
      values: { product: add.name },
    });
    await validateCart();
    return 'rejected';
  }
  await resetCart();
  addNotificationOnceReady({ type: 'error', message: /*i18n*/ 'messages.cartValidationFailed', translate: true });
  return 'rejected';
}

/** The outcome of a check, or of the newer check that superseded it. */
async function settled(check: Promise<CheckOutcome>): Promise<CheckOutcome> {
  let current = check;
  let outcome = await current;
  while (outcome === 'superseded' && latestCheck !== current) {
    current = latestCheck;
    outcome = await current;
  }
  return outcome;
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
    message: /*i18n*/ 'shop.cart.maxAmount',
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
  const amountBefore = cart.items.find((entry) => entry.code === product.code)?.amount ?? 0;
  cart.items = addItem(cart.items, product);
  cart.status = 'validating';
  // Saved at once, but the header count, the modal and the notice wait for the server: a
  // refused add is taken back with its own notice and must not look added first. No
  // answer keeps it (saved out of date) and counts as added.
  await save({ holdCount: true });
  // The add says its own outcome in one message: "added", or "added, will be checked" when
  // no answer came (offline, a network error, a 5xx), never "added" and "update failed".
  const outcome = await settled(
    validateCart({ add: { code: product.code, name: product.name, amountBefore }, announceFailure: false }),
  );
  if (outcome === 'rejected' || outcome === 'superseded') return;
  const item = cart.items.find((entry) => entry.code === product.code);
  if (!item) return;
  if (first) openModal(FIRST_IN_CART_MODAL);
  else if (outcome === 'kept')
    addNotification({ type: 'information', message: /*i18n*/ 'messages.addedWillBeChecked', translate: true });
  else addNotification({ type: 'success', message: /*i18n*/ 'messages.addedToCart', translate: true });
  trackShopEvent('add_to_cart', [analyticsItem(item, 1)]);
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
  cart.discountRefusal = null;
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
