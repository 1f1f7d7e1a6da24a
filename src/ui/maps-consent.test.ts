import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  allowMaps,
  handleMapsConsentRequests,
  mapsConsentStore,
  resetMapsConsentForTests,
  setMapsConsent,
} from './maps-consent';

describe('maps consent gate (no Maps script without consent)', () => {
  afterEach(() => resetMapsConsentForTests());

  it('is unknown until the consent feature reports the choice', () => {
    expect(mapsConsentStore.state).toBe('unknown');
    setMapsConsent(false);
    expect(mapsConsentStore.state).toBe('denied');
    setMapsConsent(true);
    expect(mapsConsentStore.state).toBe('granted');
  });

  it('passes "Allow Google Maps" to the registered handler, and says when none is there', () => {
    expect(allowMaps()).toBe(false);
    const grant = vi.fn();
    const unregister = handleMapsConsentRequests(grant);
    expect(allowMaps()).toBe(true);
    expect(grant).toHaveBeenCalledOnce();
    unregister();
    expect(allowMaps()).toBe(false);
    expect(grant).toHaveBeenCalledOnce();
  });
});
