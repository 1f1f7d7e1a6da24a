import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { analyticsConsent, pushAnalytics, resetAnalyticsConsentForTests, setAnalyticsConsent } from './analytics-gate';

type FakeWindow = { dataLayer?: unknown[] };
let fakeWindow: FakeWindow;

beforeEach(() => {
  resetAnalyticsConsentForTests();
  fakeWindow = {};
  vi.stubGlobal('window', fakeWindow);
});
afterEach(() => vi.unstubAllGlobals());

const event = (name: string) => ({ event: name });

describe('analytics gate', () => {
  it('sends nothing, and makes no data layer, when analytics are denied', () => {
    setAnalyticsConsent(false);
    expect(pushAnalytics(event('a'))).toBe('dropped');
    expect(fakeWindow.dataLayer).toBeUndefined();
    expect(analyticsConsent()).toBe('denied');
  });

  it('writes events, kept together, when analytics are granted', () => {
    setAnalyticsConsent(true);
    expect(pushAnalytics({ ecommerce: null }, event('add_to_cart'))).toBe('sent');
    expect(fakeWindow.dataLayer).toEqual([{ ecommerce: null }, { event: 'add_to_cart' }]);
  });

  it('stops at once when consent is withdrawn', () => {
    setAnalyticsConsent(true);
    pushAnalytics(event('before'));
    setAnalyticsConsent(false);
    expect(pushAnalytics(event('after'))).toBe('dropped');
    expect(fakeWindow.dataLayer).toEqual([{ event: 'before' }]);
  });

  it('does not send events from before a later accept (no queue while denied)', () => {
    setAnalyticsConsent(false);
    pushAnalytics(event('before-accept'));
    setAnalyticsConsent(true);
    pushAnalytics(event('after-accept'));
    expect(fakeWindow.dataLayer).toEqual([{ event: 'after-accept' }]);
  });

  it('holds events until the stored choice is read, then writes them when it allows analytics', () => {
    expect(pushAnalytics(event('during-hydration'))).toBe('held');
    expect(fakeWindow.dataLayer).toBeUndefined();
    setAnalyticsConsent(true);
    expect(fakeWindow.dataLayer).toEqual([{ event: 'during-hydration' }]);
  });

  it('drops held events when the stored choice does not allow analytics, also after a later accept', () => {
    pushAnalytics(event('during-hydration'));
    setAnalyticsConsent(false);
    setAnalyticsConsent(true);
    expect(fakeWindow.dataLayer).toBeUndefined();
  });

  it('holds a bounded number of events', () => {
    for (let index = 0; index < 30; index += 1) pushAnalytics(event(`e${index}`));
    setAnalyticsConsent(true);
    expect(fakeWindow.dataLayer).toHaveLength(20);
  });

  it('does nothing without a browser window', () => {
    vi.unstubAllGlobals();
    vi.stubGlobal('window', undefined);
    setAnalyticsConsent(true);
    expect(pushAnalytics(event('server'))).toBe('dropped');
  });
});
