import { describe, expect, it } from 'vitest';
import { clusterColour } from './cluster-colour';

describe('cluster colour', () => {
  it('is red only above the larger of 10 and the mean', () => {
    expect(clusterColour(10, 4)).toBe('blue');
    expect(clusterColour(11, 4)).toBe('red');
    expect(clusterColour(30, 30)).toBe('blue');
    expect(clusterColour(31, 30)).toBe('red');
    expect(clusterColour(25, 40.5)).toBe('blue');
    expect(clusterColour(2, 0)).toBe('blue');
  });
});
