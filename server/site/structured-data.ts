/**
 * schema.org structured data (JSON-LD) of a page, for search engines
 * (https://developers.google.com/search/docs/appearance/structured-data):
 * - the landing page: Organization (name, url, logo, social profiles);
 * - a station page: GasStation with address, geo and openingHoursSpecification;
 * - every other page: BreadcrumbList from the landing page through the navigation items
 *   above it to the page itself; a station page's goes through the station locator
 *   (Home › Station locator › station), where visitors find it, not its URL folder.
 * Pure: the site server's payload service calls it with what it already has. The HTML
 * escaping is the renderer's (jsonForScript in src/shared/head.ts).
 */
import type { Layout, NavigationItem, Page } from '#shared/content-schema';
import { LOCALIZED_PATHS, slugToPath, type Locale } from '#shared/locales';
import type { StationDetails } from '#shared/stations';
import type { SiteUrls } from './site-urls';

type JsonLd = Record<string, unknown>;

const CONTEXT = 'https://schema.org';
const ORGANIZATION_NAME = 'St1';
const DAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const;
const HH_MM = /^(\d{2}):(\d{2})(?::\d{2})?$/;

export interface StructuredDataInput {
  page: Page;
  layout: Layout | null;
  locale: Locale;
  urls: SiteUrls;
  /** The landing page's name in the page's language ("Etusivu"), for breadcrumbs. */
  homeName: string;
  /** The station locator's name in the page's language, when the navigation does not name it. */
  locatorName?: string;
}

/** "07:00:00" → "07:00"; "24:00" → "23:59" (schema.org's end of day); anything else → null. */
function schemaTime(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const match = HH_MM.exec(value);
  if (!match) return null;
  return match[1] === '24' ? '23:59' : `${match[1]}:${match[2]}`;
}

function dayOfWeek(date: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) return null;
  const day = new Date(`${date}T12:00:00Z`).getUTCDay();
  return Number.isNaN(day) ? null : `${CONTEXT}/${DAYS[(day + 6) % 7]}`;
}

function specification(date: string, opens: string, closes: string): JsonLd | null {
  const day = dayOfWeek(date);
  if (!day) return null;
  return { '@type': 'OpeningHoursSpecification', dayOfWeek: day, opens, closes, validFrom: date, validThrough: date };
}

/**
 * The dated opening hours of spec §3 (shape A: [{ date, openHours: [{ startTime, endTime }] }],
 * shape B: { store24h, storeOpeningHours: [{ date, hours: [{ opens, closes }] }] }) as
 * OpeningHoursSpecification, one per date and range. A day without ranges is closed
 * (opens = closes = 00:00, schema.org's convention); malformed data gives none.
 */
export function openingHoursSpecification(hours: unknown): JsonLd[] {
  if (Array.isArray(hours)) {
    return hours.flatMap((entry: { date?: unknown; openHours?: unknown }) => {
      if (typeof entry?.date !== 'string' || !Array.isArray(entry.openHours)) return [];
      const date = entry.date;
      if (entry.openHours.length === 0) return [specification(date, '00:00', '00:00')].filter(Boolean) as JsonLd[];
      return entry.openHours.flatMap((range: { startTime?: unknown; endTime?: unknown }) => {
        const opens = schemaTime(range?.startTime);
        const closes = schemaTime(range?.endTime);
        const spec = opens && closes ? specification(date, opens, closes) : null;
        return spec ? [spec] : [];
      });
    });
  }
  if (hours && typeof hours === 'object') {
    const shapeB = hours as { store24h?: unknown; storeOpeningHours?: unknown };
    if (shapeB.store24h === true) {
      return [
        {
          '@type': 'OpeningHoursSpecification',
          dayOfWeek: DAYS.map((day) => `${CONTEXT}/${day}`),
          opens: '00:00',
          closes: '23:59',
        },
      ];
    }
    if (Array.isArray(shapeB.storeOpeningHours)) {
      return openingHoursSpecification(
        shapeB.storeOpeningHours.map((day: { date?: unknown; hours?: unknown }) => ({
          date: day?.date,
          openHours: Array.isArray(day?.hours)
            ? day.hours.map((range: { opens?: unknown; closes?: unknown }) => ({
                startTime: range?.opens,
                endTime: range?.closes,
              }))
            : undefined,
        })),
      );
    }
  }
  return [];
}

function gasStation(station: StationDetails, url: string, image: string | undefined): JsonLd {
  const hours = openingHoursSpecification(station.openingHours);
  return {
    '@context': CONTEXT,
    '@type': 'GasStation',
    name: station.name,
    url,
    ...(image ? { image } : {}),
    address: {
      '@type': 'PostalAddress',
      streetAddress: station.address,
      postalCode: station.postalCode,
      addressLocality: station.city,
      addressCountry: station.country,
    },
    geo: { '@type': 'GeoCoordinates', latitude: station.lat, longitude: station.lng },
    ...(station.phone ? { telephone: station.phone } : {}),
    ...(station.email ? { email: station.email } : {}),
    ...(hours.length > 0 ? { openingHoursSpecification: hours } : {}),
    brand: { '@type': 'Brand', name: ORGANIZATION_NAME },
  };
}

function organization(input: StructuredDataInput, url: string): JsonLd {
  const sameAs = (input.layout?.someLinks ?? []).flatMap((link) =>
    link.url && /^https:\/\//.test(link.url) ? [link.url] : [],
  );
  return {
    '@context': CONTEXT,
    '@type': 'Organization',
    name: ORGANIZATION_NAME,
    url,
    logo: new URL('/icons/icon-512.png', url).href,
    ...(sameAs.length > 0 ? { sameAs } : {}),
  };
}

function flatten(items: readonly NavigationItem[]): NavigationItem[] {
  return items.flatMap((item) => [item, ...flatten(item.children)]);
}

/** Home, then each folder above the page that the navigation names, then the page. */
function breadcrumbs(input: StructuredDataInput, path: string, url: string): JsonLd {
  const named = new Map(flatten(input.layout?.navigation ?? []).map((item) => [item.url, item.text]));
  const segments = path.split('/').filter(Boolean);
  const trail: Array<{ name: string; item: string }> = [
    { name: input.homeName, item: input.urls.absolute(input.locale, '/') },
  ];
  if (input.page.content.contentType === 'stationPage') {
    const locator = LOCALIZED_PATHS.stationLocator[input.locale];
    trail.push({
      name: named.get(locator) ?? input.locatorName ?? 'Station locator',
      item: input.urls.absolute(input.locale, locator),
    });
  }
  for (
    let depth = input.page.content.contentType === 'stationPage' ? segments.length : 1;
    depth < segments.length;
    depth += 1
  ) {
    const folder = `/${segments.slice(0, depth).join('/')}`;
    const name = named.get(folder);
    if (name) trail.push({ name, item: input.urls.absolute(input.locale, folder) });
  }
  trail.push({ name: input.page.content.title, item: url });
  return {
    '@context': CONTEXT,
    '@type': 'BreadcrumbList',
    itemListElement: trail.map((entry, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: entry.name,
      item: entry.item,
    })),
  };
}

/** The JSON-LD objects of a page (none for noIndex pages: nothing to describe to crawlers). */
export function structuredData(input: StructuredDataInput): JsonLd[] {
  const { content } = input.page;
  if (content.noIndex) return [];
  const path = slugToPath(content.slug);
  const url = input.urls.absolute(input.locale, path);
  if (path === '/') return [organization(input, url)];
  const data: JsonLd[] = [];
  if (content.contentType === 'stationPage' && content.station) {
    const image = content.image?.src ? new URL(content.image.src, url).href : undefined;
    data.push(gasStation(content.station, url, image));
  }
  data.push(breadcrumbs(input, path, url));
  return data;
}
