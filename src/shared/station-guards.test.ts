import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CONNECTOR_STANDARDS, EVSE_STATUSES } from './charge-points';
import { FUEL_GRADES } from './fuel-prices';
import { SERVICE_CODES } from './station-constants';
import { isStationSummary } from './station-guards';
import { stationSummarySchema } from './stations';

/** Mostly a right value, sometimes one of another type or out of its set. */
const loose = (...right: Array<fc.Arbitrary<unknown>>): fc.Arbitrary<unknown> =>
  fc.oneof(
    { weight: 60, arbitrary: fc.oneof(...right) },
    { weight: 1, arbitrary: fc.constantFrom(undefined, null, '', 'x', 0, -1, 1.5, Number.NaN, Infinity, true, [], {}) },
  );
/** Mostly every field, sometimes some left out, rarely anything at all. */
const record = (fields: Record<string, fc.Arbitrary<unknown>>) =>
  fc.oneof(
    { weight: 60, arbitrary: fc.record(fields) },
    { weight: 1, arbitrary: fc.record(fields, { requiredKeys: [] }) },
    { weight: 1, arbitrary: fc.anything() },
  );
const word = fc.string({ maxLength: 6 });
/** Right values most of the time, wrong ones of the same type beside them. */
const mostly = (right: readonly string[], wrong: readonly string[]) =>
  fc.oneof({ weight: 12, arbitrary: fc.constantFrom(...right) }, { weight: 1, arbitrary: fc.constantFrom(...wrong) });
const ranges = mostly(
  ['', '06:00-22:00', '00:00-24:00', '07:00-11:00,12:00-20:00'],
  ['6:00-22:00', '25:00-26:00', '06:00'],
);
const instant = mostly(
  ['2026-11-25T06:00:00Z', '2026-11-25T06:00:00.123+02:00', '2024-02-29T23:59:59-05:30'],
  ['2026-02-29T06:00:00Z', '2026-11-25T06:00Z', '2026-11-25 06:00:00Z', '2026-11-25T06:00:00'],
);
const hours = record({
  week: loose(
    fc.oneof(
      { weight: 12, arbitrary: fc.array(ranges, { minLength: 7, maxLength: 7 }) },
      { weight: 1, arbitrary: fc.array(ranges, { minLength: 6, maxLength: 8 }) },
    ),
  ),
  exceptions: fc.option(fc.dictionary(mostly(['2026-12-24', '2026-12-25'], ['24.12.2026']), ranges, { maxKeys: 2 }), {
    nil: undefined,
  }),
});
const optional = (value: fc.Arbitrary<unknown>) => fc.option(value, { nil: undefined, freq: 3 });

const station = record({
  id: loose(word),
  slug: loose(word),
  name: loose(word),
  address: loose(word),
  postalCode: loose(word),
  city: loose(word),
  country: loose(fc.constantFrom('FI', 'SE', 'NO', 'DK')),
  lat: loose(fc.double({ min: -90, max: 90 }), fc.double({ min: -100, max: 100 })),
  lng: loose(fc.double({ min: -180, max: 180 }), fc.double({ min: -200, max: 200 })),
  services: loose(fc.array(fc.constantFrom(...SERVICE_CODES, 'spa'), { maxLength: 3 })),
  express: loose(fc.boolean()),
  hours: loose(fc.constant(null), hours),
  phone: optional(loose(word)),
  kitchenHours: optional(hours),
  lunchHours: optional(hours),
  prices: optional(
    loose(
      fc.array(
        record({
          grade: loose(fc.constantFrom(...FUEL_GRADES, 'LPG')),
          price: loose(fc.double({ min: 0.5, max: 3 }), fc.double({ min: -1, max: 3 })),
          setAt: loose(instant),
        }),
        { maxLength: 2 },
      ),
    ),
  ),
  chargePoints: optional(
    loose(
      fc.array(
        record({
          uid: loose(fc.string({ minLength: 1, maxLength: 36 }), fc.string({ maxLength: 40 })),
          evseId: optional(loose(fc.string({ minLength: 1, maxLength: 48 }), fc.string({ maxLength: 50 }))),
          status: loose(fc.constantFrom(...EVSE_STATUSES, 'BROKEN')),
          statusAt: loose(instant),
          connectors: loose(
            fc.array(
              record({
                standard: loose(fc.constantFrom(...CONNECTOR_STANDARDS, 'SCHUKO')),
                kw: loose(fc.double({ min: 1, max: 350 }), fc.double({ min: -10, max: 350 })),
              }),
              { maxLength: 2 },
            ),
          ),
          tariff: optional(
            record({
              kwh: optional(loose(fc.double({ min: -1, max: 1 }))),
              minute: optional(loose(fc.double({ min: -1, max: 1 }))),
              session: optional(loose(fc.double({ min: -1, max: 5 }))),
              parkingMinute: optional(loose(fc.double({ min: -1, max: 1 }))),
            }),
          ),
          tariffId: optional(loose(fc.string({ minLength: 1, maxLength: 36 }), fc.string({ maxLength: 40 }))),
        }),
        { maxLength: 2 },
      ),
    ),
  ),
  extra: fc.anything(),
});

describe('isStationSummary', () => {
  it('accepts and refuses what stationSummarySchema accepts and refuses', () => {
    let accepted = 0;
    const runs = 3000;
    fc.assert(
      fc.property(station, (value) => {
        const parsed = stationSummarySchema.safeParse(value).success;
        if (parsed) accepted += 1;
        expect(isStationSummary(value)).toBe(parsed);
      }),
      { numRuns: runs },
    );
    // Both answers were met: the generated values test the equivalence, not one side of it.
    expect(accepted).toBeGreaterThan(runs / 100);
    expect(accepted).toBeLessThan(runs - runs / 100);
  });
});
