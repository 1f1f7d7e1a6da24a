import { describe, expect, it } from 'vitest';
import { distanceKm, formatDistance } from './distance';

describe('distance', () => {
  it('Helsinki–Tampere is about 160 km, Oslo–Stockholm about 417 km', () => {
    expect(distanceKm({ lat: 60.1699, lng: 24.9384 }, { lat: 61.4978, lng: 23.761 })).toBeCloseTo(160.5, 0);
    expect(distanceKm({ lat: 59.9139, lng: 10.7522 }, { lat: 59.3293, lng: 18.0686 })).toBeCloseTo(417, -1);
  });

  it('is zero for the same point and symmetric', () => {
    const a = { lat: 65.0121, lng: 25.4651 };
    const b = { lat: 69.6496, lng: 18.956 };
    expect(distanceKm(a, a)).toBe(0);
    expect(distanceKm(a, b)).toBeCloseTo(distanceKm(b, a), 9);
  });

  it('formats metres and kilometres in the locale', () => {
    expect(formatDistance(0.846, 'en')).toBe('850 m');
    expect(formatDistance(12.34, 'fi-FI')).toBe('12,3 km');
    expect(formatDistance(123.4, 'en')).toBe('123 km');
  });

  it('says 1,0 km from 995 m on, never "1 000 m"', () => {
    expect(formatDistance(0.996, 'fi-FI')).toBe('1,0 km');
    expect(formatDistance(0.9999, 'sv-SE')).toBe('1,0 km');
    expect(formatDistance(1, 'en')).toBe('1.0 km');
    expect(formatDistance(0.994, 'fi-FI')).toBe('990 m');
  });
});
