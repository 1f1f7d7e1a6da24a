import { describe, expect, it } from 'vitest';
import { DEFAULT_TELEPHONE_PREFIX, joinPhone, parsePhone, telephonePrefixesFor } from './phone';

describe('parsePhone (spec §5)', () => {
  it('maps +358, +47 and +46 to their prefixes and keeps the rest as the number', () => {
    expect(parsePhone('+358401234567')).toEqual({ telephonePrefix: 'FIN|358', telephoneNumber: '401234567' });
    expect(parsePhone('+4791234567')).toEqual({ telephonePrefix: 'NO|47', telephoneNumber: '91234567' });
    expect(parsePhone('+46701234567')).toEqual({ telephonePrefix: 'SE|46', telephoneNumber: '701234567' });
  });
  it('ignores spaces and dashes', () => {
    expect(parsePhone(' +358 40-123 4567 ')).toEqual({ telephonePrefix: 'FIN|358', telephoneNumber: '401234567' });
  });
  it('gives no result for other numbers', () => {
    expect(parsePhone('+4412345678')).toBeNull();
    expect(parsePhone('0401234567')).toBeNull();
    expect(parsePhone('+358')).toBeNull();
    expect(parsePhone('+358abc')).toBeNull();
    expect(parsePhone('')).toBeNull();
  });
  it('defaults to FIN|358', () => {
    expect(DEFAULT_TELEPHONE_PREFIX).toBe('FIN|358');
  });
});

describe('joinPhone', () => {
  it('joins a national number, trunk zero or not, into E.164', () => {
    expect(joinPhone('FIN|358', '040 123 4567')).toBe('+358401234567');
    expect(joinPhone('FIN|358', '401234567')).toBe('+358401234567');
    expect(joinPhone('NO|47', '912 34 567')).toBe('+4791234567');
    expect(joinPhone('SE|46', '070-123 45 67')).toBe('+46701234567');
  });
  it('refuses what is not a possible number of that country', () => {
    expect(joinPhone('FIN|358', '12')).toBeNull();
    expect(joinPhone('NO|47', 'abc')).toBeNull();
  });
  it('round-trips with parsePhone', () => {
    const joined = joinPhone('SE|46', '0701234567');
    expect(joined && parsePhone(joined)).toEqual({ telephonePrefix: 'SE|46', telephoneNumber: '701234567' });
  });
});

describe('telephonePrefixesFor (spec §9 country order)', () => {
  it('puts the current country first, then NO, SE, FI', () => {
    expect(telephonePrefixesFor('FIN|358')).toEqual(['FIN|358', 'NO|47', 'SE|46']);
    expect(telephonePrefixesFor('SE|46')).toEqual(['SE|46', 'NO|47', 'FIN|358']);
    expect(telephonePrefixesFor('NO|47')).toEqual(['NO|47', 'SE|46', 'FIN|358']);
  });
});
