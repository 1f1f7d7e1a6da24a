import { describe, expect, it } from 'vitest';
import { parseHexColour } from './colour-text';
import { THEMES, themeProperties, type ThemeName } from './themes';

/** WCAG 2 contrast ratio of two hex colours. */
function contrast(a: string, b: string): number {
  const relative = (hex: string) => {
    const [r, g, bl] = parseHexColour(hex)!.map((channel) => {
      const c = channel / 255;
      return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    }) as [number, number, number];
    return 0.2126 * r + 0.7152 * g + 0.0722 * bl;
  };
  const [light, dark] = [relative(a), relative(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

describe('brand themes', () => {
  it('has the four brands of spec §3', () => {
    expect(Object.keys(THEMES).sort()).toEqual(['carWash', 'dirt', 'pearl', 'sportsResort']);
  });

  it('pairs each colour with light or dark text by the colour-text rule', () => {
    expect(themeProperties('carWash')['--theme-on-primary']).toBe('#1a1a1a'); // yellow
    expect(themeProperties('carWash')['--theme-on-tertiary']).toBe('#ffffff'); // red
    expect(themeProperties('pearl')['--theme-on-primary']).toBe('#ffffff'); // dark green
    expect(themeProperties('pearl')['--theme-on-secondary']).toBe('#1a1a1a'); // cream
  });

  for (const name of Object.keys(THEMES) as ThemeName[]) {
    it(`${name}: text on every brand colour reaches WCAG AA contrast 4.5:1`, () => {
      const properties = themeProperties(name);
      for (const role of ['primary', 'secondary', 'tertiary']) {
        const ratio = contrast(properties[`--theme-${role}`]!, properties[`--theme-on-${role}`]!);
        expect(ratio, `${role}`).toBeGreaterThanOrEqual(4.5);
      }
    });
  }
});
