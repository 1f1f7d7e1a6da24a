import { describe, expect, it } from 'vitest';
import { holdsTerm, prepareText, queryTerms, stemWord, termsForPages } from './search-language';

const holds = (locale: Parameters<typeof queryTerms>[0], text: string, query: string) => {
  const prepared = prepareText(locale, text);
  return termsForPages(queryTerms(locale, query)).every((term) => holdsTerm(prepared, term));
};

describe('stems per language (Snowball)', () => {
  it.each([
    ['fi-FI', 'Tampereella', 'Tampere'],
    ['fi-FI', 'polttoaineet', 'polttoaineiden'],
    ['sv-SE', 'laddstationer', 'laddstationen'],
    ['sv-SE', 'bränslen', 'bränsle'],
    ['no-NO', 'ladestasjoner', 'ladestasjonen'],
    ['en-EU', 'chargers', 'charger'],
  ] as const)('%s: "%s" and "%s" share a stem', (locale, a, b) => {
    expect(stemWord(locale, a)).toBe(stemWord(locale, b));
  });

  it('leaves short words and numbers as they are', () => {
    expect(stemWord('en-EU', 'EV')).toBe('ev');
    expect(stemWord('fi-FI', '95E10')).toBe('95e10');
  });
});

describe('matching with the words customers type', () => {
  it.each([
    ['fi-FI', 'Tankkaa kaikki polttoaineet asemalta', 'polttoaine'],
    ['fi-FI', 'Sähköauton pikalatausasemat', 'lataus'],
    ['fi-FI', 'Sähköauton latauspisteet', 'charging'],
    ['sv-SE', 'Alla drivmedel på stationen', 'bränsle'],
    ['sv-SE', 'Snabbladdning för elbilar', 'laddning'],
    ['no-NO', 'Lading av elbil på stasjonen', 'ladestasjoner'],
    ['no-NO', 'Alt drivstoff', 'bensinstasjon drivstoff'],
    ['en-EU', 'Fuel for every engine', 'fuels'],
    ['en-EU', 'Charge points for electric cars', 'charging'],
    ['en-EU', 'Our car washes', 'wash'],
  ] as const)('%s: "%s" holds "%s"', (locale, text, query) => {
    expect(holds(locale, text, query)).toBe(true);
  });

  it.each([
    ['en-EU', 'Every event of the year', 'ev'],
    ['en-EU', 'Petrol 95 and 98', 'diesel'],
    ['fi-FI', 'Kahvila ja lounas', 'polttoaine'],
  ] as const)('%s: "%s" does not hold "%s"', (locale, text, query) => {
    expect(holds(locale, text, query)).toBe(false);
  });

  it('keeps grades apart: diesel has no synonyms', () => {
    const [diesel] = queryTerms('en-EU', 'diesel');
    expect(diesel?.group).toBeUndefined();
    expect(diesel?.stems).toEqual(['diesel']);
  });

  it('drops filler words ("stations in Tampere": the town and the station word remain)', () => {
    const terms = queryTerms('en-EU', 'St1 stations in Tampere');
    expect(terms.map((term) => [term.word, term.group?.kind ?? null])).toEqual([
      ['stations', 'station'],
      ['tampere', null],
    ]);
  });

  it('knows a service word of any language and answers with the words of the page', () => {
    const [term] = queryTerms('sv-SE', 'charging');
    expect(term?.group?.kind).toBe('charging');
    expect(term?.stems).toEqual(expect.arrayContaining([stemWord('sv-SE', 'laddning'), stemWord('sv-SE', 'elbil')]));
  });
});
