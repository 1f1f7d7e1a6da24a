import { describe, expect, it } from 'vitest';
import { calibratedCpuSlowdown, ranOnFastEnoughHost } from './lighthouse-cpu';

describe('Lighthouse host checks', () => {
  it('accepts a run on a host of benchmarkIndex 1500 or more without the slow-CPU warning', () => {
    expect(ranOnFastEnoughHost({ environment: { benchmarkIndex: 1800 }, runWarnings: [] })).toBe(true);
    expect(ranOnFastEnoughHost({ environment: { benchmarkIndex: 1499 }, runWarnings: [] })).toBe(false);
    expect(
      ranOnFastEnoughHost({
        environment: { benchmarkIndex: 1600 },
        runWarnings: ['The tested device appears to have a slower CPU than expected from a 4x slowdown.'],
      }),
    ).toBe(false);
    expect(ranOnFastEnoughHost({ runWarnings: [] })).toBe(false);
  });

  it('scales the 4× slowdown down for a slower host, never below 1×', () => {
    expect(calibratedCpuSlowdown(2500)).toBe(4);
    expect(calibratedCpuSlowdown(1500)).toBe(4);
    expect(calibratedCpuSlowdown(750)).toBe(2);
    expect(calibratedCpuSlowdown(1000)).toBe(2.7);
    expect(calibratedCpuSlowdown(200)).toBe(1);
    expect(calibratedCpuSlowdown(NaN)).toBe(4);
  });
});
