/**
 * What the origin serves from a stored station: the compact list entry, and the station
 * page content with opening hours in the CMS shapes A or B of spec §3 for the dates around
 * today in the station's own time zone (yesterday and the next days; docs/stations.md).
 */
import type { Asset, PageContent } from '#shared/content-schema';
import { COUNTRY_INFO, LOCALES, STATION_PATH_SEGMENT, type Locale } from '#shared/locales';
import { addDays, zonedNow } from '#shared/station-calendar';
import { toShapeA, toShapeB } from '#shared/weekly-hours';
import { COUNTRY_TIME_ZONE } from '#shared/station-constants';
import type { FoodMenu, LunchList, StationDetails, StationSummary, WeeklyHours } from '#shared/stations';
import { serverText } from '../server-texts';
import { NO_LIVE_DATA, type LiveData } from './station-live-data';
import type { LocalizedNames, StationRecord } from './stations-record';
import escapeHtml from 'escape-html';

/** Exceptions before `from` (yesterday in the station's zone) can no longer matter: the list leaves them out. */
function currentExceptions(weekly: WeeklyHours, from: string): WeeklyHours {
  return {
    week: weekly.week,
    exceptions: Object.fromEntries(Object.entries(weekly.exceptions).filter(([date]) => date >= from)),
  };
}

/** Yesterday's date in a zone: the first day whose exceptions a list still carries. */
function firstListedDay(timeZone: string, now: Date): string {
  return addDays(zonedNow(now, timeZone).date, -1);
}

function summarize(record: StationRecord, from: string, live: LiveData): StationSummary {
  const prices = live.prices.get(record.id);
  const chargePoints = live.chargePoints.get(record.id);
  return {
    id: record.id,
    slug: record.slug,
    name: record.name,
    address: record.address,
    postalCode: record.postalCode,
    city: record.city,
    country: record.country,
    lat: record.lat,
    lng: record.lng,
    services: record.services,
    express: record.express,
    hours: record.hours.format === 'malformed' ? null : currentExceptions(record.hours.weekly, from),
    // What a station page drawn offline from the stored list needs besides (docs/pwa.md).
    phone: record.phone,
    ...(record.kitchen ? { kitchenHours: currentExceptions(record.kitchen, from) } : {}),
    ...(record.lunchHours ? { lunchHours: currentExceptions(record.lunchHours, from) } : {}),
    // Left out when empty: most stations have no chargers, and every byte is stored offline.
    ...(prices && prices.length > 0 ? { prices } : {}),
    ...(chargePoints && chargePoints.length > 0 ? { chargePoints } : {}),
  };
}

export function toSummary(record: StationRecord, now: Date, live: LiveData = NO_LIVE_DATA): StationSummary {
  return summarize(record, firstListedDay(COUNTRY_TIME_ZONE[record.country], now), live);
}

/**
 * Many summaries at one moment: the zone's date is worked out once per country, not per
 * station (at 13,000 stations that was most of the list's cost; docs/performance.md).
 */
export function toSummaries(
  records: readonly StationRecord[],
  now: Date,
  live: LiveData = NO_LIVE_DATA,
): StationSummary[] {
  const from = new Map<string, string>();
  return records.map((record) => {
    let day = from.get(record.country);
    if (day === undefined) {
      day = firstListedDay(COUNTRY_TIME_ZONE[record.country], now);
      from.set(record.country, day);
    }
    return summarize(record, day, live);
  });
}

/** A name in the page's language, else the station's own (`name`). */
function nameIn(locale: Locale, name: string, names: LocalizedNames | undefined): string {
  return names?.[locale] ?? name;
}

/** Priced things (dishes, menu items, wash programmes) named in the page's language. */
function localized<T extends { name: string; names?: LocalizedNames | undefined }>(
  items: readonly T[],
  locale: Locale,
): Array<Omit<T, 'names'>> {
  return items.map(({ names, ...item }) => ({ ...item, name: nameIn(locale, item.name, names) }));
}

export function toDetails(
  record: StationRecord,
  now: Date,
  locale: Locale,
  live: LiveData = NO_LIVE_DATA,
): StationDetails {
  const timeZone = COUNTRY_TIME_ZONE[record.country];
  const {
    hours,
    kitchen,
    lunchHours,
    breakfastHours,
    lunchDishes,
    lunchListTitle,
    lunchListTitles: _titles,
    foodMenu: _menu,
    carwash,
    ...rest
  } = record;
  const openingHours =
    hours.format === 'malformed'
      ? hours.raw
      : hours.format === 'A'
        ? toShapeA(hours.weekly, timeZone, now)
        : toShapeB(hours.weekly, timeZone, now);
  const today = zonedNow(now, timeZone);
  const dishes = today.isoWeekday <= 5 ? lunchDishes?.[today.isoWeekday - 1] : undefined;
  const todaysDishes = dishes ? localized(dishes, locale) : undefined;
  const prices = live.prices.get(record.id);
  const chargePoints = live.chargePoints.get(record.id);
  return {
    ...rest,
    ...(prices && prices.length > 0 ? { prices } : {}),
    ...(chargePoints && chargePoints.length > 0 ? { chargePoints } : {}),
    timeZone,
    currency: COUNTRY_INFO[record.country].currency,
    openingHours,
    ...(kitchen ? { kitchenHours: toShapeA(kitchen, timeZone, now) } : {}),
    ...(lunchHours ? { lunchHours: toShapeA(lunchHours, timeZone, now) } : {}),
    ...(breakfastHours ? { breakfastHours: toShapeA(breakfastHours, timeZone, now) } : {}),
    ...(carwash ? { carwash: { programmes: localized(carwash.programmes, locale) } } : {}),
    ...(todaysDishes && todaysDishes.length > 0 && lunchListTitle
      ? {
          lunch: {
            title: todaysDishes[0]!.name,
            text: todaysDishes
              .slice(1)
              .map((dish) => dish.name)
              .join(', '),
            price: todaysDishes[0]!.price,
            dishes: todaysDishes,
          },
        }
      : {}),
  };
}

/**
 * The week's lunch list, Monday to Friday, in the station's zone: this week's on weekdays;
 * on Saturday and Sunday next week's, as the week's lunches are over (a driver reading
 * "the week's lunch list" on a Saturday looks for what comes, not for what is past).
 */
function lunchList(record: StationRecord, now: Date, locale: Locale): LunchList | undefined {
  if (!record.lunchDishes || !record.lunchListTitle) return undefined;
  const today = zonedNow(now, COUNTRY_TIME_ZONE[record.country]);
  const weekend = today.isoWeekday >= 6;
  const monday = addDays(today.date, (weekend ? 8 : 1) - today.isoWeekday);
  return {
    title: nameIn(locale, record.lunchListTitle, record.lunchListTitles),
    days: record.lunchDishes.map((dishes, index) => ({
      date: addDays(monday, index),
      dishes: localized(dishes, locale),
    })),
  };
}

/** The food menu in the page's language: its title, section titles and item names. */
function foodMenu(menu: NonNullable<StationRecord['foodMenu']>, locale: Locale): FoodMenu {
  return {
    title: nameIn(locale, menu.title, menu.titles),
    sections: menu.sections.map((section) => ({
      title: nameIn(locale, section.title, section.titles),
      items: localized(section.items, locale),
    })),
  };
}

/** Station page path of a slug in a locale, locale-relative (DESIGN §2). */
export function stationPagePath(locale: Locale, slug: string): string {
  return `/${STATION_PATH_SEGMENT[locale]}/${slug}`;
}

/** The slug of a locale-relative station page path, or undefined when it is not one. */
export function stationSlugOfPath(locale: Locale, path: string): string | undefined {
  const match = /^\/([^/]+)\/([^/]+)\/?$/.exec(path);
  return match && match[1] === STATION_PATH_SEGMENT[locale] ? match[2] : undefined;
}

/** The ids of the station page texts in locales/{locale}/server.po (marked for `lingui extract`). */
export const STATION_PAGE_TEXTS = {
  description: /*i18n*/ 'server.station-page.description',
  intro: /*i18n*/ 'server.station-page.intro',
};

function description(record: StationRecord, locale: Locale): string {
  const { name, address, city } = record;
  return serverText(locale, STATION_PAGE_TEXTS.description, { name, address, city });
}

/** The intro paragraph: the whole text is escaped, values and translation alike. */
function introHtml(record: StationRecord, locale: Locale): string {
  const { address, city } = record;
  const express = record.express ? 'yes' : 'no';
  return `<p>${escapeHtml(serverText(locale, STATION_PAGE_TEXTS.intro, { express, address, city }))}</p>`;
}

/** The page endpoint's answer for a station page: localizedPagePaths and content. */
export function stationPage(
  record: StationRecord,
  locale: Locale,
  now: Date,
  image: Asset | undefined,
  live: LiveData = NO_LIVE_DATA,
): { localizedPagePaths: Partial<Record<Locale, string>>; content: PageContent } {
  const list = record.features.lunchList ? lunchList(record, now, locale) : undefined;
  return {
    localizedPagePaths: Object.fromEntries(LOCALES.map((code) => [code, stationPagePath(code, record.slug)])),
    content: {
      slug: stationPagePath(locale, record.slug).slice(1),
      title: record.name,
      description: description(record, locale),
      contentType: 'stationPage',
      body: [{ type: 'richText', html: introHtml(record, locale) }],
      noIndex: false,
      ...(image ? { image: { ...image, alt: '' } } : {}),
      station: toDetails(record, now, locale, live),
      ...(list ? { lunchList: list } : {}),
      ...(record.features.foodMenu && record.foodMenu ? { foodMenu: foodMenu(record.foodMenu, locale) } : {}),
    },
  };
}
