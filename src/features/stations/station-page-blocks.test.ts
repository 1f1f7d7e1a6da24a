import { describe, expect, it } from 'vitest';
import { LOCALES } from '#shared/locales';
import { stationDetailsSchema, type StationDetails } from '#shared/stations';
import { optionalStationBlocks } from './station-page-blocks';

/** A station as the CMS sends it, without any `features` unless given. */
function station(change: Record<string, unknown> = {}): StationDetails {
  return stationDetailsSchema.parse({
    id: 'FI-0001',
    slug: 'hameenlinna-turuntie',
    name: 'St1 Hämeenlinna Turuntie',
    address: 'Turuntie 1',
    postalCode: '13100',
    city: 'Hämeenlinna',
    country: 'FI',
    lat: 61,
    lng: 24.46,
    services: ['95', 'carwash', 'lunch'],
    express: false,
    timeZone: 'Europe/Helsinki',
    phone: '+358 3 123 4567',
    email: 'hameenlinna@example.com',
    currency: 'EUR',
    openingHours: [],
    carwash: { programmes: [{ name: 'Basic', price: 9 }] },
    ...change,
  });
}

const lunchList = {
  title: 'Lunch this week',
  days: [{ date: '2026-11-23', dishes: [{ name: 'Soup', price: 9, diets: [] }] }],
};
const foodMenu = { title: 'Menu', sections: [{ title: 'Burgers', items: [{ name: 'Burger', price: 12 }] }] };
const withData = { lunchList, foodMenu };

describe('station page feature flags (spec §2)', () => {
  it('default to lunchList false, foodMenu false, carwash true', () => {
    expect(station().features).toEqual({ lunchList: false, foodMenu: false, carwash: true });
    // Each flag left out of a partial object keeps its own default.
    expect(station({ features: { lunchList: true } }).features).toEqual({
      lunchList: true,
      foodMenu: false,
      carwash: true,
    });
    expect(station({ features: { carwash: false } }).features).toEqual({
      lunchList: false,
      foodMenu: false,
      carwash: false,
    });
  });

  it('hide the lunch list and the food menu by default, even when the page has them', () => {
    expect(optionalStationBlocks(station(), withData, 'fi-FI')).toEqual({
      lunchList: false,
      foodMenu: false,
      carwash: true,
    });
  });

  it('show the lunch list and the food menu only when the flag is on and there is data', () => {
    const on = station({ features: { lunchList: true, foodMenu: true } });
    expect(optionalStationBlocks(on, withData, 'fi-FI')).toMatchObject({ lunchList: true, foodMenu: true });
    expect(optionalStationBlocks(on, {}, 'fi-FI')).toMatchObject({ lunchList: false, foodMenu: false });
    // One flag does not switch the other block on.
    expect(optionalStationBlocks(station({ features: { lunchList: true } }), withData, 'en-EU')).toMatchObject({
      lunchList: true,
      foodMenu: false,
    });
    expect(optionalStationBlocks(station({ features: { foodMenu: true } }), withData, 'sv-SE')).toMatchObject({
      lunchList: false,
      foodMenu: true,
    });
  });

  it('show the car wash on by default, in fi-FI only, and only for a station that has one', () => {
    for (const locale of LOCALES) {
      expect(optionalStationBlocks(station(), withData, locale).carwash, locale).toBe(locale === 'fi-FI');
    }
    expect(optionalStationBlocks(station({ features: { carwash: false } }), withData, 'fi-FI').carwash).toBe(false);
    expect(optionalStationBlocks(station({ carwash: undefined }), withData, 'fi-FI').carwash).toBe(false);
  });
});
