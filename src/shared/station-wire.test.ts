import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CONNECTOR_STANDARDS, EVSE_STATUSES } from './charge-points';
import { FUEL_GRADES } from './fuel-prices';
import { SERVICE_CODES } from './station-constants';
import {
  decodeFacts,
  decodeLive,
  encodeFacts,
  encodeLive,
  type FactsList,
  type LiveList,
  type StationFacts,
} from './station-wire';

const word = fc.string({ maxLength: 8 });
const id = fc.oneof(fc.constantFrom('FI-0001', 'FI-0002', 'FI-12345'), fc.string({ minLength: 1, maxLength: 12 }));
const ranges = fc.constantFrom('', '06:00-22:00', '00:00-24:00', '07:00-11:00,12:00-20:00');
const weekly = fc.record({
  week: fc.array(ranges, { minLength: 7, maxLength: 7 }),
  exceptions: fc.dictionary(fc.constantFrom('2026-12-24', '2026-12-25', '2027-01-01'), ranges, { maxKeys: 2 }),
});
/** Coordinates as stored: five decimals (about a metre), which the wire keeps exactly. */
const degrees = (max: number) => fc.integer({ min: -max * 100_000, max: max * 100_000 }).map((n) => n / 100_000);
const optional = <T>(value: fc.Arbitrary<T>) => fc.option(value, { nil: undefined });
/** Drops `undefined` fields, as JSON does (the wire is JSON text). */
const defined = <T extends object>(value: T): T =>
  Object.fromEntries(Object.entries(value).filter(([, field]) => field !== undefined)) as T;

const chargePoint = (station: string) =>
  fc
    .record({
      uid: fc.oneof(
        fc.nat({ max: 99 }).map((n) => `${station}-${n}`),
        fc.constantFrom(`${station}-01`, `${station}-x`),
        fc.string({ minLength: 1, maxLength: 36 }),
      ),
      evseId: optional(fc.string({ minLength: 1, maxLength: 48 })),
      connectors: fc.array(
        fc.record({
          standard: fc.constantFrom(...CONNECTOR_STANDARDS),
          kw: fc.constantFrom(11, 22, 50, 150, 350, 7.4),
        }),
        { minLength: 1, maxLength: 3 },
      ),
      tariffId: optional(fc.constantFrom('ST1-FI-HPC', 'ST1-FI-AC')),
    })
    .map(defined);

const station = id.chain((stationId) =>
  fc
    .record({
      id: fc.constant(stationId),
      slug: word,
      name: word,
      address: word,
      postalCode: word,
      city: word,
      country: fc.constant('FI' as const),
      lat: degrees(90),
      lng: degrees(180),
      services: fc.array(fc.constantFrom(...SERVICE_CODES), { maxLength: 5 }),
      express: fc.boolean(),
      hours: fc.option(weekly, { nil: null }),
      phone: optional(fc.oneof(word, fc.constant('0'))),
      kitchenHours: optional(weekly),
      lunchHours: optional(weekly),
      chargePoints: optional(fc.array(chargePoint(stationId), { maxLength: 4 })),
    })
    .map(defined),
);

const factsList: fc.Arbitrary<FactsList> = fc
  .record({
    country: fc.constant('FI' as const),
    version: fc.nat(),
    dataset: optional(fc.constantFrom('abc', 'd-e_f')),
    full: fc.boolean(),
    stations: fc.array(station, { maxLength: 8 }),
    removed: fc.array(id, { maxLength: 3 }),
  })
  .map(defined);

/** Instants as the wire carries them: whole seconds, UTC. */
const instant = fc
  .integer({ min: Date.UTC(2020, 0, 1) / 1000, max: Date.UTC(2030, 0, 1) / 1000 })
  .map((second) => new Date(second * 1000).toISOString());

const liveList: fc.Arbitrary<LiveList> = fc
  .record({
    country: fc.constant('SE' as const),
    version: fc.nat(),
    dataset: optional(fc.constant('abc')),
    full: fc.boolean(),
    prices: fc.array(
      fc.record({
        station: id,
        grade: fc.constantFrom(...FUEL_GRADES),
        // Integer thousandths, as prices are stored.
        price: fc.integer({ min: 1, max: 50_000 }).map((milli) => milli / 1000),
        setAt: instant,
      }),
      { maxLength: 6 },
    ),
    statuses: fc.array(
      id.chain((stationId) =>
        fc.record({
          station: fc.constant(stationId),
          uid: fc.oneof(
            fc.nat({ max: 9 }).map((n) => `${stationId}-${n}`),
            fc.string({ minLength: 1, maxLength: 36 }),
          ),
          status: fc.constantFrom(...EVSE_STATUSES),
          statusAt: instant,
        }),
      ),
      { maxLength: 6 },
    ),
    tariffs: fc.array(
      fc.record({
        id: fc.string({ minLength: 1, maxLength: 12 }),
        tariff: fc
          .record(
            {
              kwh: fc.constantFrom(0, 0.45, 0.6375, 5.5),
              minute: fc.constantFrom(0.0333, 0.25),
              session: fc.constantFrom(1, 12.5),
              parkingMinute: fc.constantFrom(0.1667),
            },
            { requiredKeys: [] },
          )
          .map(defined),
      }),
      { maxLength: 3 },
    ),
  })
  .map(defined);

/** Through the wire as the browser gets it: JSON text. */
const viaJson = <T>(value: T): unknown => JSON.parse(JSON.stringify(value));

describe('station facts on the wire', () => {
  it('decodes to what was encoded', () => {
    fc.assert(
      fc.property(factsList, (list) => {
        expect(decodeFacts(viaJson(encodeFacts(list)), list.country)).toEqual(list);
      }),
    );
  });

  it('names hours, service lists and plugs once however many stations share them', () => {
    const hours = { week: Array(7).fill('06:00-22:00') as string[], exceptions: {} };
    const base = {
      slug: 's',
      name: 'St1',
      address: 'Tie 1',
      postalCode: '00100',
      city: 'Helsinki',
      country: 'FI' as const,
      lat: 60.1,
      lng: 24.9,
      services: ['95' as const, 'diesel' as const],
      express: false,
      hours,
    };
    const wire = encodeFacts({
      country: 'FI',
      version: 3,
      full: true,
      stations: [
        { ...base, id: 'FI-0001' },
        { ...base, id: 'FI-0002' },
      ],
      removed: [],
    });
    expect(wire.hours).toHaveLength(1);
    expect(wire.services).toEqual([[SERVICE_CODES.indexOf('95'), SERVICE_CODES.indexOf('diesel')]]);
    // Numbered ids and positions as the difference from the station before.
    expect(wire.stations.map((station) => station[0])).toEqual([1, 1]);
    expect(wire.stations[0]!.slice(6, 8)).toEqual([6010000, 2490000]);
    expect(wire.stations[1]).toEqual([1, 's', 'St1', 'Tie 1', '00100', 'Helsinki', 0, 0, 0, 0, 0]);
  });

  it('sends a name or slug made of the town and street as its pattern', () => {
    const station = (id: string, express: boolean): StationFacts => ({
      id,
      slug: `hameenlinna-turuntie${express ? '-2' : ''}`,
      name: `St1 ${express ? 'Express ' : ''}Hämeenlinna Turuntie`,
      address: 'Turuntie 12 B',
      postalCode: '13100',
      city: 'Hämeenlinna',
      country: 'FI',
      lat: 61,
      lng: 24.5,
      services: [],
      express,
      hours: null,
    });
    const list: FactsList = {
      country: 'FI',
      version: 1,
      full: true,
      stations: [station('FI-0001', false), station('FI-0002', true)],
      removed: [],
    };
    const wire = encodeFacts(list);
    expect(wire.texts).toEqual(['{C}-{S}', 'St1 {c} {s}', '{C}-{S}-2', 'St1 Express {c} {s}']);
    expect(wire.stations.map((tuple) => tuple.slice(1, 3))).toEqual([
      [0, 1],
      [2, 3],
    ]);
    expect(decodeFacts(viaJson(wire), 'FI')).toEqual(list);
  });

  it('names a charge point by its model alone when its uid and printed id follow the pattern', () => {
    const point = (station: string, n: number) => ({
      uid: `${station}-${n}`,
      evseId: `FI*ST1*E${station.slice(3)}*${n}`,
      connectors: [{ standard: 'IEC_62196_T2' as const, kw: 22 }],
      tariffId: 'ST1-FI-AC',
    });
    const station = (id: string, points: StationFacts['chargePoints']): StationFacts => ({
      id,
      slug: id,
      name: id,
      address: 'a',
      postalCode: 'p',
      city: 'c',
      country: 'FI',
      lat: 60,
      lng: 25,
      services: [],
      express: false,
      hours: null,
      chargePoints: points,
    });
    const list: FactsList = {
      country: 'FI',
      version: 1,
      full: true,
      stations: [
        station('FI-0007', [point('FI-0007', 1), point('FI-0007', 2)]),
        station('FI-0009', [
          point('FI-0009', 2),
          { ...point('FI-0009', 1), evseId: 'DE*XYZ*1' },
          // A printed id no pattern gives back travels as it is.
          { ...point('FI-0009', 3), evseId: 'X{n}Y' },
        ]),
      ],
      removed: [],
    };
    const wire = encodeFacts(list);
    expect(wire.models).toEqual([
      [[[2, 22]], 'FI*ST1*E{s}*{n}', 'ST1-FI-AC'],
      [[[2, 22]], 'DE*XYZ*{n}', 'ST1-FI-AC'],
      [[[2, 22]], 0, 'ST1-FI-AC'],
    ]);
    expect(wire.stations[0]![14]).toEqual([0, 0]);
    expect(wire.stations[1]![14]).toEqual([
      [2, 0],
      [1, 1],
      [3, 2, 'X{n}Y'],
    ]);
    expect(decodeFacts(viaJson(wire), 'FI')).toEqual(list);
  });

  it('leaves out a station that does not fit and refuses a broken envelope', () => {
    const wire = viaJson(
      encodeFacts({
        country: 'FI',
        version: 1,
        full: true,
        stations: [],
        removed: [],
      }),
    ) as { stations: unknown[] };
    wire.stations.push(['FI-1', 's'], ['FI-2', 's', 'n', 'a', 'p', 'c', 1, 1, 7, 0, -1]);
    expect(decodeFacts(wire, 'FI').stations).toEqual([]);
    expect(() => decodeFacts(wire, 'SE')).toThrow(/envelope/);
    expect(() => decodeFacts({ ...wire, hours: null }, 'FI')).toThrow(/shape/);
  });
});

describe('live data on the wire', () => {
  it('decodes to what was encoded', () => {
    fc.assert(
      fc.property(
        liveList,
        fc.integer({ min: Date.UTC(2020, 0, 1) / 1000, max: Date.UTC(2030, 0, 1) / 1000 }),
        (list, base) => {
          expect(decodeLive(viaJson(encodeLive(list, base)), list.country)).toEqual(list);
        },
      ),
    );
  });

  it('sends a status change as a few numbers', () => {
    const base = Date.UTC(2026, 10, 29, 12) / 1000;
    const wire = encodeLive(
      {
        country: 'FI',
        version: 9,
        full: false,
        prices: [{ station: 'FI-0001', grade: '95', price: 1.879, setAt: '2026-11-29T11:58:00.000Z' }],
        statuses: [{ station: 'FI-0001', uid: 'FI-0001-2', status: 'CHARGING', statusAt: '2026-11-29T11:59:30.000Z' }],
        tariffs: [{ id: 'ST1-FI-AC', tariff: { kwh: 0.45, session: 1 } }],
      },
      base,
    );
    expect(wire.prices).toEqual([[1, FUEL_GRADES.indexOf('95'), 1879, 120]]);
    expect(wire.statuses).toEqual([[1, 2, EVSE_STATUSES.indexOf('CHARGING'), 30]]);
    // A station's rows in one group: its id once.
    const two = encodeLive(
      {
        country: 'FI',
        version: 9,
        full: true,
        prices: [
          { station: 'FI-0001', grade: '95', price: 1.879, setAt: '2026-11-29T11:58:00.000Z' },
          { station: 'FI-0001', grade: 'diesel', price: 1.779, setAt: '2026-11-29T11:58:00.000Z' },
        ],
        statuses: [],
        tariffs: [],
      },
      base,
    );
    expect(two.prices).toEqual([[1, 0, 1879, 120, FUEL_GRADES.indexOf('diesel'), 1779, 120]]);
    expect(wire.tariffs).toEqual([['ST1-FI-AC', 0.45, null, 1]]);
  });

  it('leaves out rows that do not fit', () => {
    const wire = {
      country: 'FI',
      version: 1,
      full: false,
      base: 1_800_000_000,
      prices: [['FI-1', 99, 1879, 0, 0, 1.5, 0, 0, 1879, 0], ['FI-2', 0, 1879], 'FI-3'],
      statuses: [
        ['FI-1', 1, 42, 0],
        [true, 1, 0, 0],
      ],
      tariffs: [
        ['T', 'free'],
        ['U', -1],
        ['V', 0.5],
      ],
    };
    const list = decodeLive(wire, 'FI');
    expect(list.prices).toHaveLength(1);
    expect(list.statuses).toEqual([]);
    expect(list.tariffs).toEqual([{ id: 'V', tariff: { kwh: 0.5 } }]);
    expect(() => decodeLive({ ...wire, base: 'now' }, 'FI')).toThrow(/shape/);
  });
});
