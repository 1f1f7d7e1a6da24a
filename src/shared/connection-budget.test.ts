import { describe, expect, it } from 'vitest';
import { connectionBudget } from './connection-budget';

describe('connectionBudget', () => {
  it('gives nothing optional on Save-Data, slow-2g and 2g, whatever the figures say', () => {
    expect(connectionBudget({ saveData: true, effectiveType: '4g', rtt: 50, downlink: 10 })).toBe('none');
    expect(connectionBudget({ effectiveType: 'slow-2g' })).toBe('none');
    expect(connectionBudget({ effectiveType: '2g', rtt: 50, downlink: 10 })).toBe('none');
  });

  it('gives nothing to a slow link that calls itself 3g or 4g: 800 ms / 250 kbit/s', () => {
    expect(connectionBudget({ saveData: false, effectiveType: '3g', rtt: 800, downlink: 0.25 })).toBe('none');
    expect(connectionBudget({ effectiveType: '4g', rtt: 700, downlink: 10 })).toBe('none');
    expect(connectionBudget({ effectiveType: '4g', rtt: 100, downlink: 0.25 })).toBe('none');
  });

  it('gives a few prefetches to a moderate link: typical 3g, a long round trip or under 1 Mbit/s', () => {
    // Chromium's own "3G" (--force-effective-connection-type=3G): 400 ms, 0.35 Mbit/s.
    expect(connectionBudget({ effectiveType: '3g', rtt: 400, downlink: 0.35 })).toBe('light');
    expect(connectionBudget({ effectiveType: '3g' })).toBe('light');
    expect(connectionBudget({ effectiveType: '4g', rtt: 300, downlink: 10 })).toBe('light');
    expect(connectionBudget({ effectiveType: '4g', rtt: 50, downlink: 0.9 })).toBe('light');
  });

  it('gives everything to a fast link, to browsers without the API, and reads 0 as "not measured"', () => {
    // Chromium's estimate before it has measured anything: 100 ms, 1.5 Mbit/s.
    expect(connectionBudget({ effectiveType: '4g', rtt: 100, downlink: 1.5 })).toBe('full');
    expect(connectionBudget({ effectiveType: '4g', rtt: 0, downlink: 0 })).toBe('full');
    expect(connectionBudget({ effectiveType: '4g', rtt: Number.NaN })).toBe('full');
    expect(connectionBudget(undefined)).toBe('full');
    expect(connectionBudget({})).toBe('full');
  });
});
