/**
 * pending → paid, shared by completing an order and by reconciliation: the one conditional
 * update that moves an order to paid, and what that call alone then does (spends the
 * discount use, issues the wash codes, queues the receipt).
 */
import type { Repositories } from '../../unit-of-work';
import type { OutboxRepository } from '../../outbox/outbox-repository';
import type { Seller } from '../catalog-files';
import type { OrderItemRow, OrderRow, OrdersRepository } from '../orders-repository';
import { receiptMessages } from '../receipt-messages';

interface SettleOutcome {
  /** False when another call got there first. */
  changed: boolean;
  /** The discount code that went over its usage limit with this order, if one did. */
  discountOverLimit: string | null;
}

export const UNCHANGED: SettleOutcome = { changed: false, discountOverLimit: null };

/** Runs inside the caller's transaction: the order is the shop's, its receipt the outbox's. */
export async function settlePaid(
  tx: Repositories,
  orderId: string,
  timestamp: string,
  seller: Seller,
): Promise<SettleOutcome> {
  const { orders } = tx.shop;
  const order = (await orders.findOrder(orderId))!;
  if (!(await orders.markPaid(order.id, timestamp))) return UNCHANGED;
  // The discount code's reserved use is spent now, once, with the order paid (docs/shop.md).
  const discountUse = order.discount_code ? await tx.shop.discountCodes.countUse(order.discount_code) : null;
  const items = await orders.items(order.id);
  await orders.issueWashCodes(order.id, items, timestamp);
  await queueReceipt(
    orders,
    tx.outbox.messages,
    { ...order, status: 'paid', paid_at: timestamp },
    items,
    timestamp,
    seller,
  );
  return { changed: true, discountOverLimit: discountUse === 'over-limit' ? order.discount_code : null };
}

/** Says so when two orders paid at the same moment took a code's last use (docs/shop.md "Discount uses"). */
export function warnOverLimit(outcome: SettleOutcome, orderId: string, warn?: (message: string) => void): void {
  if (outcome.discountOverLimit)
    warn?.(
      `Discount code ${outcome.discountOverLimit} went over its usage limit: order ${orderId} was paid with its last use at the same time as another order`,
    );
}

async function queueReceipt(
  orders: OrdersRepository,
  outbox: OutboxRepository,
  order: OrderRow,
  items: OrderItemRow[],
  timestamp: string,
  seller: Seller,
): Promise<void> {
  const codes = await orders.washCodes(order.id);
  const payment = await orders.latestPayment(order.id);
  const messages = receiptMessages(order, items, codes, seller, payment);
  await outbox.enqueueOnce(
    {
      channel: 'email',
      recipient: order.email,
      ...messages.email,
      dedupeKey: `receipt-email:${order.id}`,
      locale: order.locale,
    },
    timestamp,
  );
  if (order.send_sms) {
    const phone = `+${order.telephone_prefix.split('|')[1]}${order.telephone_number}`;
    await outbox.enqueueOnce(
      {
        channel: 'sms',
        recipient: phone,
        subject: null,
        body: messages.sms,
        dedupeKey: `receipt-sms:${order.id}`,
        locale: order.locale,
      },
      timestamp,
    );
  }
}
