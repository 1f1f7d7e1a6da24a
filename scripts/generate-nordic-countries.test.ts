// @vitest-environment node
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  NEIGHBOUR_COUNTRY_IDS,
  NEIGHBOUR_LANDS_FILE,
  neighbourLandsJson,
  NORDIC_COUNTRIES_FILE,
  nordicCountriesJson,
} from './generate-nordic-countries';

describe('nordic-countries.json', () => {
  it('is what scripts/generate-nordic-countries.ts makes from world-atlas (regenerate it after an update)', () => {
    expect(readFileSync(NORDIC_COUNTRIES_FILE, 'utf8')).toBe(nordicCountriesJson());
  });

  it('stays small: it ships in the map chunk', () => {
    expect(readFileSync(NORDIC_COUNTRIES_FILE).length).toBeLessThan(24 * 1024);
  });
});

describe('neighbour-lands.json', () => {
  it('is what scripts/generate-nordic-countries.ts makes from world-atlas (regenerate it after an update)', () => {
    expect(readFileSync(NEIGHBOUR_LANDS_FILE, 'utf8')).toBe(neighbourLandsJson());
  });

  it('draws every neighbour, cut to the region (it ships in the map chunk)', () => {
    const lands = JSON.parse(readFileSync(NEIGHBOUR_LANDS_FILE, 'utf8')) as Array<{ code: string; d: string }>;
    expect(lands.map((land) => land.code)).toEqual(Object.keys(NEIGHBOUR_COUNTRY_IDS));
    expect(lands.every((land) => land.d.startsWith('M'))).toBe(true);
    expect(readFileSync(NEIGHBOUR_LANDS_FILE).length).toBeLessThan(32 * 1024);
  });
});
