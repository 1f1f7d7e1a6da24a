import { describe, expect, it } from 'vitest';
import {
  chargeEstimate,
  currentStatus,
  hasFastCharger,
  hasFastChargerAvailable,
  isStale,
  maxPowerKw,
  newestStatusAt,
  type ChargePoint,
} from './charge-points';

const now = new Date('2026-11-25T12:00:00Z');
const point = (kw: number[], status: ChargePoint['status'], minutesAgo: number): ChargePoint => ({
  uid: 'x',
  status,
  statusAt: new Date(now.getTime() - minutesAgo * 60_000).toISOString(),
  connectors: kw.map((value) => ({ standard: 'IEC_62196_T2_COMBO', kw: value })),
});

describe('charge points', () => {
  it('trusts a status for 15 minutes, then it is unknown', () => {
    expect(currentStatus(point([150], 'AVAILABLE', 15), now)).toBe('AVAILABLE');
    expect(currentStatus(point([150], 'AVAILABLE', 15.01), now)).toBe('UNKNOWN');
    expect(currentStatus(point([150], 'CHARGING', 1), now)).toBe('CHARGING');
    expect(currentStatus({ status: 'AVAILABLE', statusAt: 'garbage' }, now)).toBe('UNKNOWN');
  });

  it('a fast charger is 100 kW or more on any connector, available and fresh', () => {
    expect(maxPowerKw(point([50, 150], 'AVAILABLE', 0))).toBe(150);
    expect(hasFastChargerAvailable({ chargePoints: [point([50, 100], 'AVAILABLE', 1)] }, now)).toBe(true);
    expect(hasFastChargerAvailable({ chargePoints: [point([99.9], 'AVAILABLE', 1)] }, now)).toBe(false);
    expect(hasFastChargerAvailable({ chargePoints: [point([150], 'CHARGING', 1)] }, now)).toBe(false);
    expect(hasFastChargerAvailable({ chargePoints: [point([150], 'AVAILABLE', 20)] }, now)).toBe(false);
    expect(hasFastChargerAvailable({}, now)).toBe(false);
  });

  it('a station has a fast charger whatever its status; the newest status tells whether the feed is stale', () => {
    expect(hasFastCharger({ chargePoints: [point([150], 'AVAILABLE', 60)] })).toBe(true);
    expect(hasFastCharger({ chargePoints: [point([50], 'AVAILABLE', 1)] })).toBe(false);
    const points = [
      point([50], 'CHARGING', 42),
      point([150], 'AVAILABLE', 20),
      { ...point([22], 'UNKNOWN', 0), statusAt: '?' },
    ];
    expect(newestStatusAt(points)).toBe(now.getTime() - 20 * 60_000);
    expect(newestStatusAt([])).toBeNull();
    expect(isStale(now.getTime() - 15 * 60_000, now)).toBe(false);
    expect(isStale(now.getTime() - 16 * 60_000, now)).toBe(true);
  });

  it('estimates 20→80 % of a 60 kWh battery (36 kWh) at full power, with the session fee', () => {
    // 36 kWh at 150 kW: 15 minutes.
    expect(chargeEstimate({ kwh: 0.69 }, 150)).toEqual({ cost: 24.84, minutes: 15 });
    expect(chargeEstimate({ kwh: 0.5, minute: 0.025, session: 1 }, 50)).toEqual({ cost: 20.1, minutes: 44 });
    expect(chargeEstimate({ session: 1 }, 22)).toBeUndefined();
    expect(chargeEstimate({ kwh: 0.3 }, 0)).toBeUndefined();
  });
});
