import { describe, expect, it } from 'vitest';
import { allocate, computeTotals, discountCents } from './pricing';

const vat = 2550;

describe('cart totals in cents', () => {
  it('takes VAT out of a gross total once, rounded to the cent', () => {
    // 3 × 9.90 = 29.70; 29.70 × 25.5/125.5 = 6.0347 → 6.03.
    expect(computeTotals([{ unitPriceCents: 990, quantity: 3, taxRateBasisPoints: vat }])).toEqual({
      subtotal: 2970,
      discount: 0,
      taxAmount: 603,
      totalWithTax: 2970,
      totalWithoutTax: 2367,
    });
  });

  it('rounds a tax of exactly half a cent up', () => {
    // 2.51 × 255/1255 = 0.51 exactly? 251 × 255 / 1255 = 51.0000 → 51; 2 cents × … = 0.406 → 0.
    expect(computeTotals([{ unitPriceCents: 251, quantity: 1, taxRateBasisPoints: vat }]).taxAmount).toBe(51);
    expect(computeTotals([{ unitPriceCents: 2, quantity: 1, taxRateBasisPoints: vat }]).taxAmount).toBe(0);
    // 1000 × 1000/11000 = 90.909 → 91 with a 10 % rate.
    expect(computeTotals([{ unitPriceCents: 1000, quantity: 1, taxRateBasisPoints: 1000 }]).taxAmount).toBe(91);
  });

  it('applies a percentage discount before taking out VAT', () => {
    const totals = computeTotals([{ unitPriceCents: 1990, quantity: 2, taxRateBasisPoints: vat }], {
      kind: 'percentage',
      basisPoints: 1000,
    });
    expect(totals).toEqual({
      subtotal: 3980,
      discount: 398,
      totalWithTax: 3582,
      taxAmount: 728,
      totalWithoutTax: 2854,
    });
  });

  it('caps a fixed discount at the subtotal', () => {
    expect(discountCents(990, { kind: 'fixed', cents: 500 })).toBe(500);
    expect(discountCents(990, { kind: 'fixed', cents: 5000 })).toBe(990);
    expect(discountCents(0, { kind: 'percentage', basisPoints: 1000 })).toBe(0);
    expect(discountCents(995, { kind: 'percentage', basisPoints: 1000 })).toBe(100);
  });

  it('splits a discount over tax classes in whole cents that add up', () => {
    expect(allocate(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(allocate(0, [5, 5])).toEqual([0, 0]);
    expect(allocate(7, [0, 0])).toEqual([0, 0]);
    const totals = computeTotals(
      [
        { unitPriceCents: 1000, quantity: 1, taxRateBasisPoints: vat },
        { unitPriceCents: 1000, quantity: 1, taxRateBasisPoints: 1400 },
      ],
      { kind: 'fixed', cents: 301 },
    );
    expect(totals.discount).toBe(301);
    expect(totals.totalWithTax).toBe(1699);
    // 849 × 2550/12550 = 172.5 → 173 (rounded half up); 850 × 1400/11400 = 104.39 → 104.
    expect(totals.taxAmount).toBe(173 + 104);
    expect(totals.totalWithoutTax).toBe(1699 - 277);
  });

  it('gives zeros for an empty cart', () => {
    expect(computeTotals([])).toEqual({ subtotal: 0, discount: 0, taxAmount: 0, totalWithTax: 0, totalWithoutTax: 0 });
  });
});
