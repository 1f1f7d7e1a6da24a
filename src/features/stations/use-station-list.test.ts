import { describe, expect, it } from 'vitest';
import { retryDelayMs } from './use-station-list';

describe('the wait before a failed station sync is tried again', () => {
  it('is 5 s, then three times longer each time, at most 5 minutes', () => {
    expect([1, 2, 3, 4, 5, 6, 20].map(retryDelayMs)).toEqual([
      5_000, 15_000, 45_000, 135_000, 300_000, 300_000, 300_000,
    ]);
  });
});
