import { describe, expect, it } from 'vitest';
import { createTownIndex, parseStationQuery } from './station-query';
import { withinOneEdit } from './within-one-edit';

const TOWNS = [
  'Helsinki',
  'Helsingborg',
  'Turku',
  'Tampere',
  'Oulu',
  'Espoo',
  'Göteborg',
  'Stockholm',
  'Oslo',
  'Bergen',
  'Mo i Rana',
  'Vantaa',
  'Lahti',
  'Kongsberg',
];
const TEXTS = [
  'st1 espoo turuntie turuntie 1 02100 espoo',
  'st1 kotka helsingintie 3 48100 kotka',
  'st1 tampereentie 9 13100 hameenlinna',
];
const index = createTownIndex(TOWNS, TEXTS);
const parse = (query: string) => parseStationQuery(query, index);

describe('parseStationQuery', () => {
  it.each([
    ['Helsingissä', 'Helsinki'],
    ['helsingista', 'Helsinki'],
    ['Helsinkiin', 'Helsinki'],
    ['Turussa', 'Turku'],
    ['Tampereella', 'Tampere'],
    ['Lahdessa', 'Lahti'],
    ['Helsingfors', 'Helsinki'],
    ['Åbo', 'Turku'],
    ['Tukholmassa', 'Stockholm'],
    ['Göteborgs', 'Göteborg'],
    ['goteborgs', 'Göteborg'],
    ['Gøteborg', 'Göteborg'],
    ['Gothenburg', 'Göteborg'],
    ['Stockholms', 'Stockholm'],
    ['Bergens', 'Bergen'],
    ['Helsingborgs', 'Helsingborg'],
    ['mo i rana', 'Mo i Rana'],
    ['Tamprere', 'Tampere'],
    ['Helsinik', 'Helsinki'],
  ])('"%s" names %s', (query, town) => {
    expect(parse(query)).toMatchObject({ town, words: [] });
  });

  it.each([
    ['diesel Tampere', 'Tampere', ['diesel']],
    ['pesu Oulu', 'Oulu', ['carwash']],
    ['laddning Stockholm', 'Stockholm', ['ev']],
    ['vaskehall Oslo', 'Oslo', ['carwash']],
    ['vaskehallen i Oslo', 'Oslo', ['carwash']],
    ['HVO Vantaa', 'Vantaa', ['HVO']],
    ['pikalataus Helsingissä', 'Helsinki', ['ev']],
    ['charging Helsinki', 'Helsinki', ['ev']],
    ['car wash in Bergen', 'Bergen', ['carwash']],
    ['pesussa Espoossa', 'Espoo', ['carwash']],
    ['dieseliä Turusta', 'Turku', ['diesel']],
    ['disel Oulu', 'Oulu', ['diesel']],
  ])('"%s" asks for %s with %j', (query, town, filters) => {
    expect(parse(query)).toMatchObject({ town, filters, words: [] });
  });

  it('takes station and fuel words as stations in general, and drops fillers', () => {
    expect(parse('stations in Bergen')).toEqual({ town: 'Bergen', filters: [], words: [], general: true });
    expect(parse('huoltoasemat Oulussa')).toMatchObject({ town: 'Oulu', general: true, words: [] });
  });

  it('keeps streets, station names and postal codes as words, never correcting a word the stations hold', () => {
    expect(parse('Turuntie')).toEqual({ town: null, filters: [], words: ['turuntie'], general: false });
    expect(parse('Helsingintie')).toMatchObject({ town: null, words: ['helsingintie'] });
    expect(parse('00100')).toMatchObject({ town: null, words: ['00100'] });
    expect(parse('Turuntie Espoo')).toMatchObject({ town: 'Espoo', words: ['turuntie'] });
    // A word being typed is found in the text, not corrected to a town.
    expect(parse('tampereentie')).toMatchObject({ town: null, words: ['tampereentie'] });
  });

  it('does not take a town that only starts like one (Kongsberg is not Bergen)', () => {
    expect(parse('Kongsberg').town).toBe('Kongsberg');
    expect(parse('berg')).toMatchObject({ town: null, words: ['berg'] });
  });

  it('knows only the towns of the list it was given', () => {
    expect(parseStationQuery('Porissa', createTownIndex(['Turku'], []))).toMatchObject({
      town: null,
      words: ['porissa'],
    });
  });
});

describe('withinOneEdit', () => {
  it.each([
    ['tampere', 'tampere', true],
    ['tamprere', 'tampere', true],
    ['tampre', 'tampere', true],
    ['tamqere', 'tampere', true],
    ['tmapere', 'tampere', true],
    ['tmaprere', 'tampere', false],
    ['oulu', 'oslo', false],
    ['ab', 'abcd', false],
  ])('%s ~ %s: %s', (a, b, within) => {
    expect(withinOneEdit(a, b)).toBe(within);
    expect(withinOneEdit(b, a)).toBe(within);
  });
});
