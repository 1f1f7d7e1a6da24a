/**
 * The telephone prefixes of the forms (spec §3 `telephonePrefix`: +358, +47, +46, default
 * FIN|358), from the locale table (src/shared/locales.ts). Apart from the phone rule
 * (phone.ts) so that what only stores or lists a prefix (the cart's saved checkout data on
 * every cart page, the account types) does not load the number parser (libphonenumber,
 * 24 KB gzip) with it.
 */
import { COUNTRIES, COUNTRY_INFO, DEFAULT_LOCALE, LOCALE_INFO, type TelephonePrefix } from '../locales';

export type { TelephonePrefix };

/** A country code and its calling code, the form of spec §3 `telephonePrefix`. */
export const TELEPHONE_PREFIXES = COUNTRIES.map((country) => COUNTRY_INFO[country].telephonePrefix) as [
  TelephonePrefix,
  ...TelephonePrefix[],
];

export const DEFAULT_TELEPHONE_PREFIX: TelephonePrefix = LOCALE_INFO[DEFAULT_LOCALE].telephonePrefix;

export function isTelephonePrefix(value: unknown): value is TelephonePrefix {
  return typeof value === 'string' && (TELEPHONE_PREFIXES as readonly string[]).includes(value);
}

/** '+358' for 'FIN|358'. */
export function callingCode(prefix: TelephonePrefix): string {
  return `+${prefix.split('|')[1] ?? ''}`;
}

/** The country order for a prefix picker: the current country, then NO, SE, FI. */
export function telephonePrefixesFor(current: TelephonePrefix): TelephonePrefix[] {
  const rest: TelephonePrefix[] = (['NO', 'SE', 'FI'] as const).map((country) => COUNTRY_INFO[country].telephonePrefix);
  return [current, ...rest.filter((prefix) => prefix !== current)];
}
