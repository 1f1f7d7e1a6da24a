import { describe, expect, it } from 'vitest';
import { applyUpsellRule, type UpsellOffer } from './upsell';

const offer = (code: string, amount: number, quantity = 1, members = 1): UpsellOffer => ({
  quantity,
  product: {
    code: `${code}-${amount}`,
    bundleMembers: Array.from({ length: members }, (_, index) => ({
      amount,
      product: { code: index === 0 ? code : `${code}-OTHER` },
    })),
  },
});
const item = (amount: number, includes: Array<[number, string]>) => ({
  amount,
  includes: includes.map(([count, sku]) => ({ amount: count, sku: [sku] })),
});

describe('upsell rule', () => {
  it.each([
    // [case, item, offers, kept]
    ['one single wash, offer of 5: kept (1 does not exceed 5)', item(1, [[1, 'W']]), [offer('W', 5)], true],
    ['6 single washes, offer of 5: kept (exceeds by exactly 1)', item(6, [[1, 'W']]), [offer('W', 5)], true],
    ['7 single washes, offer of 5: dropped (exceeds by 2)', item(7, [[1, 'W']]), [offer('W', 5)], false],
    ['series of 5 × 3 = 15 vs 10: dropped', item(3, [[5, 'W']]), [offer('W', 10)], false],
    ['series of 5 × 2 = 10 vs 10: kept', item(2, [[5, 'W']]), [offer('W', 10)], true],
    ['offer quantity counts: 7 vs 2 × 5 = 10: kept', item(7, [[1, 'W']]), [offer('W', 5, 2)], true],
    [
      'two included products: kept',
      item(9, [
        [1, 'W'],
        [1, 'X'],
      ]),
      [offer('W', 5)],
      true,
    ],
    ['no included products: kept', item(9, []), [offer('W', 5)], true],
    ['two offers: kept', item(9, [[1, 'W']]), [offer('W', 5), offer('W', 3)], true],
    ['offer with two members: kept', item(9, [[1, 'W']]), [offer('W', 5, 1, 2)], true],
    ['member of another product: kept', item(9, [[1, 'W']]), [offer('Z', 5)], true],
  ])('%s', (_name, cartItem, offers, kept) => {
    expect(applyUpsellRule(cartItem, offers)).toEqual(kept ? offers : []);
  });

  it('keeps an empty offer list empty', () => {
    expect(applyUpsellRule(item(1, [[1, 'W']]), [])).toEqual([]);
  });
});
