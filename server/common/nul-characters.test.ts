import { describe, expect, it } from 'vitest';
import { containsNul } from './nul-characters';

describe('containsNul', () => {
  it('finds NUL in strings, keys, arrays and nested objects', () => {
    expect(containsNul('a\u0000@example.fi')).toBe(true);
    expect(containsNul({ email: 'a@example.fi', cart: { discountCode: 'KESÄ\u0000' } })).toBe(true);
    expect(containsNul({ items: [{ code: 'WASH' }, { code: '\u0000' }] })).toBe(true);
    expect(containsNul({ ['k\u0000']: 1 })).toBe(true);
  });

  it('passes text without NUL, the escaped text "\\u0000" and other values', () => {
    expect(containsNul({ email: 'a@example.fi', note: '\\u0000', n: 0, ok: false, none: null })).toBe(false);
    expect(containsNul(undefined)).toBe(false);
    expect(containsNul(['\u0001', 'ä'])).toBe(false);
  });
});

describe('containsNul on hostile shapes', () => {
  it('walks a body nested 100,000 levels deep without overflowing the stack', () => {
    let deep: unknown = 'a\u0000';
    for (let level = 0; level < 100_000; level += 1) deep = level % 2 === 0 ? [deep] : { next: deep };
    expect(containsNul(deep)).toBe(true);
  });
});
