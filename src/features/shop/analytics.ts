/**
 * Shop analytics events (GA4 e-commerce names) with items shaped per spec §3 Analytics
 * item: item_id (code), item_name, quantity, price excluding tax.
 *
 * Nothing is sent unless consent allows it: events go through the analytics gate
 * (src/ui/analytics-gate.ts), which drops them without analytics consent rather than
 * queueing them for a tag manager that may come later.
 */
import type { ShopCurrency } from '#shared/locales';
import { priceExcludingTax } from '#shared/shop/money';
import { pushAnalytics, type AnalyticsPush } from '@/ui/analytics-gate';

export interface AnalyticsItem {
  item_id: string;
  item_name: string;
  quantity: number;
  price: number;
}

export type ShopEvent =
  'add_to_cart' | 'remove_from_cart' | 'view_cart' | 'begin_checkout' | 'add_payment_info' | 'purchase';

export function analyticsItem(
  item: { code: string; name: string; price: number; taxPercentage: number },
  quantity: number,
): AnalyticsItem {
  return {
    item_id: item.code,
    item_name: item.name,
    quantity,
    price: priceExcludingTax(item.price, item.taxPercentage),
  };
}

export function trackShopEvent(
  event: ShopEvent,
  items: AnalyticsItem[],
  extra: Record<string, unknown> = {},
): AnalyticsPush {
  // GA4 asks to clear the previous ecommerce object before pushing the next one.
  // The shop charges EUR in every locale (ShopCurrency of the locale table, docs/shop.md).
  const currency: ShopCurrency = 'EUR';
  return pushAnalytics({ ecommerce: null }, { event, ecommerce: { currency, items, ...extra } });
}

/**
 * view_cart (cart page) and begin_checkout (checkout page), each once per visit of its
 * page: only once the saved cart has been read, and not for an empty cart. Answers
 * whether the event was due, so the page can remember that it has been sent.
 */
export function trackCartStep(
  event: 'view_cart' | 'begin_checkout',
  state: {
    loaded: boolean;
    items: ReadonlyArray<{ code: string; name: string; price: number; taxPercentage: number; amount: number }>;
  },
): boolean {
  if (!state.loaded || state.items.length === 0) return false;
  trackShopEvent(
    event,
    state.items.map((item) => analyticsItem(item, item.amount)),
  );
  return true;
}
