/**
 * The order on its way through the payment gateway, in sessionStorage: the idempotency key
 * (so that a retried "Pay" after a lost answer gives the same order, not a second one) and
 * the analytics items for the purchase event on return.
 */
import type { AnalyticsItem } from '../analytics';

const KEY = 'st1.pendingOrder';

export interface PendingOrder {
  idempotencyKey: string;
  /** What the key was used for: a new cart or new data needs a new key. */
  fingerprint: string;
  orderId: string | null;
  items: AnalyticsItem[];
  total: number;
  purchaseTracked: boolean;
}

export function readPendingOrder(): PendingOrder | null {
  try {
    const value = JSON.parse(window.sessionStorage.getItem(KEY) ?? 'null') as PendingOrder | null;
    return value && typeof value.idempotencyKey === 'string' ? value : null;
  } catch {
    return null;
  }
}

export function writePendingOrder(order: PendingOrder): void {
  try {
    window.sessionStorage.setItem(KEY, JSON.stringify(order));
  } catch {
    // Without sessionStorage a retry makes a new order; the old one stays pending, unpaid.
  }
}

/** The key for this cart and customer: the stored one when nothing changed, else a new one. */
export function idempotencyKeyFor(fingerprint: string): string {
  const pending = readPendingOrder();
  if (pending && pending.fingerprint === fingerprint && pending.orderId === null) return pending.idempotencyKey;
  return crypto.randomUUID();
}
