/**
 * Money in the shop (spec §9): the origin computes in integer cents; the API answers
 * euros with two decimals; the browser shows them with the locale's separators and the €
 * sign. One rounding rule everywhere: half away from zero to the cent (docs/shop.md).
 */
import type { Locale } from '../locales';

/**
 * Rounds a (non-integer) number of cents to a whole cent, half away from zero. The value
 * is first cut to 12 significant digits, so that binary fractions such as
 * 1.005 × 100 = 100.49999999999999 count as the 100.5 they stand for.
 */
export function roundCents(cents: number): number {
  const tidy = Number(cents.toPrecision(12));
  return Math.sign(tidy) * Math.round(Math.abs(tidy));
}

/** Euros (as the API answers them) to integer cents. */
export function eurosToCents(euros: number): number {
  return roundCents(euros * 100);
}

/** Integer cents to euros with at most two decimals. */
export function centsToEuros(cents: number): number {
  return roundCents(cents) / 100;
}

/** Spec §9: price excluding tax = price / (1 + tax percentage), rounded to 2 decimals. */
export function priceExcludingTax(price: number, taxPercentage: number): number {
  return centsToEuros((price * 100) / (1 + taxPercentage / 100));
}

const FORMAT_LOCALE: Record<Locale, string> = {
  'fi-FI': 'fi-FI',
  'en-EU': 'en-IE',
  'sv-SE': 'sv-SE',
  'no-NO': 'nb-NO',
};
const formatters = new Map<Locale, Intl.NumberFormat>();

/**
 * '12,90 €' in fi-FI (spec §9: two decimals, comma, € sign). The shop sells in EUR in
 * every locale; the other locales use their own separators ('€12.90' in en-EU).
 */
export function formatPrice(euros: number, locale: Locale): string {
  let formatter = formatters.get(locale);
  if (!formatter) {
    formatter = new Intl.NumberFormat(FORMAT_LOCALE[locale], {
      style: 'currency',
      currency: 'EUR',
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    });
    formatters.set(locale, formatter);
  }
  // Intl puts a no-break space before '€'; a normal space reads the same and copies better.
  return formatter.format(centsToEuros(eurosToCents(euros))).replace(/\u00a0/g, ' ');
}
