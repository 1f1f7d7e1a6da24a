import { describe, expect, it } from 'vitest';
import { LOCALE_INFO, LOCALES } from '../locales';
import {
  centsToEuros,
  eurosToCents,
  formatMoney,
  formatPrice,
  formatPriceInText,
  priceExcludingTax,
  roundCents,
} from './money';

describe('money', () => {
  it('rounds cents half away from zero', () => {
    expect(roundCents(0.5)).toBe(1);
    expect(roundCents(1.4999)).toBe(1);
    expect(roundCents(-0.5)).toBe(-1);
    expect(roundCents(808.7649)).toBe(809);
  });

  it('converts euros and cents without binary-fraction drift', () => {
    expect(eurosToCents(19.9)).toBe(1990);
    expect(eurosToCents(0.29)).toBe(29);
    expect(eurosToCents(1.005)).toBe(101);
    expect(centsToEuros(1990)).toBe(19.9);
  });

  it('computes the price excluding tax: price / (1 + tax)', () => {
    expect(priceExcludingTax(19.9, 25.5)).toBe(15.86);
    expect(priceExcludingTax(12.55, 25.5)).toBe(10);
    expect(priceExcludingTax(10, 0)).toBe(10);
    expect(priceExcludingTax(9.9, 25.5)).toBe(7.89);
  });

  it("shows prices as '12,90 €' in fi-FI (spec §9)", () => {
    expect(formatPrice(12.9, 'fi-FI')).toBe('12,90 €');
    expect(formatPrice(1234.5, 'fi-FI')).toBe('1 234,50 €');
    expect(formatPrice(0, 'fi-FI')).toBe('0,00 €');
    expect(formatPrice(12.345, 'fi-FI')).toBe('12,35 €');
    expect(formatPrice(12.9, 'sv-SE')).toBe('12,90 €');
    expect(formatPrice(12.9, 'en-EU')).toBe('€12.90');
  });

  it('sells in the currency of the locale table in every locale: EUR, in the local number format (docs/shop.md)', () => {
    expect(LOCALES.map((locale) => LOCALE_INFO[locale].shopCurrency)).toEqual(['EUR', 'EUR', 'EUR', 'EUR']);
    expect(formatPrice(1234.5, 'sv-SE')).toBe('1 234,50 €');
    expect(formatPrice(1234.5, 'no-NO')).toBe('1 234,50 €');
    expect(formatPrice(1234.5, 'en-EU')).toBe('€1,234.50');
  });

  it('formats an amount of another currency (station prices, past orders) in the same number format', () => {
    expect(formatMoney(129, 'SEK', 'sv-SE')).toBe('129,00 kr');
    expect(formatMoney(129, 'NOK', 'no-NO')).toBe('129,00 kr');
    expect(formatMoney(129, 'SEK', 'fi-FI')).toBe('129,00 SEK');
    expect(formatMoney(12.9, 'EUR', 'fi-FI')).toBe(formatPrice(12.9, 'fi-FI'));
  });

  it('keeps a price in running text on one line: no-break spaces before € and between groups', () => {
    expect(formatPriceInText(119.9, 'fi-FI')).toBe('119,90\u00a0€');
    expect(formatPriceInText(1234.5, 'sv-SE')).toBe('1\u00a0234,50\u00a0€');
    expect(formatPriceInText(1234.5, 'en-EU')).toBe('€1,234.50');
    for (const locale of LOCALES) expect(formatPriceInText(1234.5, locale)).not.toMatch(/\s(?<!\u00a0)/);
  });
});
