// @vitest-environment node
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { NORDIC_COUNTRIES_FILE, nordicCountriesJson } from './generate-nordic-countries';

describe('nordic-countries.json', () => {
  it('is what scripts/generate-nordic-countries.ts makes from world-atlas (regenerate it after an update)', () => {
    expect(readFileSync(NORDIC_COUNTRIES_FILE, 'utf8')).toBe(nordicCountriesJson());
  });

  it('stays small: it ships in the map chunk', () => {
    expect(readFileSync(NORDIC_COUNTRIES_FILE).length).toBeLessThan(24 * 1024);
  });
});
