import { describe, expect, it } from 'vitest';
import type { StationFacts } from '#shared/station-wire';
import { stationFacts } from './station-facts.fixture';
import { fromFacts, fullRecords, tariffsAfter, withLive } from './station-records';

const facts: StationFacts = {
  ...stationFacts('FI-1'),
  services: ['95', 'evCharging'],
  hours: { week: Array<string>(7).fill('06:00-22:00') } as StationFacts['hours'],
  chargePoints: [
    { uid: 'FI-1-1', connectors: [{ standard: 'IEC_62196_T2_COMBO', kw: 150 }], tariffId: 'HPC' },
    { uid: 'FI-1-2', connectors: [{ standard: 'IEC_62196_T2', kw: 22 }] },
  ],
};
const at = (minute: number) => new Date(Date.UTC(2026, 10, 29, 12, minute)).toISOString();

describe('one stored record from two channels', () => {
  const first = fullRecords([facts], {
    prices: [
      { station: 'FI-1', grade: 'diesel', price: 1.799, setAt: at(0) },
      { station: 'FI-1', grade: '95', price: 1.899, setAt: at(0) },
    ],
    statuses: [{ station: 'FI-1', uid: 'FI-1-1', status: 'AVAILABLE', statusAt: at(1) }],
    tariffs: [{ id: 'HPC', tariff: { kwh: 0.59 } }],
  })[0]!;

  it('puts facts and live data together, hours with their exceptions, grades in order', () => {
    expect(first.hours?.exceptions).toEqual({});
    expect(first.prices?.map((price) => price.grade)).toEqual(['95', 'diesel']);
    expect(first.chargePoints).toEqual([
      {
        uid: 'FI-1-1',
        connectors: [{ standard: 'IEC_62196_T2_COMBO', kw: 150 }],
        tariffId: 'HPC',
        status: 'AVAILABLE',
        statusAt: at(1),
        tariff: { kwh: 0.59 },
      },
      // No status yet: unknown, never reported (shown as unknown, never as free or busy).
      {
        uid: 'FI-1-2',
        connectors: [{ standard: 'IEC_62196_T2', kw: 22 }],
        status: 'UNKNOWN',
        statusAt: new Date(0).toISOString(),
      },
    ]);
  });

  it('keeps the live data of a station whose facts changed', () => {
    const renamed = fromFacts({ ...facts, name: 'St1 Renamed' }, first, { HPC: { kwh: 0.59 } });
    expect(renamed.name).toBe('St1 Renamed');
    expect(renamed.prices).toEqual(first.prices);
    expect(renamed.chargePoints?.[0]?.status).toBe('AVAILABLE');
  });

  it('replaces a grade or a status by a delta, all of them by a full list', () => {
    const tariffs = { HPC: { kwh: 0.59 } };
    const delta = withLive(
      first,
      { prices: [{ station: 'FI-1', grade: '95', price: 1.859, setAt: at(5) }] },
      false,
      tariffs,
    );
    expect(delta.prices?.map((price) => `${price.grade} ${price.price}`)).toEqual(['95 1.859', 'diesel 1.799']);
    const full = withLive(
      first,
      { prices: [{ station: 'FI-1', grade: '98', price: 1.999, setAt: at(5) }] },
      true,
      tariffs,
    );
    expect(full.prices?.map((price) => price.grade)).toEqual(['98']);
    expect(withLive(first, {}, true, tariffs).prices).toBeUndefined();
  });

  it('reprices chargers when their tariff changes, and keeps the others', () => {
    const tariffs = tariffsAfter(
      { HPC: { kwh: 0.59 }, AC: { kwh: 0.3 } },
      {
        full: false,
        tariffs: [{ id: 'HPC', tariff: { kwh: 0.65, session: 1 } }],
      },
    );
    expect(tariffs).toEqual({ HPC: { kwh: 0.65, session: 1 }, AC: { kwh: 0.3 } });
    expect(withLive(first, {}, false, tariffs).chargePoints?.[0]?.tariff).toEqual({ kwh: 0.65, session: 1 });
    expect(tariffsAfter({ AC: { kwh: 0.3 } }, { full: true, tariffs: [] })).toEqual({});
  });
});
