import { describe, expect, it } from 'vitest';
import { luminance, parseHexColour, textToneFor } from './colour-text';

describe('parseHexColour', () => {
  it('reads 6-digit and 3-digit hex in either case', () => {
    expect(parseHexColour('#00513F')).toEqual([0, 0x51, 0x3f]);
    expect(parseHexColour('#fA0')).toEqual([0xff, 0xaa, 0x00]);
  });

  it('refuses other lengths and non-hex digits', () => {
    expect(parseHexColour('#abcd')).toBeUndefined();
    expect(parseHexColour('#ggg')).toBeUndefined();
    expect(parseHexColour('red')).toBeUndefined();
    expect(parseHexColour('')).toBeUndefined();
  });
});

describe('luminance', () => {
  it('weighs the channels 0.299, 0.587 and 0.114', () => {
    expect(luminance([255, 0, 0])).toBeCloseTo(76.245);
    expect(luminance([0, 255, 0])).toBeCloseTo(149.685);
    expect(luminance([0, 0, 255])).toBeCloseTo(29.07);
    expect(luminance([255, 255, 255])).toBeCloseTo(255);
  });
});

describe('textToneFor', () => {
  it('gives light text on dark colours and dark text on light ones', () => {
    expect(textToneFor('#000')).toBe('light');
    expect(textToneFor('#00513f')).toBe('light');
    expect(textToneFor('#fff')).toBe('dark');
    expect(textToneFor('#FFD100')).toBe('dark');
  });

  it('switches at luminance 110: below is light, 110 itself is dark', () => {
    // Grey #6e6e6e has luminance 110, #6d6d6d has 109.
    expect(textToneFor('#6d6d6d')).toBe('light');
    expect(textToneFor('#6e6e6e')).toBe('dark');
  });

  it('gives dark text for an invalid or missing colour', () => {
    expect(textToneFor('not-a-colour')).toBe('dark');
    expect(textToneFor('#12345')).toBe('dark');
    expect(textToneFor(undefined)).toBe('dark');
  });
});
