/**
 * Seed stations, generated deterministically at seed time from the town list in
 * content/stations/towns.json (real town centres; docs/stations.md) and the lunch dishes
 * in content/stations/lunch-dishes.json. The same input gives
 * the same 1,300 stations on every machine: a seeded PRNG, no clock, no Math.random.
 * `total` scales the seed (e.g. 13,000 for the scale benchmark) in the same proportions.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import { LOCALES, type Locale } from '#shared/locales';
import { foldText } from '#shared/search-text';
import { DIET_CODES, STATION_COUNTRIES, type StationCountry } from '#shared/station-constants';
import type { ServiceCode, WeeklyHours } from '#shared/stations';
import type { Transact } from '../../unit-of-work';
import { stationRecordSchema, type StationRecord } from '../stations-record';

const townsFileSchema = z.object({
  countries: z.record(
    z.enum(['FI', 'SE', 'NO']),
    z.array(
      z.object({
        name: z.string(),
        lat: z.number(),
        lng: z.number(),
        postalCode: z.string(),
        weight: z.number().int().positive(),
      }),
    ),
  ),
});
type Town = z.infer<typeof townsFileSchema>['countries']['FI'][number];

/**
 * The lunch dishes of each country with their diet labels (content/stations/lunch-dishes.json).
 * A label is a fact about the dish, written beside its name, so a meat soup can never be
 * labelled VEG (labels used to be drawn at random per serving).
 */
const dishesFileSchema = z.object({
  diets: z.record(z.enum(DIET_CODES), z.string()),
  countries: z.record(
    z.enum(STATION_COUNTRIES),
    z
      .array(
        z.object({
          name: z.string().min(1),
          diets: z.array(z.enum(DIET_CODES)),
          /** The dish's name in each locale (a sv-SE page names a Finnish dish in Swedish). */
          names: z.record(z.enum(LOCALES), z.string().min(1)),
        }),
      )
      // Two dishes a day, never the same one twice (lunchBlock), need two to choose from.
      .min(2),
  ),
});
type Dish = z.infer<typeof dishesFileSchema>['countries']['FI'][number];

/** Stations per country: Finland is the home market (650 is the bench's "one country"). */
const STATIONS_PER_COUNTRY: Record<StationCountry, number> = { FI: 650, SE: 350, NO: 300 };

/** The seed's size today (the sum of STATIONS_PER_COUNTRY). */
const DEFAULT_SEED_TOTAL = 1300;

/**
 * Stations per country for a seed of `total` stations, in the proportions of
 * STATIONS_PER_COUNTRY (largest remainders, so the counts add up to `total` exactly and
 * the default total gives exactly today's counts).
 */
export function stationsPerCountry(total: number): Record<StationCountry, number> {
  if (!Number.isInteger(total) || total < 3)
    throw new Error(`A seed needs a whole number of stations ≥ 3, not ${total}`);
  const [FI, SE, NO] = allocate([STATIONS_PER_COUNTRY.FI, STATIONS_PER_COUNTRY.SE, STATIONS_PER_COUNTRY.NO], total);
  return { FI: FI!, SE: SE!, NO: NO! };
}

const STREETS: Record<StationCountry, string[]> = {
  FI: [
    'Mannerheimintie',
    'Hämeentie',
    'Tampereentie',
    'Turuntie',
    'Helsingintie',
    'Kauppakatu',
    'Teollisuuskatu',
    'Rantatie',
    'Asematie',
    'Koulukatu',
    'Kirkkokatu',
    'Satamatie',
    'Lentokentäntie',
    'Pohjoisväylä',
    'Itäväylä',
    'Pajakatu',
    'Myllytie',
    'Savontie',
    'Jyväskyläntie',
    'Ouluntie',
    'Länsiväylä',
    'Keskuskatu',
    'Yrittäjäntie',
    'Vanha valtatie',
    'Kuninkaantie',
    'Sorvarinkatu',
    'Hiekkakiventie',
    'Ämmässuontie',
    'Pyhäjärventie',
    'Kaivokatu',
  ],
  SE: [
    'Storgatan',
    'Drottninggatan',
    'Kungsgatan',
    'Industrivägen',
    'Järnvägsgatan',
    'Norra vägen',
    'Södra vägen',
    'Östra Ringvägen',
    'Västra Ringvägen',
    'Hamngatan',
    'Bangårdsgatan',
    'Skolgatan',
    'Kyrkogatan',
    'Malmövägen',
    'Göteborgsvägen',
    'Ängsvägen',
    'Åvägen',
    'Handelsvägen',
    'Verkstadsgatan',
    'Trafikplatsen',
    'Älvgatan',
    'Bäckvägen',
    'Fältvägen',
    'Lasarettsvägen',
  ],
  NO: [
    'Storgata',
    'Kongens gate',
    'Dronningens gate',
    'Industriveien',
    'Jernbanegata',
    'Strandveien',
    'Sjøgata',
    'Kirkegata',
    'Skolegata',
    'Havnegata',
    'Fjellveien',
    'Ringveien',
    'Østre vei',
    'Vestre vei',
    'Tømmerveien',
    'Åsveien',
    'Bjørkeveien',
    'Trondheimsveien',
    'Drammensveien',
    'Sandviksveien',
    'Løkkeveien',
    'Bryggeveien',
  ],
};

type Names = Record<Locale, string>;
/** One name in the four locales, in LOCALES order (fi-FI, en-EU, sv-SE, no-NO). */
function names(fi: string, en: string, sv: string, no: string): Names {
  return { 'fi-FI': fi, 'en-EU': en, 'sv-SE': sv, 'no-NO': no };
}

interface MenuSeed {
  title: Names;
  sections: Array<{ title: Names; items: Names[] }>;
}

const BURGERS = {
  cheese: names('Juustoburgeri', 'Cheeseburger', 'Ostburgare', 'Ostburger'),
  chicken: names('Kanaburgeri', 'Chicken burger', 'Kycklingburgare', 'Kyllingburger'),
  veggie: names('Kasvisburgeri', 'Veggie burger', 'Vegoburgare', 'Vegetarburger'),
};
const SCHNITZEL = names('Wienerleike', 'Wiener schnitzel', 'Wienerschnitzel', 'Wienerschnitzel');
const SALMON_FILLET = names('Lohifilee', 'Salmon fillet', 'Laxfilé', 'Laksefilet');
const CAESAR = names('Caesar-salaatti', 'Caesar salad', 'Caesarsallad', 'Cæsarsalat');

/** The food menu of each country; names in every locale (shown in the page's language). */
const MENU: Record<StationCountry, MenuSeed> = {
  FI: {
    title: names('Ravintolan ruokalista', 'Restaurant menu', 'Restaurangens meny', 'Restaurantmeny'),
    sections: [
      { title: names('Burgerit', 'Burgers', 'Burgare', 'Burgere'), items: Object.values(BURGERS) },
      {
        title: names('Pizzat', 'Pizzas', 'Pizzor', 'Pizzaer'),
        items: [
          names('Margherita', 'Margherita', 'Margherita', 'Margherita'),
          names('Kinkku-ananas', 'Ham and pineapple', 'Skinka och ananas', 'Skinke og ananas'),
          names('Kebabpizza', 'Kebab pizza', 'Kebabpizza', 'Kebabpizza'),
        ],
      },
      { title: names('Annokset', 'Mains', 'Varmrätter', 'Varmretter'), items: [SCHNITZEL, SALMON_FILLET, CAESAR] },
    ],
  },
  SE: {
    title: names('Ravintolan ruokalista', 'Restaurant menu', 'Restaurangens meny', 'Restaurantmeny'),
    sections: [
      { title: names('Burgerit', 'Burgers', 'Burgare', 'Burgere'), items: Object.values(BURGERS) },
      { title: names('Annokset', 'Mains', 'Varmrätter', 'Varmretter'), items: [SCHNITZEL, SALMON_FILLET, CAESAR] },
    ],
  },
  NO: {
    title: names('Ravintolan ruokalista', 'Restaurant menu', 'Restaurangens meny', 'Restaurantmeny'),
    sections: [
      { title: names('Burgerit', 'Burgers', 'Burgare', 'Burgere'), items: Object.values(BURGERS) },
      { title: names('Annokset', 'Mains', 'Varmrätter', 'Varmretter'), items: [SCHNITZEL, SALMON_FILLET, CAESAR] },
    ],
  },
};

/** The station's own language: its name of a thing when the page's locale has none. */
const HOME_LOCALE: Record<StationCountry, Locale> = { FI: 'fi-FI', SE: 'sv-SE', NO: 'no-NO' };

const CARWASH_PROGRAMMES = [
  names('Perus', 'Basic', 'Bas', 'Basis'),
  names('Vaha', 'Wax', 'Vax', 'Voks'),
  names('Premium', 'Premium', 'Premium', 'Premium'),
];
const LUNCH_LIST_TITLE = names('Viikon lounaslista', "This week's lunch", 'Veckans lunch', 'Ukens lunsj');
const PRICE_SCALE: Record<StationCountry, number> = { FI: 1, SE: 11, NO: 11 };
const PHONE: Record<StationCountry, string> = { FI: '+358 20 55', SE: '+46 8 55', NO: '+47 22 5' };
const DOMAIN: Record<StationCountry, string> = { FI: 'st1.fi', SE: 'st1.se', NO: 'st1.no' };

/** mulberry32: a small, well-known seeded PRNG, enough for varied seed data. */
export function prng(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function slugify(text: string): string {
  return foldText(text)
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** Shares of `total` proportional to `weights`, summing exactly to `total` (largest remainders). */
function allocate(weights: readonly number[], total: number): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  const exact = weights.map((weight) => (weight * total) / sum);
  const counts = exact.map(Math.floor);
  let left = total - counts.reduce((a, b) => a + b, 0);
  const order = exact
    .map((value, index) => ({ index, rest: value - Math.floor(value) }))
    .sort((a, b) => b.rest - a.rest);
  for (const { index } of order) {
    if (left <= 0) break;
    counts[index]! += 1;
    left -= 1;
  }
  return counts;
}

type Pattern = (random: () => number) => string[];
const h24 = '00:00-24:00';
const PATTERNS: Array<{ weight: number; week: Pattern }> = [
  { weight: 22, week: () => Array<string>(7).fill(h24) },
  { weight: 30, week: () => [...Array<string>(5).fill('06:00-22:00'), '07:00-22:00', '09:00-21:00'] },
  { weight: 14, week: () => [...Array<string>(5).fill('07:00-21:00'), '09:00-18:00', ''] },
  { weight: 10, week: () => [...Array<string>(5).fill('06:00-23:00'), '07:00-23:00', '08:00-23:00'] },
  // Weekend nights past midnight.
  { weight: 8, week: () => [...Array<string>(4).fill('06:00-22:00'), '06:00-02:00', '08:00-02:00', '09:00-22:00'] },
  // A split day (closed at midday), as small village stations have.
  { weight: 6, week: () => [...Array<string>(5).fill('07:00-11:30,12:30-20:00'), '09:00-16:00', '11:00-16:00'] },
  { weight: 10, week: (random) => Array<string>(7).fill(random() < 0.5 ? '06:00-24:00' : '05:30-23:30') },
];

/**
 * Holiday exceptions (Christmas Eve to New Year's Day) for the winters that start in the
 * year before `year`, in `year` and in the year after, so that a database seeded on any
 * day has the coming holidays; past dates are dropped when the list is served. 24 h
 * stations stay open. Depends on nothing but the year.
 */
export function holidayExceptions(week: readonly string[], year: number): Record<string, string> {
  if (week.every((day) => day === h24)) return {};
  const result: Record<string, string> = {};
  for (const winter of [year - 1, year, year + 1]) {
    result[`${winter}-12-24`] = '08:00-14:00';
    result[`${winter}-12-25`] = '';
    result[`${winter}-12-26`] = '10:00-20:00';
    result[`${winter}-12-31`] = '07:00-18:00';
    result[`${winter + 1}-01-01`] = '12:00-20:00';
  }
  return result;
}

function pick<T>(random: () => number, items: readonly T[]): T {
  return items[Math.floor(random() * items.length)]!;
}

function weightedPattern(random: () => number): string[] {
  const total = PATTERNS.reduce((sum, pattern) => sum + pattern.weight, 0);
  let roll = random() * total;
  for (const pattern of PATTERNS) {
    roll -= pattern.weight;
    if (roll < 0) return pattern.week(random);
  }
  return PATTERNS[0]!.week(random);
}

function services(country: StationCountry, express: boolean, random: () => number): ServiceCode[] {
  const codes = new Set<ServiceCode>(['95', 'diesel']);
  const maybe = (code: ServiceCode, chance: number) => {
    if (random() < chance) codes.add(code);
  };
  maybe('98', 0.6);
  maybe('adblue', 0.45);
  maybe('evCharging', express ? 0.3 : 0.45);
  maybe('HVO', country === 'SE' ? 0.45 : country === 'FI' ? 0.35 : 0.2);
  if (country === 'SE') maybe('e85', 0.3);
  if (country === 'FI') maybe('e85', 0.05);
  if (country !== 'NO') maybe('cng', 0.06);
  maybe('lbg', country === 'SE' ? 0.06 : 0.02);
  if (country === 'SE' && codes.has('evCharging')) {
    maybe('elbilsladdning150', 0.5);
    maybe('elbilsladdning400', 0.2);
  }
  if (!express) {
    if (random() < 0.45) codes.add(country === 'NO' && random() < 0.6 ? 'norwegianshellcarwash' : 'carwash');
    maybe('atm', 0.15);
    maybe('lunch', 0.3);
    maybe('post', 0.2);
    maybe('shower', 0.1);
    maybe('trailerrent', 0.15);
    maybe('vanrental', 0.08);
    if (country === 'FI') maybe('sauna', 0.02);
    if (country === 'NO') {
      maybe('truckfacilities', 0.18);
      maybe('servicestation', 0.6);
    }
  } else if (country === 'NO') {
    maybe('truckfacilities', 0.1);
  }
  return [...codes].sort();
}

/** A few malformed CMS records of the kinds seen in the wild; the page shows '-' for them. */
const MALFORMED: unknown[] = [
  { openHours: '8-22' },
  [{ date: '2026-13-01', openHours: [{ startTime: '25:00:00', endTime: '22:00:00' }] }],
  { store24h: 'yes', storeOpeningHours: null },
  'open every day',
];

function round(value: number, decimals: number): number {
  const factor = 10 ** decimals;
  return Math.round(value * factor) / factor;
}

/** What every station of one country's pass shares. */
interface CountryPass {
  country: StationCountry;
  dishes: readonly Dish[];
  random: () => number;
  slugs: Set<string>;
  year: number;
}

/**
 * One country's stations, town by town. The random draws are made in one fixed order (each
 * helper below draws only where the whole station used to, in the same order), so the seed
 * data stays what it has always been: content, redirects and tests name seeded stations.
 */
function generateCountry(pass: CountryPass, towns: Town[], total: number): StationRecord[] {
  const counts = allocate(
    towns.map((town) => town.weight),
    total,
  );
  const stations: StationRecord[] = [];
  towns.forEach((town, townIndex) => {
    const usedStreets = new Set<string>();
    for (let n = 0; n < counts[townIndex]!; n++) {
      stations.push(generateStation(pass, town, stations.length + 1, usedStreets));
    }
  });
  return stations;
}

/** Draws: the street (and retries), express, the position, the postal code. */
function stationPlace({ country, random, slugs }: CountryPass, town: Town, usedStreets: Set<string>) {
  let street = pick(random, STREETS[country]);
  for (let tries = 0; usedStreets.has(street) && tries < 5; tries++) street = pick(random, STREETS[country]);
  usedStreets.add(street);
  const express = random() < 0.22;
  let slug = slugify(`${town.name} ${street}`);
  for (let suffix = 2; slugs.has(slug); suffix++) slug = slugify(`${town.name} ${street} ${suffix}`);
  slugs.add(slug);
  // Spread around the centre: bigger towns wider (about ±2–8 km).
  const spread = 0.02 + Math.min(town.weight, 20) * 0.003;
  const lat = round(town.lat + (random() - 0.5) * spread, 5);
  const lng = round(town.lng + (random() - 0.5) * spread * 2, 5);
  const postalDigits = town.postalCode.replace(/\D/g, '');
  const postalNumber = String(Number(postalDigits) + Math.floor(random() * 9) * (country === 'NO' ? 1 : 10)).padStart(
    postalDigits.length,
    '0',
  );
  const postalCode = country === 'SE' ? `${postalNumber.slice(0, 3)} ${postalNumber.slice(3)}` : postalNumber;
  return {
    street,
    express,
    name: `St1 ${express ? 'Express ' : ''}${town.name} ${street}`,
    slug,
    lat,
    lng,
    postalCode,
  };
}

/**
 * Draws: two dishes a weekday (a dish, its price, and the old diet draws). A day never
 * lists a dish twice: a second draw of the day's first dish takes the next dish of the
 * country's list instead, with no extra draw, so only those days change and every later
 * station keeps what it has always been seeded with.
 */
function lunchBlock({ country, dishes, random }: CountryPass, number: number) {
  const scale = PRICE_SCALE[country];
  const dish = (firstOfDay?: string) => {
    let chosen = pick(random, dishes);
    if (chosen.name === firstOfDay) chosen = dishes[(dishes.indexOf(chosen) + 1) % dishes.length]!;
    const { name, names: dishNames, diets } = chosen;
    const price = round((10.9 + Math.floor(random() * 4)) * scale, 2);
    // Diet labels were once drawn here (one or two draws). The draws are still made, and
    // decide nothing, so that every later station keeps the name, slug and services it
    // has always been seeded with (content/redirects and tests name seeded stations).
    if (random() >= 0.4) random();
    return { name, names: { ...dishNames }, price, diets: [...diets] };
  };
  const day = () => {
    const first = dish();
    return [first, dish(first.name)];
  };
  return {
    kitchen: { week: [...Array<string>(5).fill('10:30-20:00'), '11:00-18:00', ''], exceptions: {} },
    lunchHours: { week: [...Array<string>(5).fill('10:30-14:00'), '', ''], exceptions: {} },
    // Every other lunch station serves breakfast too (no extra draw: the rest stays as it was).
    ...(number % 2 === 0
      ? {
          breakfastHours: {
            week: [...Array<string>(5).fill('06:00-10:00'), '07:00-11:00', '07:00-11:00'],
            exceptions: {},
          },
        }
      : {}),
    lunchDishes: Array.from({ length: 5 }, day),
    lunchListTitle: LUNCH_LIST_TITLE[HOME_LOCALE[country]],
    lunchListTitles: LUNCH_LIST_TITLE,
  };
}

/** Draws: one price per menu item. */
function foodMenuBlock({ country, random }: CountryPass) {
  const home = HOME_LOCALE[country];
  const scale = PRICE_SCALE[country];
  return {
    foodMenu: {
      title: MENU[country].title[home],
      titles: MENU[country].title,
      sections: MENU[country].sections.map((section) => ({
        title: section.title[home],
        titles: section.title,
        items: section.items.map((item) => ({
          name: item[home],
          names: item,
          price: round((9.9 + Math.floor(random() * 8)) * scale, 2),
        })),
      })),
    },
  };
}

/** No draws. */
function carwashBlock(country: StationCountry) {
  const home = HOME_LOCALE[country];
  return {
    carwash: {
      programmes: CARWASH_PROGRAMMES.map((programme, index) => ({
        name: programme[home],
        names: programme,
        price: round((9 + index * 5) * PRICE_SCALE[country], 2),
      })),
    },
  };
}

/** One station: its draws in the order of the pass (see generateCountry). */
function generateStation(pass: CountryPass, town: Town, number: number, usedStreets: Set<string>): StationRecord {
  const { country, random, year } = pass;
  const place = stationPlace(pass, town, usedStreets);
  const codes = services(country, place.express, random);
  const week = place.express && random() < 0.8 ? Array<string>(7).fill(h24) : weightedPattern(random);
  const weekly: WeeklyHours = { week, exceptions: holidayExceptions(week, year) };
  const malformed = number % 97 === 13;
  const hasLunch = codes.includes('lunch');
  const hasFoodMenu = hasLunch && random() < 0.5;
  const hasCarwash = codes.includes('carwash') || codes.includes('norwegianshellcarwash');
  const address = `${place.street} ${1 + Math.floor(random() * 120)}`;
  const lunch = hasLunch ? lunchBlock(pass, number) : {};
  const menu = hasFoodMenu ? foodMenuBlock(pass) : {};
  const carwash = hasCarwash ? carwashBlock(country) : {};
  // Per-station flags with the defaults of spec §2; lunch stations opt in.
  const features = { lunchList: hasLunch && random() < 0.7, foodMenu: hasFoodMenu, carwash: true };
  const record: StationRecord = {
    id: `${country}-${String(number).padStart(4, '0')}`,
    slug: place.slug,
    name: place.name,
    address,
    postalCode: place.postalCode,
    city: town.name,
    country,
    lat: place.lat,
    lng: place.lng,
    phone: `${PHONE[country]}${String(100000 + number * 37).slice(-5)}`,
    email: `${place.slug.slice(0, 40)}@${DOMAIN[country]}`,
    services: codes,
    express: place.express,
    hours: malformed
      ? { format: 'malformed', raw: MALFORMED[number % MALFORMED.length] }
      : { format: number % 3 === 0 ? 'B' : 'A', weekly },
    ...lunch,
    ...menu,
    ...carwash,
    features,
  };
  return stationRecordSchema.parse(record);
}

/**
 * All seed stations (deterministic: the same towns file, year and total always give the
 * same list). `year` places the holiday exceptions; by default the current year (UTC).
 * `total` is the number of stations (DEFAULT_SEED_TOTAL by default); ids keep four digits
 * up to 9,999 per country and grow past that (`FI-12000`).
 */
export async function generateSeedStations(
  contentDir: string,
  options: { year?: number; total?: number } = {},
): Promise<StationRecord[]> {
  const year = options.year ?? new Date().getUTCFullYear();
  const perCountry = stationsPerCountry(options.total ?? DEFAULT_SEED_TOTAL);
  const readJson = async (name: string): Promise<unknown> =>
    JSON.parse(await readFile(join(contentDir, 'stations', name), 'utf8'));
  const towns = townsFileSchema.parse(await readJson('towns.json'));
  const dishes = dishesFileSchema.parse(await readJson('lunch-dishes.json'));
  const random = prng(20261122);
  const slugs = new Set<string>();
  return (['FI', 'SE', 'NO'] as const).flatMap((country) =>
    generateCountry(
      { country, dishes: dishes.countries[country] ?? [], random, slugs, year },
      towns.countries[country] ?? [],
      perCountry[country],
    ),
  );
}

/** Seeds the stations table when it is empty, in one transaction (`total`: see generateSeedStations). */
export async function seedStationsIfEmpty(
  transaction: Transact,
  contentDir: string,
  options: { total?: number } = {},
): Promise<{ seeded: boolean; stations: number }> {
  const existing = await transaction((tx) => tx.stations.stations.count());
  if (existing > 0) return { seeded: false, stations: existing };
  const records = await generateSeedStations(contentDir, options);
  await transaction((tx) => tx.stations.stations.insertMany(records));
  return { seeded: true, stations: records.length };
}
