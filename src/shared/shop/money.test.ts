import { describe, expect, it } from 'vitest';
import { centsToEuros, eurosToCents, formatPrice, priceExcludingTax, roundCents } from './money';

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

  it('computes the price excluding tax of spec §9: price / (1 + tax)', () => {
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
});
