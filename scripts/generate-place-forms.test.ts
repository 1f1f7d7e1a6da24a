// @vitest-environment node
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { PLACE_FORMS_FILE, placeFormsJson, voikkoMissing } from './generate-place-forms';

/** Without Voikko the comparison is skipped outside CI; in CI a missing Voikko fails (`.ci/run` installs it). */
const inCi = !!process.env.CI && process.env.CI !== 'false' && process.env.CI !== '0';
const missing = voikkoMissing();
if (missing && !inCi) console.warn(`place-forms.json check skipped: ${missing}`);

describe('place-forms.json', () => {
  it.skipIf(missing !== undefined && !inCi)(
    'is what scripts/generate-place-forms.ts makes with Voikko (regenerate it after changing towns or search words)',
    () => {
      expect(missing).toBeUndefined();
      expect(readFileSync(PLACE_FORMS_FILE, 'utf8')).toBe(placeFormsJson());
    },
  );

  it('holds the forms Voikko accepts, gradation undone, and the other languages names', () => {
    const { places, words } = JSON.parse(readFileSync(PLACE_FORMS_FILE, 'utf8')) as {
      places: Record<string, string[]>;
      words: Record<string, string[]>;
    };
    expect(places.Helsinki).toEqual(
      expect.arrayContaining(['helsingissa', 'helsingista', 'helsinkiin', 'helsingfors']),
    );
    expect(places.Turku).toEqual(expect.arrayContaining(['turussa', 'turun', 'turkuun', 'abo']));
    expect(places.Lahti).toEqual(expect.arrayContaining(['lahdessa', 'lahteen']));
    expect(places.Tampere).toContain('tampereella');
    expect(places.Uusikaupunki).toContain('uudessakaupungissa');
    expect(places.Stockholm).toEqual(expect.arrayContaining(['tukholmassa', 'tukholma']));
    expect(places['Göteborg']).toContain('gothenburg');
    expect(words.pesu).toContain('pesussa');
    expect(words.pikalataus).toContain('pikalatauksella');
    // Only singular forms of towns (Lahdissa would be "in the bays").
    expect(places.Lahti).not.toContain('lahdissa');
  });

  it('stays small: it ships in the locator chunk', () => {
    expect(readFileSync(PLACE_FORMS_FILE).length).toBeLessThan(40 * 1024);
  });
});
