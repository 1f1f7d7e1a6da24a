/** Discount codes: percentage or fixed amount, validity window, usage limit (docs/shop.md). */
import type { DiscountRule } from '../../../src/shared/shop/pricing';
import { shopDb, type ShopDb, type ShopDiscountCodesTable } from '../shop/shop-db';
import type { Db } from '../db';

export interface DiscountCode {
  code: string;
  rule: DiscountRule;
  validFrom: string | null;
  validUntil: string | null;
  usageLimit: number | null;
  usedCount: number;
}

export type DiscountProblem = 'DISCOUNT_UNKNOWN' | 'DISCOUNT_NOT_YET_VALID' | 'DISCOUNT_EXPIRED' | 'DISCOUNT_USED_UP';

function toDiscount(row: ShopDiscountCodesTable): DiscountCode {
  return {
    code: row.code,
    rule:
      row.kind === 'percentage' ? { kind: 'percentage', basisPoints: row.value } : { kind: 'fixed', cents: row.value },
    validFrom: row.valid_from,
    validUntil: row.valid_until,
    usageLimit: row.usage_limit,
    usedCount: row.used_count,
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
  if (discount.usageLimit !== null && discount.usedCount >= discount.usageLimit) return 'DISCOUNT_USED_UP';
  return null;
}

export function createDiscountCodesRepository(database: Db | ShopDb) {
  const db = shopDb(database);
  return {
    async find(code: string): Promise<DiscountCode | undefined> {
      const row = await db
        .selectFrom('shop_discount_codes')
        .selectAll()
        .where('code', '=', canonicalDiscountCode(code))
        .executeTakeFirst();
      return row ? toDiscount(row) : undefined;
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
