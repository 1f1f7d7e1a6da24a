/**
 * First-visit locale detection (spec §2, §4; DESIGN §2): the locale cookie first, then
 * the browser's languages, then the default. Parsing Accept-Language is the server's job
 * (negotiator); this module only matches the ordered list of language tags it gets.
 */
import { DEFAULT_LOCALE, LOCALES, isLocale, type Locale } from './locales';
import { LOCALE_COOKIE_MAX_AGE_S } from './rules/limits';

/** The locale cookie of spec §4 (Nuxt i18n's name, kept from the old site). */
export const LOCALE_COOKIE = 'i18n_redirected';
/** Spec §4: 365 days. */
export { LOCALE_COOKIE_MAX_AGE_S };

/**
 * A document.cookie assignment that remembers a locale the visitor chose in the locale
 * switcher, with the attributes the server uses (path /, SameSite lax).
 */
export function localeCookieAssignment(locale: Locale): string {
  return `${LOCALE_COOKIE}=${locale}; Max-Age=${LOCALE_COOKIE_MAX_AGE_S}; Path=/; SameSite=Lax`;
}

/** Language subtags that mean a locale although they differ from its code (nb, nn → no). */
const LANGUAGE_ALIASES: Record<string, string> = { nb: 'no', nn: 'no' };

function languageOf(tag: string): string {
  const language = tag.toLowerCase().split(/[-_]/)[0] ?? '';
  return LANGUAGE_ALIASES[language] ?? language;
}

/**
 * Matches preferred tags (most wanted first) against the locales: a full-tag match
 * anywhere in the list wins over a language-only match, as in Nuxt i18n's browser
 * detection that the old site used ("sv, en-EU" gives en-EU; "sv, de" gives sv-SE).
 */
export function matchLocale(preferredTags: readonly string[]): Locale | undefined {
  const tags = preferredTags.filter((tag) => typeof tag === 'string' && tag !== '*' && tag.length <= 35);
  for (const tag of tags) {
    const full = LOCALES.find((code) => code.toLowerCase() === tag.toLowerCase().replace('_', '-'));
    if (full) return full;
  }
  for (const tag of tags) {
    const language = languageOf(tag);
    const byLanguage = LOCALES.find((code) => languageOf(code) === language);
    if (byLanguage) return byLanguage;
  }
  return undefined;
}

export interface DetectionInput {
  /** The i18n_redirected cookie value, if any. */
  cookie: string | undefined;
  /** Accept-Language tags ordered by preference. */
  preferredTags: readonly string[];
}

export interface Detection {
  locale: Locale;
  source: 'cookie' | 'browser' | 'fallback';
}

export function detectLocale({ cookie, preferredTags }: DetectionInput): Detection {
  if (isLocale(cookie)) return { locale: cookie, source: 'cookie' };
  const browser = matchLocale(preferredTags);
  if (browser) return { locale: browser, source: 'browser' };
  return { locale: DEFAULT_LOCALE, source: 'fallback' };
}
