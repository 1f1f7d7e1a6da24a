/** Pure cart transitions (spec §4 Cart): used by the store and tested on their own. */
import type { ProductView, ValidatedCart } from '#shared/shop/api-schema';
import { MAX_QUANTITY } from '#shared/rules/limits';
import { applyUpsellRule } from '#shared/shop/upsell';
import type { CartIncluded, CartItem, ProductInput } from './cart-types';

/** What a product contains: its bundle members, or itself once. */
function includesOf(product: ProductInput): CartIncluded[] {
  const members = product.bundleMembers ?? [];
  if (members.length === 0) return [{ amount: 1, globalName: product.name, sku: [product.code] }];
  return members.map((member) => ({
    amount: member.amount,
    globalName: member.product.globalName,
    sku: [member.product.code],
  }));
}

function itemFromProduct(product: ProductInput): CartItem {
  const price = product.unitPrice ?? product.attributes?.price ?? 0;
  return {
    code: product.code,
    name: product.name,
    image: product.image ?? null,
    amount: 1,
    price,
    includes: includesOf(product),
    attributes: { price, tax_class: product.attributes?.tax_class ?? [] },
    taxPercentage: product.taxPercentage ?? 0,
    showUpsell: product.showUpsell ?? true,
    upsells: [],
  };
}

/**
 * The most of one product a cart holds: the server refuses a larger quantity (400), and a
 * refusal would empty the whole cart (spec §4), so the browser stops here instead.
 */
export const MAX_ITEM_AMOUNT = MAX_QUANTITY;

/**
 * Spec §4: an existing code gets one more; a new code becomes an item with amount 1.
 * An item already at MAX_ITEM_AMOUNT stays as it is.
 */
export function addItem(items: readonly CartItem[], product: ProductInput): CartItem[] {
  return items.some((item) => item.code === product.code)
    ? items.map((item) => (item.code === product.code ? { ...item, amount: clampAmount(item.amount + 1) } : item))
    : [...items, itemFromProduct(product)];
}

/** Whether one more of this code would go over MAX_ITEM_AMOUNT. */
export function isAtMaxAmount(items: readonly CartItem[], code: string): boolean {
  return items.some((item) => item.code === code && item.amount >= MAX_ITEM_AMOUNT);
}

export function removeItem(items: readonly CartItem[], code: string): CartItem[] {
  return items.filter((item) => item.code !== code);
}

/** Spec §5: the quantity sent is an integer, 1 when the amount is not a positive integer. */
export function toQuantity(amount: unknown): number {
  return typeof amount === 'number' && Number.isInteger(amount) && amount > 0 ? amount : 1;
}

/** An amount the cart can hold: a positive integer (else 1), at most MAX_ITEM_AMOUNT. */
function clampAmount(amount: unknown): number {
  return Math.min(toQuantity(amount), MAX_ITEM_AMOUNT);
}

export function setAmount(items: readonly CartItem[], code: string, amount: number): CartItem[] {
  return items.map((item) => (item.code === code ? { ...item, amount: clampAmount(amount) } : item));
}

/** A line's gross total in euros: the server's unit price × the amount, to the cent. */
export function lineTotal(item: Pick<CartItem, 'price' | 'amount'>): number {
  return Math.round(item.price * item.amount * 100) / 100;
}

/** The cart amount count of spec §3: all units of all items. */
export function countItems(items: readonly CartItem[]): number {
  return items.reduce((sum, item) => sum + item.amount, 0);
}

function fromView(item: CartItem, product: ProductView): CartItem {
  return {
    ...item,
    name: product.name,
    image: product.image ?? null,
    price: product.unitPrice,
    includes: includesOf(product),
    attributes: { price: product.attributes.price, tax_class: product.attributes.tax_class },
    taxPercentage: product.taxPercentage,
  };
}

/** Takes the server's product data and upsell offers (after the upsell rule of spec §4). */
export function mergeValidation(items: readonly CartItem[], answer: ValidatedCart): CartItem[] {
  return items.map((item) => {
    const validated = answer.items.find((entry) => entry.product.code === item.code);
    if (!validated) return item;
    const updated = fromView(item, validated.product);
    return { ...updated, upsells: item.showUpsell ? applyUpsellRule(updated, validated.upsellProducts) : [] };
  });
}

/**
 * Reads a stored cart defensively: an item with no usable code is dropped, amounts that
 * are not positive integers become 1 and larger ones than MAX_ITEM_AMOUNT that, so a
 * damaged record never breaks the page.
 */
export function sanitizeItems(value: unknown): CartItem[] {
  if (!Array.isArray(value)) return [];
  const items: CartItem[] = [];
  for (const entry of value as unknown[]) {
    if (!entry || typeof entry !== 'object') continue;
    const raw = entry as Partial<CartItem>;
    if (typeof raw.code !== 'string' || !/^[A-Za-z0-9_-]{1,64}$/.test(raw.code)) continue;
    if (items.some((item) => item.code === raw.code)) continue;
    const base = itemFromProduct({ code: raw.code, name: typeof raw.name === 'string' ? raw.name : raw.code });
    items.push({
      ...base,
      ...(Array.isArray(raw.includes) ? { includes: raw.includes } : {}),
      ...(typeof raw.price === 'number'
        ? { price: raw.price, attributes: { price: raw.price, tax_class: raw.attributes?.tax_class ?? [] } }
        : {}),
      ...(typeof raw.taxPercentage === 'number' ? { taxPercentage: raw.taxPercentage } : {}),
      ...(raw.image && typeof raw.image.src === 'string' ? { image: raw.image } : {}),
      amount: clampAmount(raw.amount),
      showUpsell: raw.showUpsell !== false,
      upsells: Array.isArray(raw.upsells) ? raw.upsells : [],
    });
  }
  return items;
}

/**
 * The lines a refusal names, split from the rest: the codes the server listed (a product
 * withdrawn meanwhile) that are in the cart. Empty when it named none of them.
 */
export function splitRefusedLines(
  items: readonly CartItem[],
  refusedCodes: readonly string[],
): { kept: CartItem[]; dropped: CartItem[] } {
  const refused = new Set(refusedCodes);
  return {
    kept: items.filter((item) => !refused.has(item.code)),
    dropped: items.filter((item) => refused.has(item.code)),
  };
}

/**
 * Takes back one add: the line goes when the add created it, else its amount returns to
 * what it was. The other lines stay as they are (edits made meanwhile included).
 */
export function undoAdd(items: readonly CartItem[], code: string, amountBefore: number): CartItem[] {
  return amountBefore > 0 ? setAmount(items, code, amountBefore) : removeItem(items, code);
}

/**
 * Whether two carts put the same question to the server: the same lines (code, amount and
 * whether upsells are wanted) and the same discount code. A check of one answers the other.
 */
export function sameCheckRequest(
  a: { items: readonly CartItem[]; discountCode: string | null },
  b: { items: readonly CartItem[]; discountCode: string | null },
): boolean {
  const lines = (items: readonly CartItem[]) =>
    items.map((item) => `${item.code}\u0000${toQuantity(item.amount)}\u0000${item.showUpsell}`).join('\u0001');
  return a.discountCode === b.discountCode && lines(a.items) === lines(b.items);
}
