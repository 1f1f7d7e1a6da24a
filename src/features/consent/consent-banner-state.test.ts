import { describe, expect, it, vi } from 'vitest';
import { bannerWanted, bannerWantedOnServer, subscribeBannerWanted } from './consent-banner-state';
import { loadConsent, saveConsent } from './consent-store';

describe('the first-visit banner state', () => {
  it('is in every server render, and follows the choice the consent store reads or stores', () => {
    expect(bannerWantedOnServer()).toBe(true);
    const listener = vi.fn();
    const unsubscribe = subscribeBannerWanted(listener);

    loadConsent('i18n_redirected=fi-FI');
    expect(bannerWanted()).toBe(true);
    expect(listener).toHaveBeenCalledTimes(1);

    saveConsent({ analytics: false, maps: false }, () => undefined, { secure: false });
    expect(bannerWanted()).toBe(false);
    expect(listener).toHaveBeenCalledTimes(2);

    // A stored choice read again changes nothing, and tells nobody.
    loadConsent('st1_consent=v1.necessary');
    expect(bannerWanted()).toBe(false);
    expect(listener).toHaveBeenCalledTimes(2);

    // An answer of an older consent version counts as none: the banner asks again.
    loadConsent('st1_consent=v0.analytics');
    expect(bannerWanted()).toBe(true);
    expect(listener).toHaveBeenCalledTimes(3);

    unsubscribe();
    loadConsent('st1_consent=v1.analytics');
    expect(listener).toHaveBeenCalledTimes(3);
  });

  it('reads the cookie of the document before the store has spoken', async () => {
    vi.resetModules();
    vi.stubGlobal('document', { cookie: 'st1_consent=v1.maps' });
    const fresh = await import('./consent-banner-state');
    expect(fresh.bannerWanted()).toBe(false);
    vi.unstubAllGlobals();
  });
});
