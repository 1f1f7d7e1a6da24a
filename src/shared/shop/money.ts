/**
 * Money in the shop: the origin computes in integer cents; the API answers
 * euros with two decimals; pages show them in the number format and the shop currency of
 * the locale table (src/shared/locales.ts). One rounding rule everywhere: half away from
 * zero to the cent (docs/shop.md).
 */
import { LOCALE_INFO, type Locale } from '../locales';
import { MONEY_DECIMALS } from '../rules/limits';

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

const formatters = new Map<string, Intl.NumberFormat>();

/**
 * An amount of `currency` in the number format of the locale table ('12,90 €' in fi-FI,
 * '€12.90' in en-EU, '129,00 kr' in sv-SE), always with MONEY_DECIMALS decimals.
 */
export function formatMoney(amount: number, currency: string, locale: Locale): string {
  const { formatLocale } = LOCALE_INFO[locale];
  const key = `${formatLocale}|${currency}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.NumberFormat(formatLocale, {
      style: 'currency',
      currency,
      minimumFractionDigits: MONEY_DECIMALS,
      maximumFractionDigits: MONEY_DECIMALS,
    });
    formatters.set(key, formatter);
  }
  // Intl puts a no-break space before '€'; a normal space reads the same and copies better.
  return formatter.format(centsToEuros(eurosToCents(amount))).replace(/\u00a0/g, ' ');
}

/**
 * A shop price in the currency the shop charges in `locale` (the locale table's
 * `shopCurrency`: EUR in every locale, docs/shop.md), e.g. '12,90 €' in fi-FI (spec §9:
 * two decimals, comma, € sign) and '€12.90' in en-EU.
 */
export function formatPrice(amount: number, locale: Locale): string {
  return formatMoney(amount, LOCALE_INFO[locale].shopCurrency, locale);
}

/**
 * `formatPrice` for a price inside running text ("hintaan 119,90 €"): its spaces do not
 * break, so a narrow line never leaves '€' (or a thousands group) alone on the next line, as
 * the upsell offer did at 390 px.
 */
export function formatPriceInText(amount: number, locale: Locale): string {
  return formatPrice(amount, locale).replace(/ /g, '\u00a0');
}
