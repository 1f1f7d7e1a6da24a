import { describe, expect, it } from 'vitest';
import { generateSeedStations, holidayExceptions, stationsPerCountry } from './stations-seed';

const week = [...Array<string>(5).fill('06:00-22:00'), '07:00-22:00', '09:00-21:00'];

describe('seeded holiday exceptions', () => {
  it('cover the winters around the given year: the one ending in it, its own and the next', () => {
    const exceptions = holidayExceptions(week, 2031);
    expect(Object.keys(exceptions).sort()).toEqual([
      '2030-12-24',
      '2030-12-25',
      '2030-12-26',
      '2030-12-31',
      '2031-01-01',
      '2031-12-24',
      '2031-12-25',
      '2031-12-26',
      '2031-12-31',
      '2032-01-01',
      '2032-12-24',
      '2032-12-25',
      '2032-12-26',
      '2032-12-31',
      '2033-01-01',
    ]);
    expect(exceptions['2031-12-25']).toBe('');
    expect(exceptions['2031-12-24']).toBe('08:00-14:00');
    // The same year gives the same exceptions; a later year moves them along.
    expect(holidayExceptions(week, 2031)).toEqual(exceptions);
    expect(Object.keys(holidayExceptions(week, 2040))).toContain('2040-12-25');
  });

  it('leave 24 h stations open', () => {
    expect(holidayExceptions(Array<string>(7).fill('00:00-24:00'), 2031)).toEqual({});
  });

  it('follow the year of the seed: the current year by default, deterministic given the year', async () => {
    const christmases = (stations: Awaited<ReturnType<typeof generateSeedStations>>) =>
      new Set(
        stations.flatMap((station) =>
          station.hours.format === 'malformed'
            ? []
            : Object.keys(station.hours.weekly.exceptions).filter((date) => date.endsWith('-12-25')),
        ),
      );
    const [first, second, later] = await Promise.all([
      generateSeedStations('content', { year: 2035 }),
      generateSeedStations('content', { year: 2035 }),
      generateSeedStations('content', { year: 2036 }),
    ]);
    expect(JSON.stringify(first)).toBe(JSON.stringify(second));
    expect(christmases(first)).toEqual(new Set(['2034-12-25', '2035-12-25', '2036-12-25']));
    expect(christmases(later)).toEqual(new Set(['2035-12-25', '2036-12-25', '2037-12-25']));
    // Only the dates move: the stations themselves are the same.
    expect(later.map((station) => station.slug)).toEqual(first.map((station) => station.slug));
    const thisYear = new Date().getUTCFullYear();
    expect(christmases(await generateSeedStations('content'))).toContain(`${thisYear}-12-25`);
  });
});

describe('seeded lunch lists (diet labels belong to the dish)', () => {
  // Read from the dish names, not from the dish file: the test must not trust the file it checks.
  const VEGETARIAN = new Set(['Kasvislasagne', 'Pinaattiletut', 'Vegetarisk lasagne', 'Vegetarlasagne']);

  it('label a dish by what it is: VEG only on vegetarian dishes, one set of labels per dish', async () => {
    const stations = await generateSeedStations('content', { year: 2035 });
    const labels = new Map<string, Set<string>>();
    for (const dish of stations.flatMap((station) => station.lunchDishes?.flat() ?? [])) {
      const seen = labels.get(dish.name) ?? new Set<string>();
      seen.add([...dish.diets].sort().join(','));
      labels.set(dish.name, seen);
    }
    expect(labels.size).toBeGreaterThan(20);
    const labelledVeg = [...labels].filter(([, sets]) => [...sets].some((set) => set.split(',').includes('VEG')));
    expect(labelledVeg.map(([name]) => name).sort()).toEqual([...VEGETARIAN].sort());
    // The same dish carries the same labels at every station and on every day.
    expect([...labels].filter(([, sets]) => sets.size > 1).map(([name]) => name)).toEqual([]);
    expect([...(labels.get('Lihakeitto') ?? [])]).toEqual(['G,L']);
  });

  it('never list a dish twice on one day', async () => {
    const stations = await generateSeedStations('content', { year: 2035 });
    const repeats = stations.flatMap((station) =>
      (station.lunchDishes ?? [])
        .map((day, index) => ({ id: station.id, index, names: day.map((dish) => dish.name) }))
        .filter(({ names }) => new Set(names).size < names.length)
        .map(({ id, index, names }) => `${id} day ${index + 1}: ${names.join(' | ')}`),
    );
    expect(repeats).toEqual([]);
    // Still two dishes a day: the rule does not hold by serving fewer.
    expect(stations.every((station) => station.lunchDishes?.every((day) => day.length === 2) ?? true)).toBe(true);
  });
});

describe('seed size', () => {
  it('splits any total over the countries in the proportions of today (650 : 350 : 300)', () => {
    expect(stationsPerCountry(1300)).toEqual({ FI: 650, SE: 350, NO: 300 });
    expect(stationsPerCountry(13000)).toEqual({ FI: 6500, SE: 3500, NO: 3000 });
    expect(Object.values(stationsPerCountry(1001)).reduce((a, b) => a + b, 0)).toBe(1001);
    expect(() => stationsPerCountry(2.5)).toThrow(/whole number/);
  });

  it('generates N stations deterministically, with unique ids and slugs, the default seed unchanged', async () => {
    // Determinism does not depend on the size: checked at 2,000, so that the test does not
    // build 13,000 stations twice (it timed out at 20 s beside the smoke runs of a loaded CI).
    const [big, some, again, small] = await Promise.all([
      generateSeedStations('content', { year: 2035, total: 13000 }),
      generateSeedStations('content', { year: 2035, total: 2000 }),
      generateSeedStations('content', { year: 2035, total: 2000 }),
      generateSeedStations('content', { year: 2035 }),
    ]);
    expect(big).toHaveLength(13000);
    expect(JSON.stringify(some)).toBe(JSON.stringify(again));
    expect(new Set(big.map((station) => station.id)).size).toBe(13000);
    expect(new Set(big.map((station) => station.slug)).size).toBe(13000);
    expect(big.filter((station) => station.country === 'FI')).toHaveLength(6500);
    // The default is today's 1,300, and the first country's first stations do not depend on the size.
    expect(small).toHaveLength(1300);
    expect(big[0]).toEqual(small[0]);
  });
});
