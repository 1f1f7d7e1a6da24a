import ky from 'ky';
import { searchResultSchema, type SearchResult } from '../../../shared/content-schema';
import type { Locale } from '../../../shared/locales';

/** Site search over the origin's cms-view/v1/search, through the site server's proxy (spec §7). */
export async function searchSite(query: string, locale: Locale, signal?: AbortSignal): Promise<SearchResult> {
  const body = await ky
    .get('/proxy/cms-view/v1/search', {
      searchParams: { q: query },
      headers: { 'x-st1-locale': locale },
      retry: 0,
      timeout: 10_000,
      ...(signal ? { signal } : {}),
    })
    .json();
  return searchResultSchema.parse(body);
}
