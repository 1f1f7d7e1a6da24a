/**
 * Shop analytics events (GA4 e-commerce names) with items shaped per spec §3 Analytics
 * item: item_id (code), item_name, quantity, price excluding tax (spec §9).
 *
 * Nothing is sent unless consent allows it: window.dataLayer exists only after the
 * consent feature has loaded the tag manager with analytics consent, so without it the
 * events are dropped here rather than queued for a tag manager that may come later.
 */
import { priceExcludingTax } from '../../shared/shop/money';

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

export function trackShopEvent(event: ShopEvent, items: AnalyticsItem[], extra: Record<string, unknown> = {}): boolean {
  if (typeof window === 'undefined') return false;
  const dataLayer = (window as Window & { dataLayer?: unknown[] }).dataLayer;
  if (!Array.isArray(dataLayer)) return false;
  // GA4 asks to clear the previous ecommerce object before pushing the next one.
  dataLayer.push({ ecommerce: null });
  dataLayer.push({ event, ecommerce: { currency: 'EUR', items, ...extra } });
  return true;
}
