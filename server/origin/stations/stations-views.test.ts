import { describe, expect, it } from 'vitest';
import { LOCALES } from '#shared/locales';
import { generateSeedStations } from './seed/stations-seed';
import type { StationRecord } from './stations-record';
import { stationPage } from './stations-views';

/** A Wednesday noon in Helsinki (a weekday: today's lunch is served). */
const WEDNESDAY = new Date('2026-11-25T10:00:00Z');

function lunchStation(stations: StationRecord[]): StationRecord {
  const station = stations.find(
    (record) => record.country === 'FI' && record.features.lunchList && record.features.foodMenu && record.lunchDishes,
  );
  if (!station) throw new Error('No seeded Finnish station with a lunch list and a food menu');
  return station;
}

describe("today's lunch: each dish with its own price", () => {
  it('lists every dish of the day with its price, not the first dish price for all', async () => {
    const record = lunchStation(await generateSeedStations('content', { year: 2026 }));
    // Two dishes at different prices, as the week's list prices them.
    const dishes = [
      { name: 'Lohikeitto', names: { 'en-EU': 'Salmon soup' }, price: 13.9, diets: ['L' as const, 'G' as const] },
      { name: 'Pyttipannu', names: { 'en-EU': 'Pytt i panna (hash)' }, price: 10.9, diets: [] },
    ];
    const station = { ...record, lunchDishes: Array.from({ length: 5 }, () => dishes) };
    const { content } = stationPage(station, 'en-EU', WEDNESDAY, undefined);
    expect(content.station?.lunch?.dishes).toEqual([
      { name: 'Salmon soup', price: 13.9, diets: ['L', 'G'] },
      { name: 'Pytt i panna (hash)', price: 10.9, diets: [] },
    ]);
    // The week's list and today's box agree on each dish's price.
    const wednesday = content.lunchList?.days[2]?.dishes;
    expect(wednesday?.map((dish) => [dish.name, dish.price])).toEqual([
      ['Salmon soup', 13.9],
      ['Pytt i panna (hash)', 10.9],
    ]);
  });

  it('has no lunch on a Saturday', async () => {
    const record = lunchStation(await generateSeedStations('content', { year: 2026 }));
    const { content } = stationPage(record, 'fi-FI', new Date('2026-11-28T10:00:00Z'), undefined);
    expect(content.station?.lunch).toBeUndefined();
  });

  it("lists next week's lunches on a Saturday and a Sunday, this week's on a weekday (issue 30 #13)", async () => {
    const record = lunchStation(await generateSeedStations('content', { year: 2026 }));
    const dates = (at: string) =>
      stationPage(record, 'fi-FI', new Date(at), undefined).content.lunchList?.days.map((day) => day.date);
    expect(dates('2026-11-25T10:00:00Z')).toEqual([
      '2026-11-23',
      '2026-11-24',
      '2026-11-25',
      '2026-11-26',
      '2026-11-27',
    ]);
    expect(dates('2026-11-28T10:00:00Z')?.[0]).toBe('2026-11-30');
    expect(dates('2026-11-29T21:00:00Z')?.[0]).toBe('2026-11-30');
    expect(dates('2026-11-29T22:30:00Z')?.[0]).toBe('2026-11-30'); // Monday 00:30 in Helsinki
  });
});

describe('names in the page language', () => {
  it('names dishes, the food menu and wash programmes in each locale; the station language in its own', async () => {
    const record = lunchStation(await generateSeedStations('content', { year: 2026 }));
    const names = Object.fromEntries(
      LOCALES.map((locale) => {
        const { content } = stationPage(record, locale, WEDNESDAY, undefined);
        return [
          locale,
          {
            list: content.lunchList?.title,
            dishes: content.lunchList?.days.flatMap((day) => day.dishes.map((dish) => dish.name)) ?? [],
            menu: content.foodMenu?.title,
            sections: content.foodMenu?.sections.map((section) => section.title),
            items: content.foodMenu?.sections.flatMap((section) => section.items.map((item) => item.name)),
            washes: content.station?.carwash?.programmes.map((programme) => programme.name),
          },
        ];
      }),
    );
    expect(names['fi-FI']?.list).toBe('Viikon lounaslista');
    expect(names['en-EU']?.list).toBe("This week's lunch");
    expect(names['sv-SE']?.menu).toBe('Restaurangens meny');
    expect(names['no-NO']?.sections).toContain('Burgere');
    expect(names['en-EU']?.items).toContain('Cheeseburger');
    expect(names['fi-FI']?.items).toContain('Juustoburgeri');
    if (record.carwash) expect(names['sv-SE']?.washes).toEqual(['Bas', 'Vax', 'Premium']);
    // The Finnish names of the week stay on the Finnish page only.
    for (const dish of record.lunchDishes!.flat()) {
      expect(names['fi-FI']?.dishes).toContain(dish.name);
      expect(names['en-EU']?.dishes).toContain(dish.names?.['en-EU']);
    }
    // No Finnish dish name is left on the English page.
    const finnish = new Set(names['fi-FI']?.dishes);
    expect(names['en-EU']?.dishes.filter((dish) => finnish.has(dish))).toEqual([]);
  });

  it('falls back to the stored name for a record without names (saved before names per locale)', async () => {
    const record = lunchStation(await generateSeedStations('content', { year: 2026 }));
    const bare: StationRecord = {
      ...record,
      lunchDishes: record.lunchDishes!.map((day) => day.map(({ names: _names, ...dish }) => dish)),
    };
    const { content } = stationPage(bare, 'sv-SE', WEDNESDAY, undefined);
    expect(content.lunchList?.days[0]?.dishes.map((dish) => dish.name)).toEqual(
      record.lunchDishes![0]!.map((dish) => dish.name),
    );
  });
});
