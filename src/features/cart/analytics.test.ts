import { afterEach, describe, expect, it, vi } from 'vitest';
import { analyticsItem, trackShopEvent } from './analytics';

afterEach(() => vi.unstubAllGlobals());

describe('shop analytics', () => {
  it('shapes items per spec §3 with the price excluding tax (spec §9)', () => {
    expect(analyticsItem({ code: 'WASH-PREMIUM', name: 'Täyspesu', price: 19.9, taxPercentage: 25.5 }, 2)).toEqual({
      item_id: 'WASH-PREMIUM',
      item_name: 'Täyspesu',
      quantity: 2,
      price: 15.86,
    });
  });

  it('sends nothing without a consented tag manager (no window.dataLayer)', () => {
    vi.stubGlobal('window', {});
    expect(trackShopEvent('add_to_cart', [])).toBe(false);
  });

  it('pushes the GA4 e-commerce event once the tag manager has made the data layer', () => {
    const dataLayer: unknown[] = [];
    vi.stubGlobal('window', { dataLayer });
    const item = analyticsItem({ code: 'WASH-BASIC', name: 'Pikapesu', price: 9.9, taxPercentage: 25.5 }, 1);
    expect(trackShopEvent('purchase', [item], { transaction_id: 'ORD-1', value: 9.9 })).toBe(true);
    expect(dataLayer).toEqual([
      { ecommerce: null },
      { event: 'purchase', ecommerce: { currency: 'EUR', items: [item], transaction_id: 'ORD-1', value: 9.9 } },
    ]);
  });
});
