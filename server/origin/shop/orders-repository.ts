/** Data access for orders, their items, payments and wash codes. */
import { randomInt } from 'node:crypto';
import type { ShopDb } from './shop-tables';
import type { ShopOrderItemsTable, ShopOrdersTable, ShopPaymentsTable } from './shop-tables';

export type OrderRow = ShopOrdersTable;
export type OrderItemRow = Omit<ShopOrderItemsTable, 'id'> & { id: number };
export type PaymentRow = ShopPaymentsTable;

/** 'ST1-' + 12 digits (the verification code rule of spec §5 accepts ST1-digits). */
function newWashCode(): string {
  return `ST1-${String(randomInt(0, 1_000_000)).padStart(6, '0')}${String(randomInt(0, 1_000_000)).padStart(6, '0')}`;
}

/** Reading orders and their payments. */
function orderReads(db: ShopDb) {
  return {
    findByIdempotencyKey(key: string): Promise<OrderRow | undefined> {
      return db.selectFrom('shop_orders').selectAll().where('idempotency_key', '=', key).executeTakeFirst();
    },

    findOrder(id: string): Promise<OrderRow | undefined> {
      return db.selectFrom('shop_orders').selectAll().where('id', '=', id).executeTakeFirst();
    },

    async items(orderId: string): Promise<OrderItemRow[]> {
      return db
        .selectFrom('shop_order_items')
        .selectAll()
        .where('order_id', '=', orderId)
        .orderBy('position')
        .execute();
    },

    findPayment(id: string): Promise<PaymentRow | undefined> {
      return db.selectFrom('shop_payments').selectAll().where('id', '=', id).executeTakeFirst();
    },

    latestPayment(orderId: string): Promise<PaymentRow | undefined> {
      return db
        .selectFrom('shop_payments')
        .selectAll()
        .where('order_id', '=', orderId)
        .orderBy('created_at', 'desc')
        .executeTakeFirst();
    },

    /** Orders of one customer account, newest first (the accounts feature's order history). */
    listByCustomer(customerId: string, limit = 50): Promise<OrderRow[]> {
      return db
        .selectFrom('shop_orders')
        .selectAll()
        .where('customer_id', '=', customerId)
        .orderBy('created_at', 'desc')
        .limit(limit)
        .execute();
    },

    /**
     * Pending orders whose payment is approved: the gateway took the money but the order
     * was never completed (reconciliation, docs/shop.md). Oldest first, at most `limit`.
     */
    async approvedButPending(limit = 500): Promise<string[]> {
      const rows = await db
        .selectFrom('shop_orders')
        .innerJoin('shop_payments', 'shop_payments.order_id', 'shop_orders.id')
        .select('shop_orders.id')
        .where('shop_orders.status', '=', 'pending')
        .where('shop_payments.status', '=', 'approved')
        .orderBy('shop_orders.created_at')
        .limit(limit)
        .execute();
      return [...new Set(rows.map((row) => row.id))];
    },
  };
}

/** Writing orders: a new one with its payment, the callback, pending → paid. */
function orderWrites(db: ShopDb) {
  return {
    /** An order with its items and, unless it needs none (a seeded demo order), its payment. */
    async insertOrder(order: OrderRow, items: Array<Omit<OrderItemRow, 'id' | 'order_id'>>, payment?: PaymentRow) {
      await db.insertInto('shop_orders').values(order).execute();
      for (const item of items)
        await db
          .insertInto('shop_order_items')
          .values({ ...item, order_id: order.id })
          .execute();
      if (payment) await db.insertInto('shop_payments').values(payment).execute();
    },

    /** Marks the callback of a payment as received; false when it had been already (a replay). */
    async markCallback(paymentId: string, now: string): Promise<boolean> {
      const result = await db
        .updateTable('shop_payments')
        .set({ callback_at: now })
        .where('id', '=', paymentId)
        .where('callback_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** Pending → paid, once: false when another call got there first. */
    async markPaid(orderId: string, now: string): Promise<boolean> {
      const result = await db
        .updateTable('shop_orders')
        .set({ status: 'paid', paid_at: now })
        .where('id', '=', orderId)
        .where('status', '=', 'pending')
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
  };
}

/** The wash codes of paid orders: issued once, checked and redeemed at a wash station. */
function washCodeRows(db: ShopDb) {
  return {
    async washCodes(orderId: string): Promise<Array<{ code: string; order_item_id: number }>> {
      return db
        .selectFrom('shop_wash_codes')
        .select(['code', 'order_item_id'])
        .where('order_id', '=', orderId)
        .orderBy('code')
        .execute();
    },

    async issueWashCodes(orderId: string, items: OrderItemRow[], now: string): Promise<void> {
      for (const item of items) {
        for (let index = 0; index < item.quantity * item.washes_per_unit; index += 1) {
          // A clash of 12 random digits is rare; a clash only means another draw.
          for (;;) {
            const result = await db
              .insertInto('shop_wash_codes')
              .values({
                code: newWashCode(),
                order_id: orderId,
                order_item_id: item.id,
                product_code: item.product_code,
                issued_at: now,
                used_at: null,
              })
              .onConflict((conflict) => conflict.column('code').doNothing())
              .executeTakeFirst();
            if (Number(result.numInsertedOrUpdatedRows ?? 0) === 1) break;
          }
        }
      }
    },

    async washCodeStatus(code: string): Promise<'valid' | 'used' | 'unknown'> {
      const row = await db.selectFrom('shop_wash_codes').select('used_at').where('code', '=', code).executeTakeFirst();
      if (!row) return 'unknown';
      return row.used_at ? 'used' : 'valid';
    },

    /** A wash station takes a code: valid → used, once. */
    async redeemWashCode(code: string, now: string): Promise<boolean> {
      const result = await db
        .updateTable('shop_wash_codes')
        .set({ used_at: now })
        .where('code', '=', code)
        .where('used_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
  };
}

/** Data access for orders, their items, payments and wash codes, over one connection. */
export function createOrdersRepository(db: ShopDb) {
  return { ...orderReads(db), ...orderWrites(db), ...washCodeRows(db) };
}
export type OrdersRepository = ReturnType<typeof createOrdersRepository>;
