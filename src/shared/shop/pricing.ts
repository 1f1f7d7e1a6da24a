/**
 * Cart totals in integer cents (spec §3 Cart totals). Prices include VAT. Rounding rule
 * (docs/shop.md): every step rounds to a whole cent half away from zero; the discount is
 * taken off the gross sum, split over tax classes in proportion to their gross (largest
 * remainder), and VAT is taken out of each class's discounted gross once:
 * tax = round(gross × rate / (1 + rate)). totalWithoutTax = totalWithTax − tax.
 */
import { roundCents } from './money';

export interface PricedLine {
  unitPriceCents: number;
  quantity: number;
  /** VAT rate in basis points: 25.5 % = 2550. */
  taxRateBasisPoints: number;
}

export type DiscountRule =
  { kind: 'percentage'; /** basis points: 10 % = 1000 */ basisPoints: number } | { kind: 'fixed'; cents: number };

export interface CentTotals {
  subtotal: number;
  discount: number;
  taxAmount: number;
  totalWithTax: number;
  totalWithoutTax: number;
}

export function discountCents(subtotal: number, rule: DiscountRule | undefined): number {
  if (!rule || subtotal <= 0) return 0;
  const raw = rule.kind === 'percentage' ? roundCents((subtotal * rule.basisPoints) / 10_000) : rule.cents;
  return Math.min(Math.max(raw, 0), subtotal);
}

/** Splits `amount` over `weights` in proportion, in whole cents that add up exactly. */
export function allocate(amount: number, weights: number[]): number[] {
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  if (total === 0) return weights.map(() => 0);
  const exact = weights.map((weight) => (amount * weight) / total);
  const floors = exact.map(Math.floor);
  let left = amount - floors.reduce((sum, value) => sum + value, 0);
  const order = exact
    .map((value, index) => ({ index, rest: value - Math.floor(value) }))
    .sort((a, b) => b.rest - a.rest);
  for (const { index } of order) {
    if (left <= 0) break;
    floors[index]! += 1;
    left -= 1;
  }
  return floors;
}

/** One VAT rate's share of a cart: its gross after the discount, and the VAT in it. */
export interface VatShare {
  taxRateBasisPoints: number;
  /** Gross of the rate's lines less its share of the discount. */
  grossCents: number;
  taxCents: number;
}

/**
 * The VAT per rate (receipts list it): the discount split over the rates in proportion to
 * their gross, and each rate's VAT taken out of its discounted gross once. `computeTotals`
 * adds these up, so a receipt's rates always sum to the order's tax.
 */
export function vatByRate(lines: PricedLine[], discountTotal: number): VatShare[] {
  const byRate = new Map<number, number>();
  for (const line of lines) {
    byRate.set(
      line.taxRateBasisPoints,
      (byRate.get(line.taxRateBasisPoints) ?? 0) + line.unitPriceCents * line.quantity,
    );
  }
  const rates = [...byRate.keys()];
  const grosses = rates.map((rate) => byRate.get(rate)!);
  const discountShares = allocate(discountTotal, grosses);
  return rates.map((rate, index) => {
    const grossCents = grosses[index]! - discountShares[index]!;
    return { taxRateBasisPoints: rate, grossCents, taxCents: roundCents((grossCents * rate) / (10_000 + rate)) };
  });
}

export function computeTotals(lines: PricedLine[], discount?: DiscountRule): CentTotals {
  const subtotal = lines.reduce((sum, line) => sum + line.unitPriceCents * line.quantity, 0);
  const discountTotal = discountCents(subtotal, discount);
  const taxAmount = vatByRate(lines, discountTotal).reduce((sum, share) => sum + share.taxCents, 0);
  const totalWithTax = subtotal - discountTotal;
  return { subtotal, discount: discountTotal, taxAmount, totalWithTax, totalWithoutTax: totalWithTax - taxAmount };
}
