import { describe, expect, it } from 'vitest';
import { detectLocale, matchLocale } from './locale-detection';

describe('matchLocale', () => {
  it('prefers a full-tag match anywhere in the list over an earlier language-only match', () => {
    expect(matchLocale(['sv', 'en-EU'])).toBe('en-EU');
    expect(matchLocale(['de', 'no', 'sv-SE'])).toBe('sv-SE');
  });

  it('falls back to the language when no full tag matches', () => {
    expect(matchLocale(['sv', 'de'])).toBe('sv-SE');
    expect(matchLocale(['de-DE', 'en-GB'])).toBe('en-EU');
    expect(matchLocale(['fi'])).toBe('fi-FI');
    expect(matchLocale(['sv-FI'])).toBe('sv-SE');
  });

  it('takes the first language in preference order', () => {
    expect(matchLocale(['en-US', 'fi-AX'])).toBe('en-EU');
    expect(matchLocale(['fi-AX', 'en-US'])).toBe('fi-FI');
  });

  it('maps Norwegian Bokmål and Nynorsk to no-NO', () => {
    expect(matchLocale(['nb'])).toBe('no-NO');
    expect(matchLocale(['nn'])).toBe('no-NO');
    expect(matchLocale(['nb-NO'])).toBe('no-NO');
    expect(matchLocale(['nn-NO', 'sv'])).toBe('no-NO');
    expect(matchLocale(['no'])).toBe('no-NO');
  });

  it('ignores letter case and accepts underscores', () => {
    expect(matchLocale(['SV-se'])).toBe('sv-SE');
    expect(matchLocale(['sv_SE'])).toBe('sv-SE');
    expect(matchLocale(['EN_eu'])).toBe('en-EU');
    expect(matchLocale(['NB_no'])).toBe('no-NO');
  });

  it("ignores '*', garbage and over-long tags", () => {
    expect(matchLocale(['*'])).toBeUndefined();
    expect(matchLocale(['*', 'sv'])).toBe('sv-SE');
    expect(matchLocale(['', '!!!', 'xx-YY', ';q=0.5'])).toBeUndefined();
    expect(matchLocale([`sv-${'a'.repeat(40)}`])).toBeUndefined();
    expect(matchLocale([42 as unknown as string, null as unknown as string, 'fi'])).toBe('fi-FI');
  });

  it('returns undefined for an empty list', () => {
    expect(matchLocale([])).toBeUndefined();
  });
});

describe('detectLocale', () => {
  it('lets a valid cookie win over the browser languages', () => {
    expect(detectLocale({ cookie: 'no-NO', preferredTags: ['sv-SE', 'en'] })).toEqual({
      locale: 'no-NO',
      source: 'cookie',
    });
    expect(detectLocale({ cookie: 'fi-FI', preferredTags: ['sv'] })).toEqual({ locale: 'fi-FI', source: 'cookie' });
  });

  it('ignores an invalid cookie and uses the browser languages', () => {
    expect(detectLocale({ cookie: 'de-DE', preferredTags: ['sv'] })).toEqual({ locale: 'sv-SE', source: 'browser' });
    expect(detectLocale({ cookie: 'sv-se', preferredTags: ['en'] })).toEqual({ locale: 'en-EU', source: 'browser' });
    expect(detectLocale({ cookie: '', preferredTags: ['nb'] })).toEqual({ locale: 'no-NO', source: 'browser' });
  });

  it('falls back to fi-FI when nothing matches', () => {
    expect(detectLocale({ cookie: undefined, preferredTags: [] })).toEqual({ locale: 'fi-FI', source: 'fallback' });
    expect(detectLocale({ cookie: 'garbage', preferredTags: ['de', '*'] })).toEqual({
      locale: 'fi-FI',
      source: 'fallback',
    });
  });
});
