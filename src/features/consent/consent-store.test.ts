import { beforeEach, describe, expect, it, vi } from 'vitest';
import { closeModal, modalStore } from '@/ui/modal-store';
import { CONSENT_MODAL, consentStore, loadConsent, openConsentSettings, saveConsent } from './consent-store';

describe('consent store', () => {
  beforeEach(() => {
    consentStore.ready = false;
    consentStore.choice = null;
    closeModal();
  });

  it('is not ready until the cookie has been read, then has no choice on a first visit', () => {
    expect(consentStore.ready).toBe(false);
    loadConsent('i18n_redirected=fi-FI');
    expect(consentStore.ready).toBe(true);
    expect(consentStore.choice).toBeNull();
  });

  it('restores a stored choice', () => {
    loadConsent('st1_consent=v1.analytics');
    expect(consentStore.choice).toEqual({ analytics: true, maps: false });
  });

  it('saves a choice to the cookie and the state', () => {
    const writeCookie = vi.fn();
    saveConsent({ analytics: false, maps: false }, writeCookie, { secure: true });
    expect(writeCookie).toHaveBeenCalledWith(expect.stringMatching(/^st1_consent=v1\.necessary; .*Secure$/));
    expect(consentStore.choice).toEqual({ analytics: false, maps: false });
    expect(consentStore.ready).toBe(true);
  });

  it('opens the settings dialog so that a backdrop click does not close it', () => {
    openConsentSettings();
    expect(modalStore.name).toBe(CONSENT_MODAL);
    expect(modalStore.closeOnBackdrop).toBe(false);
  });
});
