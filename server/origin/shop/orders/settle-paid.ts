/**
 * pending → paid, shared by completing an order and by reconciliation: the one conditional
 * update that moves an order to paid, and what that call alone then does (spends the
 * discount use, issues the wash codes, queues the receipt).
 */
import type { Db } from '../../db';
import type { Seller } from '../catalog-files';
import { createDiscountCodesRepository } from '../discount-codes-repository';
import { createOrdersRepository, type OrderItemRow, type OrderRow, type OrdersRepository } from '../orders-repository';
import { receiptMessages } from '../receipt-messages';

interface SettleOutcome {
  /** False when another call got there first. */
  changed: boolean;
  /** The discount code that went over its usage limit with this order, if one did. */
  discountOverLimit: string | null;
}

export const UNCHANGED: SettleOutcome = { changed: false, discountOverLimit: null };

/** Runs inside the caller's transaction. */
export async function settlePaid(trx: Db, orderId: string, timestamp: string, seller: Seller): Promise<SettleOutcome> {
  const orders = createOrdersRepository(trx);
  const order = (await orders.findOrder(orderId))!;
  if (!(await orders.markPaid(order.id, timestamp))) return UNCHANGED;
  // The discount code's reserved use is spent now, once, with the order paid (docs/shop.md).
  const discountUse = order.discount_code
    ? await createDiscountCodesRepository(trx).countUse(order.discount_code)
    : null;
  const items = await orders.items(order.id);
  await orders.issueWashCodes(order.id, items, timestamp);
  await queueReceipt(orders, { ...order, status: 'paid', paid_at: timestamp }, items, timestamp, seller);
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
  order: OrderRow,
  items: OrderItemRow[],
  timestamp: string,
  seller: Seller,
): Promise<void> {
  const codes = await orders.washCodes(order.id);
  const payment = await orders.latestPayment(order.id);
  const messages = receiptMessages(order, items, codes, seller, payment);
  await orders.enqueue(
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
    await orders.enqueue(
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
