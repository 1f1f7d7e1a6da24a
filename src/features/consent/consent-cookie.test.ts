import { describe, expect, it } from 'vitest';
import { CONSENT_MAX_AGE_SECONDS, parseConsentCookie, serializeConsentCookie } from './consent-cookie';

describe('consent cookie', () => {
  it('reads no choice when the cookie is absent', () => {
    expect(parseConsentCookie('')).toBeNull();
    expect(parseConsentCookie('i18n_redirected=fi-FI; other=1')).toBeNull();
  });

  it('reads an analytics and a necessary-only choice among other cookies', () => {
    expect(parseConsentCookie('i18n_redirected=fi-FI; st1_consent=v1.analytics')).toEqual({
      analytics: true,
      maps: false,
    });
    expect(parseConsentCookie('st1_consent=v1.necessary;x=y')).toEqual({ analytics: false, maps: false });
  });

  it('reads the maps purpose alone or with analytics', () => {
    expect(parseConsentCookie('st1_consent=v1.maps')).toEqual({ analytics: false, maps: true });
    expect(parseConsentCookie('st1_consent=v1.analytics.maps')).toEqual({ analytics: true, maps: true });
    expect(parseConsentCookie('st1_consent=v1.maps.analytics')).toEqual({ analytics: true, maps: true });
    expect(parseConsentCookie('st1_consent=v1.necessary.maps')).toBeNull();
    expect(parseConsentCookie('st1_consent=v1.maps.video')).toBeNull();
  });

  it('treats another version or a malformed value as no choice, so the visitor is asked again', () => {
    expect(parseConsentCookie('st1_consent=v0.analytics')).toBeNull();
    expect(parseConsentCookie('st1_consent=v2.analytics')).toBeNull();
    expect(parseConsentCookie('st1_consent=yes')).toBeNull();
    expect(parseConsentCookie('st1_consent=')).toBeNull();
  });

  it('does not match a cookie whose name only ends with the same name', () => {
    expect(parseConsentCookie('old_st1_consent=v1.analytics')).toBeNull();
  });

  it('writes a versioned site-wide cookie that round-trips', () => {
    const cookie = serializeConsentCookie({ analytics: true, maps: false }, { secure: false });
    expect(cookie).toBe(`st1_consent=v1.analytics; Max-Age=${CONSENT_MAX_AGE_SECONDS}; Path=/; SameSite=Lax`);
    expect(parseConsentCookie(cookie.split(';')[0]!)).toEqual({ analytics: true, maps: false });
    expect(serializeConsentCookie({ analytics: false, maps: false }, { secure: true })).toMatch(
      /^st1_consent=v1\.necessary; .*; Secure$/,
    );
    for (const choice of [
      { analytics: false, maps: true },
      { analytics: true, maps: true },
    ]) {
      const written = serializeConsentCookie(choice, { secure: false });
      expect(parseConsentCookie(written.split(';')[0]!)).toEqual(choice);
    }
    expect(serializeConsentCookie({ analytics: true, maps: true }, { secure: false })).toMatch(
      /^st1_consent=v1\.analytics\.maps;/,
    );
  });
});
