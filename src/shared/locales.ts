/**
 * The one route table: locales, their prefixes and the localized paths of spec §2.
 * Both the site server and the browser build URLs through this module; nothing else
 * concatenates locale prefixes (house style §4).
 */

export const LOCALES = ['fi-FI', 'en-EU', 'sv-SE', 'no-NO'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'fi-FI';

export interface LocaleInfo {
  code: Locale;
  /** Name of the locale in its own language, for the locale switcher. */
  displayName: string;
  /** `<html lang>` and hreflang value. */
  htmlLang: string;
  /** Path prefix on a shared host; empty for the default locale. */
  prefix: string;
  timeZone: string;
  currency: 'EUR' | 'SEK' | 'NOK';
}

export const LOCALE_INFO: Record<Locale, LocaleInfo> = {
  'fi-FI': {
    code: 'fi-FI',
    displayName: 'Suomi',
    htmlLang: 'fi-FI',
    prefix: '',
    timeZone: 'Europe/Helsinki',
    currency: 'EUR',
  },
  'en-EU': {
    code: 'en-EU',
    displayName: 'English',
    htmlLang: 'en',
    prefix: '/en-EU',
    timeZone: 'Europe/Helsinki',
    currency: 'EUR',
  },
  'sv-SE': {
    code: 'sv-SE',
    displayName: 'Svenska',
    htmlLang: 'sv-SE',
    prefix: '/sv-SE',
    timeZone: 'Europe/Stockholm',
    currency: 'SEK',
  },
  'no-NO': {
    code: 'no-NO',
    displayName: 'Norsk',
    htmlLang: 'nb-NO',
    prefix: '/no-NO',
    timeZone: 'Europe/Oslo',
    currency: 'NOK',
  },
};

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/** Purposes with a fixed localized path (spec §2 "Localized paths"). */
export type PagePurpose = 'landing' | 'stationLocator' | 'business' | 'terms' | 'contact' | 'articles' | 'search';

export const LOCALIZED_PATHS: Record<PagePurpose, Record<Locale, string>> = {
  landing: { 'fi-FI': '/', 'en-EU': '/', 'sv-SE': '/', 'no-NO': '/' },
  stationLocator: {
    'fi-FI': '/asemahaku',
    'en-EU': '/stationsearch',
    'sv-SE': '/hitta-station',
    'no-NO': '/finn-stasjon',
  },
  // Spec §2 spells the Norwegian business path /befrift; /bedrift is served too (DESIGN §2).
  business: { 'fi-FI': '/yrityksille', 'en-EU': '/company', 'sv-SE': '/foretag', 'no-NO': '/bedrift' },
  terms: { 'fi-FI': '/kayttoehdot', 'en-EU': '/terms', 'sv-SE': '/allmanna-villkor', 'no-NO': '/vilkar-for-bruk' },
  contact: {
    'fi-FI': '/yksityisille/ota-yhteytta/asiakaspalvelu',
    'en-EU': '/about-us/company-info/contact-us',
    'sv-SE': '/privat/kundservice',
    'no-NO': '/privat/kundeservice',
  },
  articles: { 'fi-FI': '/artikkeli', 'en-EU': '/article', 'sv-SE': '/artikel', 'no-NO': '/artikkel' },
  search: { 'fi-FI': '/haku', 'en-EU': '/search', 'sv-SE': '/sok', 'no-NO': '/sok' },
};

/** Station page folder per locale (DESIGN §2). */
export const STATION_PATH_SEGMENT: Record<Locale, string> = {
  'fi-FI': 'asemat',
  'en-EU': 'stations',
  'sv-SE': 'stationer',
  'no-NO': 'stasjoner',
};

/** The URL prefix for a locale: none in domain mode or for the default locale. */
export function localePrefix(locale: Locale, domainMode = false): string {
  return domainMode ? '' : LOCALE_INFO[locale].prefix;
}

/**
 * Builds a site href for a locale-relative path ("/yrityksille", "/" …).
 * Absolute URLs are returned unchanged.
 */
export function getHref(
  locale: Locale,
  path: string,
  options: { domainMode?: boolean; preview?: boolean } = {},
): string {
  if (/^[a-z][a-z0-9+.-]*:/i.test(path)) return path;
  const clean = path === '' || path === '/' ? '' : path.startsWith('/') ? path : `/${path}`;
  const base = `${options.preview ? '/preview' : ''}${localePrefix(locale, options.domainMode)}`;
  const href = `${base}${clean}`;
  return href === '' ? '/' : href;
}

/** Locale-relative path → the CMS slug the origin knows ("/" → "landing", spec §2). */
export function pathToSlug(path: string): string {
  const trimmed = path.replace(/^\/+|\/+$/g, '');
  return trimmed === '' ? 'landing' : trimmed;
}

/** CMS slug → locale-relative path ("landing" → "/"). */
export function slugToPath(slug: string): string {
  return slug === 'landing' || slug === '' ? '/' : `/${slug.replace(/^\/+/, '')}`;
}

export interface ResolvedPath {
  locale: Locale;
  preview: boolean;
  /** Path inside the locale, always starting with "/". */
  localPath: string;
  /** The prefix as it appeared in the request, when its letter case differs from the canonical one. */
  nonCanonicalPrefix?: string;
}

/**
 * Splits a request path into preview flag, locale and locale-relative path (spec §2:
 * "a leading preview segment and then a leading locale segment are removed").
 * In domain mode the locale comes from the host and no prefix is read.
 */
export function resolvePath(pathname: string, hostLocale?: Locale): ResolvedPath {
  let rest = pathname;
  let preview = false;
  if (rest === '/preview' || rest.startsWith('/preview/')) {
    preview = true;
    rest = rest.slice('/preview'.length) || '/';
  }
  if (hostLocale) return { locale: hostLocale, preview, localPath: rest };
  const first = rest.split('/')[1] ?? '';
  const match = LOCALES.find((code) => code !== DEFAULT_LOCALE && code.toLowerCase() === first.toLowerCase());
  if (!match) return { locale: DEFAULT_LOCALE, preview, localPath: rest };
  const localPath = rest.slice(first.length + 1) || '/';
  return first === match
    ? { locale: match, preview, localPath }
    : { locale: match, preview, localPath, nonCanonicalPrefix: first };
}
