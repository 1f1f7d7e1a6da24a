/**
 * The visitor's cookie choice, kept in a first-party cookie so that it survives reloads
 * and the server could read it too. The value carries a version: when the purposes we ask
 * about change, CONSENT_VERSION goes up and every earlier answer counts as no answer, so
 * visitors are asked again.
 */

const CONSENT_COOKIE = 'st1_consent';
const CONSENT_VERSION = 1;
/** Ask again after about six months (the period data-protection authorities such as CNIL suggest). */
export const CONSENT_MAX_AGE_SECONDS = 180 * 24 * 60 * 60;

export interface ConsentChoice {
  /** Analytics: the locale's tag manager may be loaded. Necessary cookies need no consent. */
  analytics: boolean;
  /**
   * Google Maps: the Maps script may be loaded on the station pages (never without this consent). A
   * purpose of its own, "external content", because loading it sends the visitor's address
   * and device data to Google; tying it to analytics would make the map cost tracking.
   * Without it the stations show the built-in offline map (docs/stations.md).
   */
  maps: boolean;
}

/** The optional purposes in the order they are written to the cookie. */
const PURPOSES = ['analytics', 'maps'] as const;

/**
 * `v1.` then the allowed purposes joined by dots, or `necessary` when none is: `v1.necessary`,
 * `v1.analytics`, `v1.maps`, `v1.analytics.maps`. The maps purpose came later without a new
 * version: an earlier answer (`v1.analytics`, `v1.necessary`) stays valid and simply does
 * not allow maps, which is what it meant when it was given; nobody is asked again.
 */
const VALUE = /^v(\d+)\.(necessary|(?:analytics|maps)(?:\.(?:analytics|maps))*)$/;

/** The stored choice from a Cookie header or document.cookie, or null when there is none (or an old version). */
export function parseConsentCookie(cookies: string): ConsentChoice | null {
  for (const part of cookies.split(';')) {
    const separator = part.indexOf('=');
    if (separator < 0 || part.slice(0, separator).trim() !== CONSENT_COOKIE) continue;
    const match = VALUE.exec(part.slice(separator + 1).trim());
    if (!match || Number(match[1]) !== CONSENT_VERSION) return null;
    const allowed = new Set(match[2]!.split('.'));
    return { analytics: allowed.has('analytics'), maps: allowed.has('maps') };
  }
  return null;
}

/** A document.cookie assignment that stores `choice` for the whole site. */
export function serializeConsentCookie(choice: ConsentChoice, { secure }: { secure: boolean }): string {
  const allowed = PURPOSES.filter((purpose) => choice[purpose]);
  const value = `v${CONSENT_VERSION}.${allowed.length > 0 ? allowed.join('.') : 'necessary'}`;
  return `${CONSENT_COOKIE}=${value}; Max-Age=${CONSENT_MAX_AGE_SECONDS}; Path=/; SameSite=Lax${secure ? '; Secure' : ''}`;
}
