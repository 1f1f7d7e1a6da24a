/**
 * The one route table and the one locale table: locales, their prefixes and the localized
 * paths of spec §2, and what each locale formats and charges with (country, time zone,
 * phone prefix, number and date format, shop currency). Both the site server, the origin
 * and the browser read them here; nothing else concatenates locale prefixes (docs/style.md
 * rule 4) or keeps its own per-locale copy of these facts (docs/shop.md, docs/stations.md).
 */

export const LOCALES = ['fi-FI', 'en-EU', 'sv-SE', 'no-NO'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'fi-FI';

/** The countries of the locales and of the stations (ISO 3166 codes, as libphonenumber names them). */
export const COUNTRIES = ['FI', 'SE', 'NO'] as const;
export type Country = (typeof COUNTRIES)[number];

/**
 * What belongs to a country, written once: the time zone its stations' opening hours and
 * its locales' dates are read in, the currency prices at its stations are paid in, and its
 * telephone prefix in the form of spec §3 ('FIN|358').
 */
export const COUNTRY_INFO = {
  FI: { timeZone: 'Europe/Helsinki', currency: 'EUR', telephonePrefix: 'FIN|358' },
  SE: { timeZone: 'Europe/Stockholm', currency: 'SEK', telephonePrefix: 'SE|46' },
  NO: { timeZone: 'Europe/Oslo', currency: 'NOK', telephonePrefix: 'NO|47' },
} as const satisfies Record<Country, { timeZone: string; currency: string; telephonePrefix: string }>;

export type TelephonePrefix = (typeof COUNTRY_INFO)[Country]['telephonePrefix'];

/**
 * The currency the shop shows and charges. The origin prices the catalog in euros only
 * (content/shop/catalog.json `currency`), so every locale sells in EUR with its own number
 * format (docs/shop.md "Currency"); a locale can sell in SEK or NOK only once the origin
 * prices and charges in it, and this type is where that change starts.
 */
export type ShopCurrency = 'EUR';

export interface LocaleInfo {
  code: Locale;
  /** Name of the locale in its own language, for the locale switcher. */
  displayName: string;
  /** `<html lang>` and hreflang value. */
  htmlLang: string;
  /** Path prefix on a shared host; empty for the default locale. */
  prefix: string;
  /**
   * The locale's home country: the locator opens with its stations, and its time zone and
   * telephone prefix are the locale's. en-EU, the international site, is Finland's.
   */
  country: Country;
  /** Tag for Intl number and date formats ('en-IE': English with euro conventions). */
  formatLocale: string;
  /** Where the locale's dates and times are read (its country's zone). */
  timeZone: string;
  /** The prefix its phone fields start with (its country's). */
  telephonePrefix: TelephonePrefix;
  /** What its shop prices are shown and charged in. */
  shopCurrency: ShopCurrency;
}

function localeInfo(fields: Omit<LocaleInfo, 'timeZone' | 'telephonePrefix'>): LocaleInfo {
  const { timeZone, telephonePrefix } = COUNTRY_INFO[fields.country];
  return { ...fields, timeZone, telephonePrefix };
}

/** The one locale table: read for paths, formats, zones, phone prefixes and prices. */
export const LOCALE_INFO: Record<Locale, LocaleInfo> = {
  'fi-FI': localeInfo({
    code: 'fi-FI',
    displayName: 'Suomi',
    htmlLang: 'fi-FI',
    prefix: '',
    country: 'FI',
    formatLocale: 'fi-FI',
    shopCurrency: 'EUR',
  }),
  'en-EU': localeInfo({
    code: 'en-EU',
    displayName: 'English',
    htmlLang: 'en',
    prefix: '/en-EU',
    country: 'FI',
    formatLocale: 'en-IE',
    shopCurrency: 'EUR',
  }),
  'sv-SE': localeInfo({
    code: 'sv-SE',
    displayName: 'Svenska',
    htmlLang: 'sv-SE',
    prefix: '/sv-SE',
    country: 'SE',
    formatLocale: 'sv-SE',
    shopCurrency: 'EUR',
  }),
  'no-NO': localeInfo({
    code: 'no-NO',
    displayName: 'Norsk',
    htmlLang: 'nb-NO',
    prefix: '/no-NO',
    country: 'NO',
    formatLocale: 'nb-NO',
    shopCurrency: 'EUR',
  }),
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
function localePrefix(locale: Locale, domainMode = false): string {
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
