import type { SearchResult } from '@/shared/content-schema';
import type { Locale } from '@/shared/locales';

/** Site search over the origin's cms-view/v1/search, through the site server's proxy (spec §7). */
export async function searchSite(query: string, locale: Locale, signal?: AbortSignal): Promise<SearchResult> {
  // ky loads on demand, as for client navigation, to keep it out of the landing page's budget.
  const { default: ky } = await import('ky');
  const body = await ky
    .get('/proxy/cms-view/v1/search', {
      searchParams: { q: query },
      headers: { 'x-st1-locale': locale },
      retry: 0,
      timeout: 10_000,
      ...(signal ? { signal } : {}),
    })
    .json();
  if (!isSearchResult(body)) throw new Error('Search answered with an unexpected body');
  return body;
}

/**
 * The shape check of searchResultSchema, by hand: the browser bundle stays without zod
 * (the landing page has a 100 KB budget), and this is the only answer the search reads.
 */
export function isSearchResult(body: unknown): body is SearchResult {
  if (!body || typeof body !== 'object') return false;
  const { query, hits } = body as { query?: unknown; hits?: unknown };
  return (
    typeof query === 'string' &&
    Array.isArray(hits) &&
    hits.every(
      (hit: unknown) =>
        !!hit &&
        typeof hit === 'object' &&
        ['path', 'title', 'excerpt'].every((key) => typeof (hit as Record<string, unknown>)[key] === 'string'),
    )
  );
}
