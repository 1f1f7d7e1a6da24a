import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetAnalyticsConsentForTests, setAnalyticsConsent } from '@/ui/analytics-gate';
import { analyticsItem, trackShopEvent } from './analytics';

let fakeWindow: { dataLayer?: unknown[] };
beforeEach(() => {
  resetAnalyticsConsentForTests();
  fakeWindow = {};
  vi.stubGlobal('window', fakeWindow);
});
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

  it('sends nothing without analytics consent, even when a data layer exists', () => {
    fakeWindow.dataLayer = [];
    setAnalyticsConsent(false);
    expect(trackShopEvent('add_to_cart', [])).toBe('dropped');
    expect(fakeWindow.dataLayer).toEqual([]);
  });

  it('sends nothing once consent is withdrawn', () => {
    setAnalyticsConsent(true);
    setAnalyticsConsent(false);
    expect(trackShopEvent('add_to_cart', [])).toBe('dropped');
    expect(fakeWindow.dataLayer).toBeUndefined();
  });

  it('pushes the GA4 e-commerce event with analytics consent', () => {
    setAnalyticsConsent(true);
    const item = analyticsItem({ code: 'WASH-BASIC', name: 'Pikapesu', price: 9.9, taxPercentage: 25.5 }, 1);
    expect(trackShopEvent('purchase', [item], { transaction_id: 'ORD-1', value: 9.9 })).toBe('sent');
    expect(fakeWindow.dataLayer).toEqual([
      { ecommerce: null },
      { event: 'purchase', ecommerce: { currency: 'EUR', items: [item], transaction_id: 'ORD-1', value: 9.9 } },
    ]);
  });
});
