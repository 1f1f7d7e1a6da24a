/**
 * A station page put together on the device when its page was never saved (docs/pwa.md
 * "Offline"): the stored list entry holds the name, address, services, phone, position
 * and the weekly station, kitchen and lunch hours, which become the page's tables for
 * the week from today in the station's own time zone, as the origin would serve them.
 */
import {
  COUNTRY_INFO,
  LOCALE_INFO,
  LOCALES,
  LOCALIZED_PATHS,
  STATION_PATH_SEGMENT,
  type Locale,
} from '#shared/locales';
import type { PagePayload } from '#shared/payload';
import { COUNTRY_TIME_ZONE } from '#shared/station-constants';
import type { StationDetails, StationSummary } from '#shared/stations';
import { toShapeA } from '#shared/weekly-hours';
import { readStationBySlug, readStoredCountries } from './station-db';

/** The slug of a locale-relative station page path ("/stations/oulu-ouluntie"), if it is one. */
export function stationSlugOfPath(locale: Locale, localPath: string): string | undefined {
  const match = /^\/([^/]+)\/([^/]+)\/?$/.exec(localPath);
  return match && match[1] === STATION_PATH_SEGMENT[locale] ? decodeURIComponent(match[2]!) : undefined;
}

/** The station page's station from a stored list entry (no e-mail, menus or car-wash prices offline). */
export function detailsFromSummary(station: StationSummary, now: Date): StationDetails {
  const timeZone = COUNTRY_TIME_ZONE[station.country];
  const { hours, phone, kitchenHours, lunchHours, ...rest } = station;
  return {
    ...rest,
    timeZone,
    phone: phone ?? '',
    email: '',
    currency: COUNTRY_INFO[station.country].currency,
    // A malformed record stays unreadable: the tables show '-' (spec §5).
    openingHours: hours ? toShapeA(hours, timeZone, now) : null,
    ...(kitchenHours ? { kitchenHours: toShapeA(kitchenHours, timeZone, now) } : {}),
    ...(lunchHours ? { lunchHours: toShapeA(lunchHours, timeZone, now) } : {}),
    features: { lunchList: false, foodMenu: false, carwash: false },
  };
}

/**
 * The locator of a locale whose page this device never saved (a Finnish install opening
 * the English locator offline): the stationLocator block alone, which lists, searches and
 * filters the stored lists as it does online. Undefined when `localPath` is not the
 * locator's or no country's stations are stored.
 */
export async function storedLocatorPayload(
  locale: Locale,
  localPath: string,
  title: string,
): Promise<PagePayload | undefined> {
  if (localPath.replace(/\/+$/, '') !== LOCALIZED_PATHS.stationLocator[locale]) return undefined;
  const stored = await readStoredCountries().catch(() => []);
  if (stored.length === 0) return undefined;
  const { htmlLang } = LOCALE_INFO[locale];
  return {
    locale,
    buildId: '',
    preview: false,
    layout: null,
    error: null,
    offline: { kind: 'station', syncedAt: Math.max(...stored.map((entry) => entry.syncedAt)) },
    page: {
      localizedPagePaths: Object.fromEntries(LOCALES.map((code) => [code, LOCALIZED_PATHS.stationLocator[code]])),
      content: {
        slug: LOCALIZED_PATHS.stationLocator[locale].slice(1),
        title,
        description: '',
        contentType: 'standardPage',
        body: [{ type: 'stationLocator', initial: [], total: 0 }],
        noIndex: true,
      },
    },
    head: {
      lang: htmlLang,
      title: `${title} | St1`,
      description: '',
      canonical: null,
      alternates: [],
      robots: 'noindex',
      openGraph: { title, description: '', url: null, image: null, locale: htmlLang },
    },
  };
}

/** The payload of a station page from stored data, or undefined when `localPath` is no stored station's page. */
export async function storedStationPayload(
  locale: Locale,
  localPath: string,
  now = new Date(),
): Promise<PagePayload | undefined> {
  const slug = stationSlugOfPath(locale, localPath);
  if (!slug) return undefined;
  const found = await readStationBySlug(slug).catch(() => undefined);
  if (!found) return undefined;
  const { station, meta } = found;
  const { htmlLang } = LOCALE_INFO[locale];
  return {
    locale,
    buildId: '',
    preview: false,
    layout: null,
    error: null,
    offline: { kind: 'station', syncedAt: meta?.syncedAt ?? null },
    page: {
      localizedPagePaths: Object.fromEntries(LOCALES.map((code) => [code, `/${STATION_PATH_SEGMENT[code]}/${slug}`])),
      content: {
        slug: `${STATION_PATH_SEGMENT[locale]}/${slug}`,
        title: station.name,
        description: '',
        contentType: 'stationPage',
        body: [],
        noIndex: true,
        station: detailsFromSummary(station, now),
      },
    },
    head: {
      lang: htmlLang,
      title: `${station.name} | St1`,
      description: `${station.address}, ${station.postalCode} ${station.city}`,
      canonical: null,
      alternates: [],
      robots: 'noindex',
      openGraph: { title: station.name, description: '', url: null, image: null, locale: htmlLang },
    },
  };
}
