/** Discount codes: percentage or fixed amount, validity window, usage limit (docs/shop.md). */
import type { DiscountRule } from '#shared/shop/pricing';
import type { ShopDiscountCodesTable } from './shop-tables';
import type { ShopDb } from './shop-tables';

export interface DiscountCode {
  code: string;
  rule: DiscountRule;
  validFrom: string | null;
  validUntil: string | null;
  usageLimit: number | null;
  /** Uses spent by paid orders. */
  usedCount: number;
  /**
   * Uses reserved by pending orders whose payment can still be approved (not yet
   * expired) or has been approved and waits to be completed (docs/shop.md "Discount uses").
   */
  heldCount: number;
}

export type DiscountProblem = 'DISCOUNT_UNKNOWN' | 'DISCOUNT_NOT_YET_VALID' | 'DISCOUNT_EXPIRED' | 'DISCOUNT_USED_UP';

function toDiscount(row: ShopDiscountCodesTable, heldCount: number): DiscountCode {
  return {
    code: row.code,
    rule:
      row.kind === 'percentage' ? { kind: 'percentage', basisPoints: row.value } : { kind: 'fixed', cents: row.value },
    validFrom: row.valid_from,
    validUntil: row.valid_until,
    usageLimit: row.usage_limit,
    usedCount: row.used_count,
    heldCount,
  };
}

/** Codes are compared upper-cased without spaces, as customers type them in any case. */
export function canonicalDiscountCode(input: string): string {
  return input.replace(/\s+/g, '').toUpperCase();
}

/** Why a code cannot be used now, or null when it can. */
export function discountProblem(discount: DiscountCode | undefined, now: Date): DiscountProblem | null {
  if (!discount) return 'DISCOUNT_UNKNOWN';
  if (discount.validFrom && now < new Date(discount.validFrom)) return 'DISCOUNT_NOT_YET_VALID';
  if (discount.validUntil && now > new Date(discount.validUntil)) return 'DISCOUNT_EXPIRED';
  if (discount.usageLimit !== null && discount.usedCount + discount.heldCount >= discount.usageLimit)
    return 'DISCOUNT_USED_UP';
  return null;
}

export function createDiscountCodesRepository(database: ShopDb) {
  const db = database;

  /** Pending orders with the code whose payment is approved, or open and not yet expired. */
  async function heldUses(code: string, now: Date): Promise<number> {
    const row = await db
      .selectFrom('shop_orders')
      .innerJoin('shop_payments', 'shop_payments.order_id', 'shop_orders.id')
      .select((eb) => eb.fn.count<string | number>('shop_orders.id').distinct().as('held'))
      .where('shop_orders.discount_code', '=', code)
      .where('shop_orders.status', '=', 'pending')
      .where((eb) =>
        eb.or([
          eb('shop_payments.status', '=', 'approved'),
          eb.and([eb('shop_payments.status', '=', 'created'), eb('shop_payments.expires_at', '>', now.toISOString())]),
        ]),
      )
      .executeTakeFirstOrThrow();
    return Number(row.held);
  }

  return {
    async find(code: string, now = new Date()): Promise<DiscountCode | undefined> {
      const canonical = canonicalDiscountCode(code);
      const row = await db
        .selectFrom('shop_discount_codes')
        .selectAll()
        .where('code', '=', canonical)
        .executeTakeFirst();
      if (!row) return undefined;
      // Only a limited code needs the count of its reservations.
      return toDiscount(row, row.usage_limit === null ? 0 : await heldUses(canonical, now));
    },
    /**
     * Locks the code's row until the end of the transaction (PostgreSQL: a row lock taken by
     * a no-op update; SQLite: the write lock of the database), so that two orders taking
     * a code's last use at the same moment are counted one after the other: the second
     * sees the first one's reservation. Call inside the transaction that inserts the order.
     */
    async lockForReservation(code: string): Promise<void> {
      await db
        .updateTable('shop_discount_codes')
        .set((eb) => ({ used_count: eb.ref('used_count') }))
        .where('code', '=', canonicalDiscountCode(code))
        .execute();
    },
    /**
     * Counts one use of the code by a paid order (docs/shop.md "Discount uses"). The limit
     * is re-checked in the same conditional update; when it was reached meanwhile (orders
     * paid at the same moment with the last use), the use is counted all the same, since
     * the customer has paid the discounted price, and 'over-limit' says so.
     */
    async countUse(code: string): Promise<'within-limit' | 'over-limit'> {
      const canonical = canonicalDiscountCode(code);
      const result = await db
        .updateTable('shop_discount_codes')
        .set((eb) => ({ used_count: eb('used_count', '+', 1) }))
        .where('code', '=', canonical)
        .where((eb) => eb.or([eb('usage_limit', 'is', null), eb('used_count', '<', eb.ref('usage_limit'))]))
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) === 1) return 'within-limit';
      await db
        .updateTable('shop_discount_codes')
        .set((eb) => ({ used_count: eb('used_count', '+', 1) }))
        .where('code', '=', canonical)
        .execute();
      return 'over-limit';
    },
    async insert(discount: {
      code: string;
      kind: 'percentage' | 'fixed';
      value: number;
      validFrom?: string | null;
      validUntil?: string | null;
      usageLimit?: number | null;
    }): Promise<void> {
      await db
        .insertInto('shop_discount_codes')
        .values({
          code: canonicalDiscountCode(discount.code),
          kind: discount.kind,
          value: discount.value,
          valid_from: discount.validFrom ?? null,
          valid_until: discount.validUntil ?? null,
          usage_limit: discount.usageLimit ?? null,
          used_count: 0,
        })
        .execute();
    },
  };
}
export type DiscountCodesRepository = ReturnType<typeof createDiscountCodesRepository>;
