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
 *   it or could not be asked: an add the server refuses does neither;
 * - no answer (offline, network error, 5xx) never empties it: it is kept, marked out of
 *   date, and checked again when the browser is back online: once per reconnect for all
 *   open tabs together (they share the saved cart); an add without an answer
 *   says so in one notice, 'addedWillBeChecked' (not 'addedToCart' and 'cartUpdateFailed');
 * - other tabs see every save (a Dexie live query of the saved cart) and take it as it is.
 *
 * `createCart` builds one cart from what it works with (the API, the storage, the session,
 * the locale and the online status); the app builds it once per page (src/app/cart-service.ts)
 * and hands it down with `CartProvider` (cart-context.tsx). Nothing here is module state, so a
 * test builds a fresh cart instead of resetting one.
 */
import { CART_NOTICE_IDS } from './cart-notices';
import { proxy } from 'valtio';
import type { Locale } from '#shared/locales';
import type { ValidateCartRequest, ValidatedCart } from '#shared/shop/api-schema';
import { openModal } from '@/ui/modal-store';
import { addNotificationOnceReady, notificationsStore, replaceNotification } from '@/ui/notifications-store';
import { analyticsItem, trackShopEvent } from '../analytics';
import { isDiscountErrorCode } from '#shared/rules/error-codes';
import { ApiError, isTransient } from '../api/shop-api';
import {
  addItem,
  countItems,
  isAtMaxAmount,
  MAX_ITEM_AMOUNT,
  mergeValidation,
  removeItem,
  sameCheckRequest,
  setAmount,
  splitRefusedLines,
  toQuantity,
  undoAdd,
} from './cart-items';
import { publishCartCount } from './cart-count';
import type { CartStorage } from './cart-storage';
import type { CartItem, CartState, ProductInput, StoredCart } from './cart-types';

export const FIRST_IN_CART_MODAL = 'firstInCart';

/** The one call of the shop API the cart makes. */
interface CartApi {
  validateCart(request: ValidateCartRequest, locale: Locale): Promise<ValidatedCart>;
}

/** What the cart needs to know of the session (spec §6). */
interface CartSession {
  /** The e-mail for validation: the account's when logged in, else the checkout form's. */
  customerEmail(): string | undefined;
  /**
   * Resolves once it is known whether a customer is logged in (the page's auth check), so
   * that the check on page load already sends the account e-mail (spec §6).
   */
  known(): Promise<void>;
}

export interface CartDependencies {
  api: CartApi;
  storage: CartStorage;
  session: CartSession;
  locale: Locale;
  online: () => boolean;
}

/**
 * How a check ended: 'valid' (the server's answer is in), 'kept' (no answer: offline or a
 * network failure, the cart is kept out of date), 'rejected' (the server refused the
 * cart, which is now empty) or 'superseded' (a newer change or another tab's save came
 * first; its own check decides).
 */
type CheckOutcome = 'valid' | 'kept' | 'rejected' | 'superseded';

/** The add whose check this is: what to take back when the server refuses it. */
interface AddUnderCheck {
  code: string;
  name: string;
  /** The line's amount before the add; 0 when the add created the line. */
  amountBefore: number;
}

/** Web Lock held by the tab that checks the shared cart after a reconnect. */
const RECONNECT_LOCK = 'st1-cart-reconnect';

export type Cart = ShopCart;

export function createCart(dependencies: CartDependencies): Cart {
  return new ShopCart(dependencies);
}

function emptyState(): CartState {
  return { items: [], discountCode: null, totals: null, status: 'valid', loaded: false, discountRefusal: null };
}

class ShopCart {
  /** The cart as components read it (`useSnapshot`). */
  readonly state = proxy<CartState>(emptyState());
  /**
   * How many discount fields are on the page: a refused code is told at the field when one
   * is (the cart page), and as a notice when none is (a saved code refused on another page).
   */
  private discountFields = 0;

  private starting: Promise<void> | undefined;
  /** The read of the saved cart on page load, once `start` has begun it. */
  private reading: Promise<void> | undefined;
  private stopListening: () => void = () => {};
  private validationSequence = 0;
  /** The newest check, for an add whose own check was superseded by a newer one. */
  private latestCheck: Promise<CheckOutcome> = Promise.resolve('valid');
  /** Serialises saves, so that a slow write never overwrites a newer one. */
  private saving: Promise<void> = Promise.resolve();
  /** True while the saved cart holds an add whose count the header does not show yet. */
  private countHeld = false;
  /** `savedAt` of the newest saved cart this tab has taken: read on load, or another tab's save. */
  private seenSavedAt = 0;
  /** The sequence of this tab's check while it waits for the server (not another tab's 'validating'). */
  private askingServer: number | undefined;
  /** How many saves this tab has made: a read of another tab's save that one overtook is stale. */
  private savesMade = 0;

  constructor(private readonly dependencies: CartDependencies) {}

  /** A discount field is on the page until the returned function is called. */
  showDiscountField(): () => void {
    this.discountFields += 1;
    return () => {
      this.discountFields -= 1;
    };
  }

  count(): number {
    return countItems(this.state.items);
  }

  /**
   * Restores the saved cart and checks it with the server (spec §4 "Loading from local
   * storage restores and re-validates"). Safe to call from every component that needs the
   * cart: it runs once.
   */
  start(): Promise<void> {
    this.starting ??= this.restore();
    return this.starting;
  }

  /** Stops following other tabs and the browser's events (a test's cart, a page torn down). */
  stop(): void {
    this.stopListening();
    this.stopListening = () => {};
  }

  private async restore(): Promise<void> {
    const { storage } = this.dependencies;
    this.reading = this.readSaved();
    await this.reading;
    const stopTabs = storage.onOtherTabSave((savedAt) => {
      // The watch's first answer is the cart as read here, unless another tab saved since.
      if (savedAt !== this.seenSavedAt) void this.takeOtherTabSave();
    });
    const onOnline = () => void this.checkAfterReconnect();
    // Leaving before the answer to an add: the add stays saved (checked on the next load),
    // so the header count of the next page must show it.
    const onPageHide = () => {
      if (this.countHeld) publishCartCount(countItems(this.state.items));
    };
    const page = window;
    page.addEventListener('online', onOnline);
    page.addEventListener('pagehide', onPageHide);
    this.stopListening = () => {
      stopTabs();
      page.removeEventListener('online', onOnline);
      page.removeEventListener('pagehide', onPageHide);
    };
    if (this.state.items.length > 0) await this.validate();
  }

  private async readSaved(): Promise<void> {
    const record = await this.dependencies.storage.read();
    this.seenSavedAt = record?.savedAt ?? 0;
    this.applyStored(record);
    this.state.loaded = true;
  }

  /**
   * Resolves once the saved cart has been read (starting the cart if nothing has). A change
   * made before would be overwritten by the saved cart when its read answers, and the
   * change's own check would then save that cart over it: an add pressed while IndexedDB
   * was still opening on a busy machine was lost (the saved cart and the header stayed
   * empty).
   */
  private async whenRead(): Promise<void> {
    void this.start().catch(() => undefined); // a failed read is the page's to tell, not the add's
    await this.reading?.catch(() => undefined);
  }

  private stored(): StoredCart {
    const { items, discountCode, totals, status } = this.state;
    return { items, discountCode, totals, status, savedAt: Date.now() };
  }

  /**
   * Saves the cart as it is now; resolves false when it was a check's outcome (`outcome`)
   * and another tab had saved a newer cart meanwhile, which then stays (`storage.write`).
   */
  private save(options: { holdCount?: boolean; outcome?: boolean } = {}): Promise<boolean> {
    const snapshot = this.stored();
    this.savesMade += 1;
    const publishCount = !options.holdCount;
    const seen = this.seenSavedAt;
    const written = this.saving.then(() =>
      this.dependencies.storage.write(snapshot, {
        publishCount,
        ...(options.outcome ? { unlessOtherTabSavedAfter: seen } : {}),
      }),
    );
    const settled = written.catch((error: unknown) => {
      console.error('Saving the cart failed', error);
      return true; // nothing newer was found: the cart on screen stays this tab's
    });
    this.saving = settled.then(() => undefined);
    this.countHeld = !publishCount;
    return settled;
  }

  /**
   * Takes the cart another tab saved: a check of this tab still under way is older than it
   * (its answer is dropped), and so is the cart on screen.
   */
  private async takeOtherTabSave(): Promise<void> {
    const savesBefore = this.savesMade;
    const record = await this.dependencies.storage.read({ live: true });
    // Told of another tab's save, this tab has saved over it since (an add pressed before
    // the news came): the saved cart is this tab's own, and its check under way is for it.
    // Taken as another tab's, that check was dropped as older, nobody checked the add, and
    // the header's count never took it (shop-offline.spec's second tab, at three workers).
    if (record?.writtenHere) return;
    // The same when the add came while the read was out: the read found the other tab's
    // cart, but this tab's change is newer and its save goes over it. Taken, the other
    // tab's cart replaced the add on screen and dropped its check (shop-offline.spec, the
    // header counting 2 of 3 in the fresh-clone CI of 7f37af0).
    if (this.savesMade !== savesBefore) return;
    this.takeStored(record);
  }

  /** Takes a cart another tab saved, read just now (see `takeOtherTabSave`). */
  private takeStored(record: StoredCart | null): void {
    this.seenSavedAt = record?.savedAt ?? 0;
    // That tab's save of the very cart under check here (its own check's "no answer", saved
    // late) leaves this check standing: its answer is for that cart. Dropping it left the
    // saved cart out of date, and the other tab checked it a second time after a reconnect.
    const asking = this.askingServer === this.validationSequence;
    if (asking && record?.status === 'outOfDate' && sameCheckRequest(record, this.state)) return;
    this.validationSequence += 1; // a check of this tab still on its way is older than that save
    this.applyStored(record);
  }

  /** A check's outcome was not saved, since another tab saved a newer cart: that one is taken. */
  private async saveOutcome(outcome: CheckOutcome): Promise<CheckOutcome> {
    if (await this.save({ outcome: true })) return outcome;
    await this.takeOtherTabSave();
    return 'superseded';
  }

  private applyStored(record: StoredCart | null): void {
    this.state.items = record?.items ?? [];
    this.state.discountCode = record?.discountCode ?? null;
    this.state.totals = record?.totals ?? null;
    this.state.status = record?.status ?? 'valid';
  }

  /**
   * Back online: one check of the saved cart, whichever tab gets to it first. Every open tab
   * hears the same `online` event; the others wait for the lock, then find the cart checked
   * (its answer saved) and take it as it is instead of asking the server again.
   */
  private async checkAfterReconnect(): Promise<void> {
    const cart = this.state;
    if (cart.status !== 'outOfDate' || cart.items.length === 0) return;
    const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
    if (!locks) {
      await this.validate();
      return;
    }
    await locks.request(RECONNECT_LOCK, async () => {
      const savesBefore = this.savesMade;
      const saved = await this.dependencies.storage.read({ live: true });
      // An add pressed while the read was out has saved over it and is being checked; taken,
      // the read's older cart replaced the add on screen (as in `takeOtherTabSave`).
      if (this.savesMade !== savesBefore) return;
      if (saved && saved.status !== 'outOfDate') {
        this.takeStored(saved);
        return;
      }
      if (cart.status === 'outOfDate' && cart.items.length > 0) await this.validate();
    });
  }

  /**
   * Checks the cart with the server and takes its prices, totals and upsells. A check with
   * no answer says "update failed", unless its caller says it in its own words (an add).
   */
  validate(options: { add?: AddUnderCheck; announceFailure?: boolean } = {}): Promise<CheckOutcome> {
    const check = this.runCheck(++this.validationSequence, options.add, options.announceFailure ?? true);
    this.latestCheck = check;
    return check;
  }

  private async runCheck(
    sequence: number,
    add: AddUnderCheck | undefined,
    announceFailure: boolean,
  ): Promise<CheckOutcome> {
    const cart = this.state;
    if (cart.items.length === 0) {
      cart.totals = null;
      cart.status = 'valid';
      return this.saveOutcome('valid');
    }
    if (!this.dependencies.online()) {
      cart.status = 'outOfDate';
      return this.saveOutcome('kept');
    }
    cart.status = 'validating';
    let answer: ValidatedCart | 'superseded';
    try {
      answer = await this.askServer(sequence);
    } catch (error) {
      if (sequence !== this.validationSequence) return 'superseded';
      return this.refused(error, add, announceFailure);
    }
    if (answer === 'superseded' || sequence !== this.validationSequence) return 'superseded';
    cart.items = mergeValidation(cart.items, answer);
    // The origin matches a code in any case and spacing and answers its own form of it: once
    // taken, the cart shows and keeps that form ("KEVAT10"), not the one typed ("kevat 10").
    if (cart.discountCode && answer.discountCode) cart.discountCode = answer.discountCode.code;
    cart.totals = answer.totals;
    cart.status = 'valid';
    return this.saveOutcome('valid');
  }

  /** The server's answer to the cart as it is now (after the page's auth check, spec §6). */
  private async askServer(sequence: number): Promise<ValidatedCart | 'superseded'> {
    const cart = this.state;
    const { api, session, locale } = this.dependencies;
    this.askingServer = sequence;
    try {
      await session.known();
      if (sequence !== this.validationSequence) return 'superseded';
      const email = session.customerEmail()?.trim();
      return await api.validateCart(
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
        locale,
      );
    } finally {
      if (this.askingServer === sequence) this.askingServer = undefined;
    }
  }

  /** A check without an answer keeps the cart; a refusal takes out what was refused. */
  private async refused(
    error: unknown,
    add: AddUnderCheck | undefined,
    announceFailure: boolean,
  ): Promise<CheckOutcome> {
    const cart = this.state;
    // Notices wait for the notification region: on page load it may not be there yet.
    if (isTransient(error) || !(error instanceof ApiError)) {
      cart.status = 'outOfDate';
      if ((await this.saveOutcome('kept')) === 'superseded') return 'superseded';
      // One notice at a time: a burst of failed checks (several quick adds) says it once.
      const shown = notificationsStore.items.some((item) => item.message === CART_NOTICE_IDS.updateFailed);
      if (announceFailure && this.dependencies.online() && !shown)
        addNotificationOnceReady({ type: 'warning', message: CART_NOTICE_IDS.updateFailed, translate: true });
      return 'kept';
    }
    if (isDiscountErrorCode(error.code) && cart.discountCode) {
      cart.discountRefusal = { code: cart.discountCode, reason: error.code };
      cart.discountCode = null;
      if (this.discountFields === 0)
        addNotificationOnceReady({ type: 'error', message: `shop.discount.${error.code}`, translate: true });
      return this.validate();
    }
    console.warn('The server rejected the cart', error.code, error.message);
    return this.dropRefused(error, add);
  }

  /**
   * A refusal takes out only what was refused: the lines of the products it names, else the
   * add under check. Then the rest is checked again (its totals were never answered). Only a
   * refusal that names nothing the cart can drop empties it (spec §4).
   */
  private async dropRefused(error: ApiError, add: AddUnderCheck | undefined): Promise<CheckOutcome> {
    const cart = this.state;
    const { kept, dropped } = splitRefusedLines(cart.items, error.productCodes);
    if (dropped.length > 0) {
      cart.items = kept;
      addNotificationOnceReady({
        type: 'error',
        message: CART_NOTICE_IDS.productsRemoved,
        translate: true,
        values: { products: dropped.map((item) => item.name).join(', ') },
      });
      return this.validate();
    }
    if (add) {
      cart.items = undoAdd(cart.items, add.code, add.amountBefore);
      addNotificationOnceReady({
        type: 'error',
        message: CART_NOTICE_IDS.addRefused,
        translate: true,
        values: { product: add.name },
      });
      await this.validate();
      return 'rejected';
    }
    await this.reset();
    addNotificationOnceReady({ type: 'error', message: CART_NOTICE_IDS.validationFailed, translate: true });
    return 'rejected';
  }

  /** The outcome of a check, or of the newer check that superseded it. */
  private async settled(check: Promise<CheckOutcome>): Promise<CheckOutcome> {
    let current = check;
    let outcome = await current;
    while (outcome === 'superseded' && this.latestCheck !== current) {
      current = this.latestCheck;
      outcome = await current;
    }
    return outcome;
  }

  /** Saves at once (nothing is lost if the check fails), then checks. */
  private async changed(): Promise<void> {
    this.state.status = this.state.items.length > 0 ? 'validating' : 'valid';
    // The change supersedes a check still out at once, not after its save: an answer for the
    // cart before the change, arriving while the change was being saved, was taken for the
    // changed cart (a new discount code shown "in use" before its own check, and the focus
    // lost with the code's field; found by shop-cart-keyboard.spec.ts in CI).
    const sequence = ++this.validationSequence;
    const check = this.save().then(() => this.runCheck(sequence, undefined, true));
    this.latestCheck = check;
    await check;
  }

  /** The notice for an add or amount above MAX_ITEM_AMOUNT: the cart keeps the maximum. */
  private tellMaxAmount(): void {
    replaceNotification({
      type: 'warning',
      message: /*i18n*/ 'shop.cart.maxAmount',
      translate: true,
      values: { max: MAX_ITEM_AMOUNT },
    });
  }

  async add(product: ProductInput): Promise<void> {
    // The add's check needs the auth check: asked for now, it runs while the saved cart is read and written.
    void this.dependencies.session.known();
    await this.whenRead();
    const cart = this.state;
    // One more would be refused by the server, and a refusal empties the cart (spec §4).
    if (isAtMaxAmount(cart.items, product.code)) {
      this.tellMaxAmount();
      return;
    }
    const first = cart.items.length === 0;
    const amountBefore = cart.items.find((entry) => entry.code === product.code)?.amount ?? 0;
    cart.items = addItem(cart.items, product);
    cart.status = 'validating';
    // Saved at once, but the header count, the modal and the notice wait for the server: a
    // refused add is taken back with its own notice and must not look added first. No
    // answer keeps it (saved out of date) and counts as added.
    await this.save({ holdCount: true });
    // The add says its own outcome in one message: "added", or "added, will be checked" when
    // no answer came (offline, a network error, a 5xx), never "added" and "update failed".
    const outcome = await this.settled(
      this.validate({ add: { code: product.code, name: product.name, amountBefore }, announceFailure: false }),
    );
    if (outcome === 'rejected' || outcome === 'superseded') return;
    const item = cart.items.find((entry) => entry.code === product.code);
    if (!item) return;
    // Each add's notice replaces the previous add's: they never time out, and stacked they
    // covered the next products on a phone.
    if (first) openModal(FIRST_IN_CART_MODAL);
    else if (outcome === 'kept')
      replaceNotification({ type: 'information', message: CART_NOTICE_IDS.addedWillBeChecked, translate: true });
    else replaceNotification({ type: 'success', message: CART_NOTICE_IDS.addedToCart, translate: true });
    trackShopEvent('add_to_cart', [analyticsItem(item, 1)]);
  }

  async remove(code: string): Promise<void> {
    const item = this.state.items.find((entry) => entry.code === code);
    if (!item) return;
    this.state.items = removeItem(this.state.items, code);
    trackShopEvent('remove_from_cart', [analyticsItem(item, item.amount)]);
    await this.changed();
  }

  async changeAmount(code: string, amount: number): Promise<void> {
    const cart = this.state;
    const before = cart.items.find((entry) => entry.code === code);
    if (!before) return;
    if (amount > MAX_ITEM_AMOUNT) this.tellMaxAmount();
    cart.items = setAmount(cart.items, code, amount);
    const after = cart.items.find((entry) => entry.code === code)!;
    if (after.amount === before.amount) return;
    if (after.amount > before.amount)
      trackShopEvent('add_to_cart', [analyticsItem(after, after.amount - before.amount)]);
    if (after.amount < before.amount)
      trackShopEvent('remove_from_cart', [analyticsItem(after, before.amount - after.amount)]);
    await this.changed();
  }

  /** Spec §4 "Reset empties". */
  async reset(): Promise<void> {
    this.validationSequence += 1;
    this.applyStored(null);
    await this.save();
  }

  async applyDiscountCode(code: string | null): Promise<void> {
    const trimmed = code?.trim() ?? '';
    this.state.discountCode = trimmed === '' ? null : trimmed;
    this.state.discountRefusal = null;
    await this.changed();
  }

  /** Takes the upsell offer: the item is replaced by the larger series. */
  async acceptUpsell(code: string, upsellCode: string): Promise<void> {
    const cart = this.state;
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
    await this.changed();
  }

  /** "No thanks": the server stops offering upsells for this item. */
  async declineUpsell(code: string): Promise<void> {
    this.state.items = this.state.items.map((item): CartItem =>
      item.code === code ? { ...item, showUpsell: false, upsells: [] } : item,
    );
    await this.changed();
  }
}
