import { describe, expect, it } from 'vitest';
import { age, formatAge, formatFuelPrice } from './live-data-format';

describe('live data format', () => {
  it('shows euro pump prices to a tenth of a cent and crowns to the öre', () => {
    expect(formatFuelPrice(1.879, 'EUR', 'fi-FI').replace(/\s/g, ' ')).toBe('1,879 €');
    expect(formatFuelPrice(1.879, 'EUR', 'en-EU')).toBe('€1.879');
    expect(formatFuelPrice(17.59, 'SEK', 'sv-SE').replace(/\s/g, ' ')).toBe('17,59 kr');
    expect(formatFuelPrice(21.5, 'NOK', 'no-NO').replace(/\s/g, ' ')).toMatch(/21,50/);
  });

  it('gives ages in minutes, hours under two days, then days', () => {
    const now = new Date('2026-11-25T12:00:00Z');
    expect(age('2026-11-25T11:59:30Z', now)).toEqual({ value: 0, unit: 'minute' });
    expect(age('2026-11-25T11:20:00Z', now)).toEqual({ value: 40, unit: 'minute' });
    expect(age('2026-11-25T10:00:00Z', now)).toEqual({ value: 2, unit: 'hour' });
    expect(age('2026-11-23T13:00:00Z', now)).toEqual({ value: 47, unit: 'hour' });
    expect(age('2026-11-22T12:00:00Z', now)).toEqual({ value: 3, unit: 'day' });
    // A clock a little behind the feed's never gives a negative age.
    expect(age('2026-11-25T12:01:00Z', now)).toEqual({ value: 0, unit: 'minute' });
    expect(formatAge('2026-11-25T10:00:00Z', now, 'en-EU')).toMatch(/^2 hr\.? ago$/);
    expect(formatAge('2026-11-25T10:00:00Z', now, 'fi-FI')).toMatch(/2 t/);
  });

  it('says minutes and hours ago in one register in Swedish (issue 30 #14)', () => {
    const now = new Date('2026-11-25T12:00:00Z');
    expect(formatAge('2026-11-25T11:51:00Z', now, 'sv-SE')).toBe('för 9 minuter sedan');
    expect(formatAge('2026-11-24T19:00:00Z', now, 'sv-SE')).toBe('för 17 timmar sedan');
  });
});
