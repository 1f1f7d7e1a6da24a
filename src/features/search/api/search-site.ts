import { fetchJson } from '#shared/api/client';
import { CONTENT_API_PATHS } from '#shared/api/paths';
import type { SearchResult } from '#shared/content-schema';
import type { Locale } from '#shared/locales';
import { QUERY_FILTERS } from '#shared/search/service-codes';

/** Site search over the origin's cms-view/v1/search, through the site server's proxy (spec §7). */
export function searchSite(query: string, locale: Locale, signal?: AbortSignal): Promise<SearchResult> {
  return fetchJson(
    {
      url: `/proxy/${CONTENT_API_PATHS.search}`,
      name: 'Search',
      query: { q: query },
      headers: { 'x-st1-locale': locale },
      timeoutMs: 10_000,
      ...(signal ? { signal } : {}),
    },
    (body) => {
      if (!isSearchResult(body)) throw new Error('Search answered with an unexpected body');
      return body;
    },
  );
}

/**
 * The shape check of searchResultSchema, by hand: the browser bundle stays without zod
 * (the landing page has a 100 KB budget), and this is the only answer the search reads.
 */
export function isSearchResult(body: unknown): body is SearchResult {
  if (!isRecord(body)) return false;
  const { query, hits, stations } = body;
  return (
    typeof query === 'string' &&
    Array.isArray(hits) &&
    hits.every((hit: unknown) => hasStrings(hit, ['path', 'title', 'excerpt'])) &&
    (stations === undefined || isStationHits(stations))
  );
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

function hasStrings(value: unknown, keys: readonly string[]): boolean {
  return (
    !!value &&
    typeof value === 'object' &&
    keys.every((key) => typeof (value as Record<string, unknown>)[key] === 'string')
  );
}

/** The `stations` part of an answer: a count, a town or null, the locator link and the first stations. */
function isStationHits(value: unknown): boolean {
  if (!hasStrings(value, ['locatorPath'])) return false;
  const { total, town, filters, hits } = value as {
    total?: unknown;
    town?: unknown;
    filters?: unknown;
    hits?: unknown;
  };
  return (
    typeof total === 'number' &&
    (town === null || typeof town === 'string') &&
    Array.isArray(filters) &&
    filters.every(
      (filter: unknown) => typeof filter === 'string' && (QUERY_FILTERS as readonly string[]).includes(filter),
    ) &&
    Array.isArray(hits) &&
    hits.every((hit: unknown) => hasStrings(hit, ['path', 'name', 'address', 'city']))
  );
}
