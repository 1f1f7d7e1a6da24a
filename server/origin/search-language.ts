/**
 * The words of a site search in the page's language: each query word is folded
 * (src/shared/search-text.ts), stemmed with the Snowball stemmer of the locale's language
 * (@orama/stemmers: Finnish, English, Swedish, Norwegian), and widened by its synonyms,
 * so that "tankkaus" finds "tankata", "bränsle" finds pages that say "drivmedel" and
 * "charging" on a Finnish page finds "lataus" (docs/stations.md "Site search").
 *
 * Text and query are stemmed the same way (folded, then stemmed), so a word matches its
 * inflected forms whatever the stemmer makes of the diacritics.
 */
import { stemmer as english } from '@orama/stemmers/english';
import { stemmer as finnish } from '@orama/stemmers/finnish';
import { stemmer as norwegian } from '@orama/stemmers/norwegian';
import { stemmer as swedish } from '@orama/stemmers/swedish';
import { LOCALES, type Locale } from '#shared/locales';
import { foldText, searchTerms } from '#shared/search-text';

const STEMMERS: Record<Locale, (word: string) => string> = {
  'fi-FI': finnish,
  'en-EU': english,
  'sv-SE': swedish,
  'no-NO': norwegian,
};

/** Below this length a word or stem matches whole words only ("ev" must not match "every"). */
const MIN_PART_LENGTH = 4;

/** The stem of a folded word in a locale's language. */
export function stemWord(locale: Locale, word: string): string {
  const folded = foldText(word);
  if (folded.length < MIN_PART_LENGTH || /\d/.test(folded)) return folded;
  return foldText(STEMMERS[locale](folded));
}

/**
 * What a group of words is about in page text: stations, fuel, charging or car washes. (What
 * such words ask of the station part of an answer is the parser's: src/shared/search/station-query.ts.)
 */
type SynonymKind = 'station' | 'fuel' | 'charging' | 'wash';

interface SynonymGroup {
  kind: SynonymKind;
  words: Record<Locale, readonly string[]>;
}

/**
 * The everyday words customers type for fuel, charging, car washes and stations, per
 * language. A word of any language puts its group's words of the page's language into the
 * search ("charging" on a Finnish page searches for "lataus"). Grades (95, diesel) are
 * not synonyms of each other: someone who asks for diesel does not want petrol.
 */
const SYNONYM_GROUPS: readonly SynonymGroup[] = [
  {
    kind: 'fuel',
    words: {
      'fi-FI': ['polttoaine', 'polttoaineet', 'tankkaus', 'tankata', 'tankkaaminen'],
      'en-EU': ['fuel', 'refuel', 'refuelling', 'fuelling'],
      'sv-SE': ['bränsle', 'drivmedel', 'tanka', 'tankning'],
      'no-NO': ['drivstoff', 'brensel', 'tanke', 'tanking'],
    },
  },
  {
    kind: 'charging',
    words: {
      'fi-FI': ['lataus', 'latausasema', 'latauspiste', 'pikalataus', 'sähköauto', 'ladata'],
      'en-EU': ['charging', 'charger', 'chargepoint', 'recharge', 'ev'],
      'sv-SE': ['laddning', 'laddstation', 'laddplats', 'laddare', 'elbil', 'ladda', 'snabbladdning'],
      'no-NO': ['lading', 'ladestasjon', 'ladepunkt', 'lader', 'elbil', 'hurtiglading'],
    },
  },
  {
    kind: 'wash',
    words: {
      'fi-FI': ['autopesu', 'pesu', 'pesukatu', 'autopesula'],
      'en-EU': ['wash', 'carwash', 'washing'],
      'sv-SE': ['biltvätt', 'tvätt', 'tvätta'],
      'no-NO': ['bilvask', 'vask', 'vaske'],
    },
  },
  {
    kind: 'station',
    words: {
      'fi-FI': ['asema', 'huoltoasema', 'tankkausasema', 'bensa-asema'],
      'en-EU': ['station', 'stations', 'petrol station', 'filling station'],
      'sv-SE': ['station', 'bensinstation', 'mack', 'bensinmack'],
      'no-NO': ['stasjon', 'bensinstasjon'],
    },
  },
];

/** Words that say nothing about what is looked for ("stations in Tampere", "St1 Oslo"). */
const FILLER_WORDS = new Set(['st1', 'in', 'at', 'near', 'i', 'pa', 'ved', 'naer', 'nara', 'lahella', 'the', 'of']);

/** One query word: the forms any of which a text must hold. */
export interface QueryTerm {
  /** The folded word as typed. */
  word: string;
  /** Folded stems that match a word of the text beginning with them (or equal, when short). */
  stems: string[];
  /** The group of the word, if it is a fuel, charging, wash or station word. */
  group?: SynonymGroup | undefined;
}

const groupIndex = new Map<string, SynonymGroup>();
for (const group of SYNONYM_GROUPS) {
  for (const locale of LOCALES) {
    for (const phrase of group.words[locale]) {
      for (const word of searchTerms(phrase)) groupIndex.set(`${locale}:${stemWord(locale, word)}`, group);
    }
  }
}

/** The group of a folded word: by its stem in any of the four languages. */
function groupOf(word: string): SynonymGroup | undefined {
  for (const locale of LOCALES) {
    const group = groupIndex.get(`${locale}:${stemWord(locale, word)}`);
    if (group) return group;
  }
  return undefined;
}

/** The terms of a query in a locale, each with its stems and its synonyms' stems. */
export function queryTerms(locale: Locale, query: string): QueryTerm[] {
  return searchTerms(query)
    .filter((word) => !FILLER_WORDS.has(word))
    .map((word) => {
      const group = groupOf(word);
      const synonyms = group ? group.words[locale].flatMap((phrase) => searchTerms(phrase)) : [];
      const stems = [...new Set([word, stemWord(locale, word), ...synonyms.map((s) => stemWord(locale, s))])];
      return { word, stems, group };
    });
}

/**
 * The terms a page must hold: all but the station words ("stations in Tampere" finds the
 * pages about Tampere: "station" says what is looked for, not what the page says), unless
 * the query has nothing else.
 */
export function termsForPages(terms: readonly QueryTerm[]): readonly QueryTerm[] {
  const content = terms.filter((term) => term.group?.kind !== 'station');
  return content.length > 0 ? content : terms;
}

/** A text prepared for matching: its folded words and their stems, space-separated. */
export interface PreparedText {
  folded: string;
  stemmed: string;
}

export function prepareText(locale: Locale, text: string): PreparedText {
  const folded = foldText(text);
  const words = folded.split(/[^\p{L}\p{N}]+/u).filter((word) => word.length > 0);
  return {
    folded: ` ${words.join(' ')} `,
    stemmed: ` ${[...new Set(words.map((w) => stemWord(locale, w)))].join(' ')} `,
  };
}

/**
 * Whether a prepared text holds a term: a stem as the start of one of its words (or of a
 * word's stem), or, for a longer stem, anywhere inside a word (compounds: "lataus" in
 * "pikalatausasema"). Short stems match whole words only.
 */
export function holdsTerm(text: PreparedText, term: QueryTerm): boolean {
  return term.stems.some((stem) =>
    stem.length < MIN_PART_LENGTH
      ? text.folded.includes(` ${stem} `) || text.stemmed.includes(` ${stem} `)
      : text.folded.includes(stem) || text.stemmed.includes(` ${stem}`),
  );
}
