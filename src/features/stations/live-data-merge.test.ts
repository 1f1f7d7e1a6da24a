import { describe, expect, it } from 'vitest';
import type { ChargePoint } from '#shared/charge-points';
import { newestLiveData } from './live-data-merge';

const point = (uid: string, status: ChargePoint['status'], statusAt: string): ChargePoint => ({
  uid,
  status,
  statusAt,
  connectors: [{ standard: 'IEC_62196_T2_COMBO', kw: 150 }],
});

describe('newestLiveData', () => {
  it('keeps the later price per grade and the later status per charger, from either copy', () => {
    const merged = newestLiveData(
      {
        prices: [
          { grade: '95', price: 1.899, setAt: '2026-11-25T08:00:00Z' },
          { grade: 'diesel', price: 1.799, setAt: '2026-11-25T09:00:00.000Z' },
        ],
        chargePoints: [point('A', 'AVAILABLE', '2026-11-25T10:00:00Z'), point('B', 'CHARGING', '2026-11-25T10:00:00Z')],
      },
      {
        prices: [
          { grade: '95', price: 1.859, setAt: '2026-11-25T10:00:00Z' },
          { grade: 'diesel', price: 1.819, setAt: '2026-11-25T08:00:00Z' },
          { grade: 'HVO', price: 2.019, setAt: '2026-11-24T08:00:00Z' },
        ],
        chargePoints: [point('A', 'CHARGING', '2026-11-25T10:05:00+00:00')],
      },
    );
    expect(merged.prices.map((price) => [price.grade, price.price])).toEqual([
      ['95', 1.859],
      ['diesel', 1.799],
      ['HVO', 2.019],
    ]);
    expect(merged.chargePoints.map((item) => [item.uid, item.status])).toEqual([
      ['A', 'CHARGING'],
      ['B', 'CHARGING'],
    ]);
  });

  it('works with nothing stored', () => {
    expect(newestLiveData({}, undefined)).toEqual({ prices: [], chargePoints: [] });
  });
});
