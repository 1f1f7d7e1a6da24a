import { describe, expect, it } from 'vitest';
import { implausiblePrice, priceOf } from './fuel-prices';

describe('implausiblePrice', () => {
  it('accepts pump prices of each currency with up to three decimals', () => {
    expect(implausiblePrice(1.879, 'EUR')).toBeNull();
    expect(implausiblePrice(0.5, 'EUR')).toBeNull();
    expect(implausiblePrice(5, 'EUR')).toBeNull();
    expect(implausiblePrice(17.59, 'SEK')).toBeNull();
    expect(implausiblePrice(21.49, 'NOK')).toBeNull();
  });

  it('refuses the usual feed mistakes, saying why', () => {
    expect(implausiblePrice(189.9, 'EUR')).toMatch(/outside the plausible 0.5–5 EUR/); // cents
    expect(implausiblePrice(1879, 'EUR')).toMatch(/outside/); // thousandths
    expect(implausiblePrice(1.879, 'SEK')).toMatch(/outside the plausible 5–50 SEK/); // euros as crowns
    expect(implausiblePrice(0, 'NOK')).toMatch(/outside/);
    expect(implausiblePrice(-1.5, 'EUR')).toMatch(/outside/);
    expect(implausiblePrice(1.8799, 'EUR')).toMatch(/more than 3 decimals/);
    expect(implausiblePrice(Number.NaN, 'EUR')).toBe('is not a number');
  });
});

describe('priceOf', () => {
  it("finds a grade's current price, if any", () => {
    const station = { prices: [{ grade: '95' as const, price: 1.879, setAt: '2026-11-25T06:00:00Z' }] };
    expect(priceOf(station, '95')?.price).toBe(1.879);
    expect(priceOf(station, 'diesel')).toBeUndefined();
    expect(priceOf({}, '95')).toBeUndefined();
  });
});
