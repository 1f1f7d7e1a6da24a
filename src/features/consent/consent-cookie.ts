/**
 * The visitor's cookie choice, kept in a first-party cookie so that it survives reloads
 * and the server could read it too. The value carries a version: when the purposes we ask
 * about change, CONSENT_VERSION goes up and every earlier answer counts as no answer, so
 * visitors are asked again.
 */

export const CONSENT_COOKIE = 'st1_consent';
export const CONSENT_VERSION = 1;
/** Ask again after about six months (the period data-protection authorities such as CNIL suggest). */
export const CONSENT_MAX_AGE_SECONDS = 180 * 24 * 60 * 60;

export interface ConsentChoice {
  /** Analytics: the locale's tag manager may be loaded. Necessary cookies need no consent. */
  analytics: boolean;
}

const VALUE = /^v(\d+)\.(analytics|necessary)$/;

/** The stored choice from a Cookie header or document.cookie, or null when there is none (or an old version). */
export function parseConsentCookie(cookies: string): ConsentChoice | null {
  for (const part of cookies.split(';')) {
    const separator = part.indexOf('=');
    if (separator < 0 || part.slice(0, separator).trim() !== CONSENT_COOKIE) continue;
    const match = VALUE.exec(part.slice(separator + 1).trim());
    if (!match || Number(match[1]) !== CONSENT_VERSION) return null;
    return { analytics: match[2] === 'analytics' };
  }
  return null;
}

/** A document.cookie assignment that stores `choice` for the whole site. */
export function serializeConsentCookie(choice: ConsentChoice, { secure }: { secure: boolean }): string {
  const value = `v${CONSENT_VERSION}.${choice.analytics ? 'analytics' : 'necessary'}`;
  return `${CONSENT_COOKIE}=${value}; Max-Age=${CONSENT_MAX_AGE_SECONDS}; Path=/; SameSite=Lax${secure ? '; Secure' : ''}`;
}
