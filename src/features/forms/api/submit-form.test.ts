import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetAnalyticsConsentForTests, setAnalyticsConsent } from '@/ui/analytics-gate';
import { reportFormError, submitForm } from './submit-form';

const ERROR_EVENT = { event: 'Error Message', status: 500, code: 'error', type: 'exception' };

let fakeWindow: { dataLayer?: unknown[] };
beforeEach(() => {
  resetAnalyticsConsentForTests();
  fakeWindow = {};
  vi.stubGlobal('window', fakeWindow);
});
afterEach(() => vi.unstubAllGlobals());

describe('form error analytics (spec §8)', () => {
  it('sends nothing, and makes no data layer, without analytics consent', () => {
    setAnalyticsConsent(false);
    reportFormError();
    expect(fakeWindow.dataLayer).toBeUndefined();
  });

  it('sends nothing after consent is withdrawn', () => {
    setAnalyticsConsent(true);
    setAnalyticsConsent(false);
    reportFormError();
    expect(fakeWindow.dataLayer).toBeUndefined();
  });

  it('sends the Error Message event with analytics consent when a submit fails, and re-throws', async () => {
    setAnalyticsConsent(true);
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () => new Response('{"status":500}', { status: 500, headers: { 'content-type': 'application/json' } }),
      ),
    );
    await expect(submitForm('en-EU', 'contact', { message: 'hello' })).rejects.toThrow('Form submit answered 500');
    expect(fakeWindow.dataLayer).toEqual([ERROR_EVENT]);
  });
});
