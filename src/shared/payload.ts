/**
 * The page payload: what the server embeds in the HTML for hydration and answers at
 * `{path}/_payload.json` for client navigation and prefetch (DESIGN §3).
 */
import type { Layout, Page, SearchResult } from './content-schema';
import type { HeadData } from './head';
import { isLocale, type Locale } from './locales';

export interface PayloadError {
  status: number;
  /** Status name looked up under httpMessages (spec §8). */
  statusName: 'BAD_REQUEST' | 'NOT_FOUND' | 'URI_TOO_LONG' | 'INTERNAL_SERVER_ERROR';
  /** The path the visitor asked for. */
  path: string;
  /** 'unknownRoute' → 'Page not found: {path}'; 'validation' → 'Page Not Found: {path}'. */
  reason: 'unknownRoute' | 'validation' | 'badRequest' | 'server';
}

export interface PagePayload {
  locale: Locale;
  buildId: string;
  preview: boolean;
  layout: Layout | null;
  page: Page | null;
  error: PayloadError | null;
  head: HeadData;
  /**
   * Results of the search page's ?q= in a server-rendered document (search without
   * JavaScript); null result when the search failed. Absent everywhere else.
   */
  search?: { query: string; result: SearchResult | null };
  /**
   * A page put together without the server's page (docs/pwa.md "Offline"). `shell`: the
   * app-shell document the service worker answers with for a page it has not saved; the
   * browser then builds the address's page on the device. Set by the browser: `station`,
   * a station page drawn from the stored station list (with when that list was last
   * confirmed), and `notice`, the offline notice for a page that needs the network. These
   * two carry no layout: the shell shows the layout stored on the device.
   */
  offline?: OfflineView;
  /**
   * The CMS dates the page shows, as the server printed them (./cms-date.ts `cmsDatesOf`),
   * keyed by the CMS value: the browser renders them without an Intl formatter of its own.
   * Absent where the page shows none (and in payloads made in the browser).
   */
  dates?: Record<string, string>;
}

type OfflineView = { kind: 'shell' } | { kind: 'station'; syncedAt: number | null } | { kind: 'notice'; path: string };

export const PAYLOAD_SUFFIX = '/_payload.json';

/**
 * The header of a payload answer for an old address of the legacy redirect tables: where
 * its document redirects (307, spec §2). A client navigation cannot see a redirect of its
 * own payload request, so the payload (the 404 page) comes with the target and the
 * browser loads the target instead (src/entry-client.tsx).
 */
export const PAYLOAD_LOCATION_HEADER = 'x-st1-location';

/** The payload URL of a page path ("/" → "/_payload.json", "/a" → "/a/_payload.json"). */
export function payloadUrl(pathname: string): string {
  return `${pathname === '/' ? '' : pathname.replace(/\/+$/, '')}${PAYLOAD_SUFFIX}`;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;
const isObjectOrNull = (value: unknown) => value === null || isRecord(value);

/**
 * A `_payload.json` answer's envelope, checked field by field without zod: an answer that
 * is no payload at all (a proxy's page, a truncated body, an API error) is refused here.
 * Client navigation then reads the parts inside with their schemas (./payload-content.ts,
 * src/features/content/api/fetch-payload.ts), so no answer is cast to a type (issue 32).
 */
export function isPagePayload(value: unknown): value is PagePayload {
  return (
    isRecord(value) &&
    isLocale(value.locale) &&
    typeof value.buildId === 'string' &&
    typeof value.preview === 'boolean' &&
    isObjectOrNull(value.layout) &&
    isObjectOrNull(value.page) &&
    isObjectOrNull(value.error) &&
    isRecord(value.head) &&
    (value.search === undefined || isRecord(value.search)) &&
    (value.offline === undefined || isRecord(value.offline)) &&
    (value.dates === undefined || isRecord(value.dates))
  );
}
