import { describe, expect, it, vi } from 'vitest';
import { mapInSlices } from './main-thread-slices';

describe('mapInSlices', () => {
  it('maps every item in order', async () => {
    expect(await mapInSlices([1, 2, 3, 4, 5], 2, (n) => n * 10)).toEqual([10, 20, 30, 40, 50]);
    expect(await mapInSlices([], 2, (n: number) => n)).toEqual([]);
  });

  it('gives the browser a turn between slices, not within one', async () => {
    const order: string[] = [];
    setTimeout(() => order.push('other task'), 0);
    await mapInSlices([1, 2, 3, 4], 2, (n) => order.push(`item ${n}`));
    expect(order).toEqual(['item 1', 'item 2', 'other task', 'item 3', 'item 4']);
  });

  it('uses scheduler.yield where the browser has it', async () => {
    const schedulerYield = vi.fn(() => Promise.resolve());
    vi.stubGlobal('scheduler', { yield: schedulerYield });
    try {
      await mapInSlices([1, 2, 3], 1, (n) => n);
      expect(schedulerYield).toHaveBeenCalledTimes(2);
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
