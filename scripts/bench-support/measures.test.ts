import { describe, expect, it } from 'vitest';
import { median, percentile } from './measures';

describe('median', () => {
  it('takes the middle value of an odd count, in any order', () => {
    expect(median([5, 1, 3])).toBe(3);
  });

  it('takes the mean of the middle two of an even count', () => {
    expect(median([4, 1, 3, 2])).toBe(2.5);
  });
});

describe('percentile', () => {
  it('takes the nearest rank, in any order', () => {
    const values = [10, 1, 9, 2, 8, 3, 7, 4, 6, 5];
    expect(percentile(values, 50)).toBe(5);
    expect(percentile(values, 90)).toBe(9);
    expect(percentile(values, 99)).toBe(10);
    expect(percentile(values, 0)).toBe(1);
  });

  it('is 0 of no values', () => {
    expect(percentile([], 99)).toBe(0);
  });
});
