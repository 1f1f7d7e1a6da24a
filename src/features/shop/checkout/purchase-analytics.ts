/**
 * The purchase event (docs/shop.md "Analytics"): once per order, however often the receipt
 * page is shown (a reload presents the signed result again and gets the same receipt).
 * The items are those remembered when the order was created (start-payment.ts), and
 * sessionStorage remembers that the event has been sent.
 */
import type { OrderReceipt } from '#shared/shop/api-schema';
import { trackShopEvent } from '../analytics';
import { readPendingOrder, writePendingOrder } from './pending-order';

/** Sends purchase for a paid receipt unless it was sent already; answers whether it was sent now. */
export function trackPurchaseOnce(receipt: OrderReceipt): boolean {
  if (receipt.status !== 'paid') return false;
  const pending = readPendingOrder();
  if (!pending || pending.orderId !== receipt.orderId || pending.purchaseTracked) return false;
  trackShopEvent('purchase', pending.items, { transaction_id: receipt.orderId, value: receipt.totals.totalWithTax });
  writePendingOrder({ ...pending, purchaseTracked: true });
  return true;
}
