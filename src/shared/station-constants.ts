/**
 * The station values the browser needs (countries, time zones, diet labels, the "My
 * stations" anchor), apart from the zod schemas of ./stations.ts: a value imported from
 * there brought zod (about 60 KB) and the schemas' construction into the locator and the
 * station page, evaluated before hydration (docs/performance.md). The browser imports
 * only types from ./stations.ts.
 */
import { COUNTRIES, COUNTRY_INFO, LOCALE_INFO, LOCALES, type Country, type Locale } from './locales';

export const STATION_COUNTRIES = COUNTRIES;
export type StationCountry = Country;

/**
 * The country a locale's locator opens with and whose list it syncs first; en-EU (the
 * international site) opens with Finland, the home market (docs/stations.md). Read from
 * the locale table.
 */
export const LOCALE_COUNTRY = Object.fromEntries(
  LOCALES.map((locale) => [locale, LOCALE_INFO[locale].country]),
) as Record<Locale, StationCountry>;

/** Time zone of a station's country; open-now and the hours tables are computed in it, not in the visitor's. */
export const COUNTRY_TIME_ZONE = Object.fromEntries(
  COUNTRIES.map((country) => [country, COUNTRY_INFO[country].timeZone]),
) as Record<StationCountry, string>;

/**
 * Diet labels of a lunch dish, as Nordic lunch lists print them: L lactose-free,
 * G gluten-free, M milk-free, VEG vegetarian (no meat, poultry or fish). A label belongs
 * to the dish (content/stations/lunch-dishes.json), never to one serving of it.
 */
export const DIET_CODES = ['L', 'G', 'M', 'VEG'] as const;

/**
 * The id of the locator's "My stations" section (the favourites): the installed app's
 * manifest shortcut opens the locator at `#my-stations` (docs/pwa.md "Favourite stations").
 */
export const MY_STATIONS_ANCHOR = 'my-stations';

/** The services a station lists (`services` of a station record), without zod for the browser's guard. */
export const SERVICE_CODES = [
  'carwash',
  'evCharging',
  'atm',
  'lunch',
  'post',
  'sauna',
  'shower',
  'trailerrent',
  'vanrental',
  '95',
  '98',
  'diesel',
  'HVO',
  'e85',
  'cng',
  'lbg',
  'adblue',
  'norwegianshellcarwash',
  'truckfacilities',
  'servicestation',
  'elbilsladdning150',
  'elbilsladdning400',
] as const;
