/**
 * The words drivers type beside a place (docs/stations.md "Search words"): grades, services
 * and chargers, station words and fillers, in the four languages. One table for the site
 * search and the locator's own search (station-query.ts). Finnish words are written in their
 * base form: scripts/generate-place-forms.ts inflects them with Voikko into place-forms.json
 * ("pesussa", "latauksella", "dieseliä"); Swedish, Norwegian and English words are matched by
 * their Snowball stems ("vaskehallen", "laddningen", "chargers").
 */
import type { QueryFilter } from './service-codes';

type Language = 'fi' | 'en' | 'sv' | 'no';

/** Words (or phrases) per filter and language. Grades are no synonyms of each other. */
export const FILTER_WORDS: Record<QueryFilter, Partial<Record<Language, readonly string[]>>> = {
  '95': { fi: ['95', 'e10', 'bensiini 95', '95e10'], en: ['petrol 95'], sv: ['bensin 95'], no: ['bensin 95'] },
  '98': { fi: ['98', 'e5', 'bensiini 98', '98e5'], en: ['petrol 98'], sv: ['bensin 98'], no: ['bensin 98'] },
  diesel: { fi: ['diesel', 'dieselpolttoaine'], en: ['diesel'], sv: ['diesel'], no: ['diesel'] },
  HVO: {
    fi: ['hvo', 'hvo100', 'uusiutuva diesel'],
    en: ['hvo', 'hvo100', 'renewable diesel'],
    sv: ['hvo', 'hvo100'],
    no: ['hvo', 'hvo100'],
  },
  e85: { fi: ['e85'], en: ['e85'], sv: ['e85', 'etanol'], no: ['e85'] },
  gas: {
    fi: ['kaasu', 'biokaasu', 'cng', 'lbg', 'maakaasu'],
    en: ['gas', 'biogas', 'cng', 'lbg'],
    sv: ['fordonsgas', 'biogas', 'gas', 'cng', 'lbg'],
    no: ['biogass', 'gass', 'cng', 'lbg'],
  },
  adblue: { fi: ['adblue'], en: ['adblue'], sv: ['adblue'], no: ['adblue'] },
  ev: {
    fi: ['lataus', 'latausasema', 'latauspiste', 'pikalataus', 'sähköauto', 'sähköautolataus', 'laturi', 'pikalaturi'],
    en: [
      'charging',
      'charger',
      'charge point',
      'ev',
      'ev charging',
      'fast charging',
      'rapid charging',
      'electric car',
      'recharge',
    ],
    sv: ['laddning', 'laddstation', 'laddstolpe', 'laddplats', 'laddare', 'elbil', 'snabbladdning', 'elbilsladdning'],
    no: ['lading', 'ladestasjon', 'ladepunkt', 'lader', 'elbil', 'hurtiglading', 'hurtiglader', 'elbillading'],
  },
  carwash: {
    fi: ['pesu', 'autopesu', 'pesula', 'autopesula', 'pesukatu', 'pesuhalli', 'pesupaikka', 'harjapesu'],
    en: ['wash', 'car wash', 'carwash', 'washing', 'wash bay'],
    sv: ['tvätt', 'biltvätt', 'tvätthall', 'tvättgata', 'tvättautomat'],
    no: ['vask', 'bilvask', 'vaskehall', 'vaskeautomat', 'bilvaskehall'],
  },
  food: {
    fi: ['lounas', 'ruoka', 'ravintola', 'lounasravintola', 'lounaslista', 'kahvila'],
    en: ['lunch', 'food', 'restaurant', 'meal', 'cafe'],
    sv: ['lunch', 'mat', 'restaurang', 'kafé', 'lunchrestaurang'],
    no: ['lunsj', 'mat', 'restaurant', 'kafé'],
  },
  truck: {
    fi: ['rekka', 'kuorma-auto', 'raskas kalusto', 'rekkaparkki'],
    en: ['truck', 'lorry', 'hgv', 'heavy vehicles'],
    sv: ['lastbil', 'tung trafik'],
    no: ['lastebil', 'vogntog', 'tungtransport'],
  },
  atm: {
    fi: ['pankkiautomaatti', 'otto', 'otto-automaatti'],
    en: ['atm', 'cash machine', 'cashpoint'],
    sv: ['bankomat', 'uttagsautomat'],
    no: ['minibank'],
  },
  post: {
    fi: ['posti', 'paketti', 'pakettiautomaatti', 'pakettipiste'],
    en: ['parcel', 'parcel point', 'parcel locker'],
    sv: ['paket', 'paketombud', 'paketautomat', 'postombud'],
    no: ['pakke', 'pakkeautomat', 'post i butikk'],
  },
  shower: { fi: ['suihku'], en: ['shower'], sv: ['dusch'], no: ['dusj'] },
  sauna: { fi: ['sauna'], en: ['sauna'], sv: ['bastu'], no: ['badstue', 'sauna'] },
};

/**
 * Station and fuel words: they ask for stations in general ("stations in Bergen",
 * "huoltoasema Oulu", "bensin Malmö") and are not looked for in names and addresses.
 */
export const GENERAL_WORDS: Record<Language, readonly string[]> = {
  fi: [
    'asema',
    'huoltoasema',
    'tankkausasema',
    'bensa-asema',
    'bensiiniasema',
    'polttoaine',
    'tankkaus',
    'bensiini',
    'bensa',
    'st1',
  ],
  en: ['station', 'petrol station', 'filling station', 'gas station', 'service station', 'fuel', 'petrol', 'st1'],
  sv: ['station', 'bensinstation', 'mack', 'bensinmack', 'drivmedel', 'bränsle', 'bensin', 'tankstation', 'st1'],
  no: ['stasjon', 'bensinstasjon', 'drivstoff', 'bensin', 'st1'],
};

/** Words that say nothing about what is looked for ("in", "near", "lähellä"). */
export const FILLER_WORDS: readonly string[] = [
  'in',
  'at',
  'near',
  'the',
  'of',
  'with',
  'and',
  'all',
  'i',
  'pa',
  'ved',
  'nara',
  'naer',
  'med',
  'och',
  'og',
  'alla',
  'alle',
  'lahella',
  'ja',
  'kaikki',
  'missa',
  'where',
  'var',
  'hvor',
];

export const LANGUAGES: readonly Language[] = ['fi', 'en', 'sv', 'no'];
export type { Language };
