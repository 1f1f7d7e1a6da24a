/**
 * How live station data reads: a pump price in its currency (euros to a tenth of a cent,
 * crowns to the öre, as pumps show them) and the age of a price or a charger status
 * ("2 h ago", "3 days ago") in the page's language.
 */
import { LOCALE_INFO, type Locale } from '#shared/locales';

const priceFormats = new Map<string, Intl.NumberFormat>();

/** '1,879 €' (fi-FI), '€1.879' (en-EU), '17,59 kr' (sv-SE). */
export function formatFuelPrice(price: number, currency: string, locale: Locale): string {
  const key = `${locale}|${currency}`;
  let format = priceFormats.get(key);
  if (!format) {
    const decimals = currency === 'EUR' ? 3 : 2;
    format = new Intl.NumberFormat(LOCALE_INFO[locale].formatLocale, {
      style: 'currency',
      currency,
      minimumFractionDigits: decimals,
      maximumFractionDigits: decimals,
    });
    priceFormats.set(key, format);
  }
  return format.format(price);
}

const moneyFormats = new Map<string, Intl.NumberFormat>();

/** A charging price or cost to the cent: '0,69 €' (fi-FI), '€0.69' (en-EU), '6,50 kr' (sv-SE). */
export function formatMoney(amount: number, currency: string, locale: Locale): string {
  const key = `${locale}|${currency}`;
  let format = moneyFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(LOCALE_INFO[locale].formatLocale, {
      style: 'currency',
      currency,
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    });
    moneyFormats.set(key, format);
  }
  return format.format(amount);
}

export type AgeUnit = 'minute' | 'hour' | 'day';

/** The age of an instant at `now` in whole minutes under an hour, hours under two days, else days. */
export function age(instant: string, now: Date): { value: number; unit: AgeUnit } {
  const minutes = Math.max(0, Math.floor((now.getTime() - Date.parse(instant)) / 60_000));
  if (minutes < 60) return { value: minutes, unit: 'minute' };
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return { value: hours, unit: 'hour' };
  return { value: Math.floor(hours / 24), unit: 'day' };
}

const ageFormats = new Map<Locale, Intl.RelativeTimeFormat>();

/** "2 h ago", "just now" … in the locale's words (Intl.RelativeTimeFormat, short style). */
export function formatAge(instant: string, now: Date, locale: Locale): string {
  let format = ageFormats.get(locale);
  if (!format) {
    // Swedish short forms mix registers ("för 9 min sen" beside "för 17 tim sedan", CLDR's
    // data): Swedish takes the long forms, which are one register ("för 9 minuter sedan").
    const style = locale === 'sv-SE' ? 'long' : 'short';
    format = new Intl.RelativeTimeFormat(LOCALE_INFO[locale].formatLocale, { numeric: 'auto', style });
    ageFormats.set(locale, format);
  }
  const { value, unit } = age(instant, now);
  return format.format(-value, unit);
}
