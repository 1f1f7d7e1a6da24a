import { describe, expect, it } from 'vitest';
import { LOCALE_INFO, LOCALES } from '../locales';
import { parsePhone, readPhone } from './phone';
import { DEFAULT_TELEPHONE_PREFIX, TELEPHONE_PREFIXES, telephonePrefixesFor } from './telephone-prefixes';

describe('parsePhone', () => {
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

describe('readPhone, the one phone rule of every form and both servers', () => {
  it('reads a national number, trunk zero or not, in the country of the chosen prefix', () => {
    expect(readPhone('040 123 4567', 'FIN|358')).toEqual({
      telephonePrefix: 'FIN|358',
      telephoneNumber: '401234567',
      e164: '+358401234567',
    });
    expect(readPhone('401234567', 'FIN|358')?.e164).toBe('+358401234567');
    expect(readPhone('912 34 567', 'NO|47')?.e164).toBe('+4791234567');
    expect(readPhone('070-123 45 67', 'SE|46')?.e164).toBe('+46701234567');
    expect(readPhone('(070) 123 45 67', 'SE|46')?.e164).toBe('+46701234567');
  });

  it("reads an international number in its own country, whatever prefix is chosen ('+46' under +358)", () => {
    for (const chosen of TELEPHONE_PREFIXES) {
      expect(readPhone('+46 70 123 45 67', chosen)).toEqual({
        telephonePrefix: 'SE|46',
        telephoneNumber: '701234567',
        e164: '+46701234567',
      });
      expect(readPhone('0047 912 34 567', chosen)?.telephonePrefix).toBe('NO|47');
    }
    // The servers give no prefix: only international numbers pass there.
    expect(readPhone('+358 40 123 4567')?.e164).toBe('+358401234567');
    expect(readPhone('040 123 4567')).toBeNull();
  });

  it('refuses other countries, impossible lengths and letters', () => {
    expect(readPhone('+44 20 7946 0958', 'FIN|358')).toBeNull();
    expect(readPhone('12', 'FIN|358')).toBeNull();
    expect(readPhone('+46 70', 'FIN|358')).toBeNull();
    expect(readPhone('abc', 'NO|47')).toBeNull();
    expect(readPhone('040 123 4567 ext', 'FIN|358')).toBeNull();
    expect(readPhone('', 'FIN|358')).toBeNull();
  });

  it('round-trips with parsePhone, the split of a stored number', () => {
    const read = readPhone('0701234567', 'SE|46');
    expect(read && parsePhone(read.e164)).toEqual({ telephonePrefix: 'SE|46', telephoneNumber: '701234567' });
  });

  it('takes the prefixes from the locale table', () => {
    expect([...TELEPHONE_PREFIXES].sort()).toEqual(['FIN|358', 'NO|47', 'SE|46']);
    expect(LOCALES.map((locale) => LOCALE_INFO[locale].telephonePrefix)).toEqual([
      'FIN|358',
      'FIN|358',
      'SE|46',
      'NO|47',
    ]);
  });
});

describe('telephonePrefixesFor', () => {
  it('puts the current country first, then NO, SE, FI', () => {
    expect(telephonePrefixesFor('FIN|358')).toEqual(['FIN|358', 'NO|47', 'SE|46']);
    expect(telephonePrefixesFor('SE|46')).toEqual(['SE|46', 'NO|47', 'FIN|358']);
    expect(telephonePrefixesFor('NO|47')).toEqual(['NO|47', 'SE|46', 'FIN|358']);
  });
});
