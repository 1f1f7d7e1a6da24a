/**
 * Surrogate keys (docs/operations.md "A cache in front"): the names a shared cache files
 * each cacheable answer under, so that the origin can purge exactly what a change touches.
 * The site server writes them on its answers (`Surrogate-Key`, `xkey`); the origin names
 * the same keys in its purges. One home for both, so the two can never spell a key
 * differently.
 *
 * Keys hold only `[A-Za-z0-9_-]`: they are separated by spaces in one header, and a cache
 * that purges by a regular expression over that header needs no escaping.
 */
import type { Locale } from './locales';

/** On every cacheable answer: purging it empties the cache (after a release). */
export const SITE_KEY = 'site';

const UNSAFE = /[^A-Za-z0-9_-]/g;
/** Longer paths are cut: a cut key can only purge a little more than asked, never less. */
const MAX_PATH_CHARS = 120;

/** The page at a locale-relative path ('/' is the landing page). */
export function pageKey(locale: Locale, localPath: string): string {
  const path = localPath.replace(/^\/+|\/+$/g, '') || 'landing';
  return `page-${locale}-${path.slice(0, MAX_PATH_CHARS).replace(UNSAFE, '_')}`;
}

/** Every answer that shows the locale's layout (navigation, footer): all its pages. */
export function layoutKey(locale: Locale): string {
  return `layout-${locale}`;
}

/** Every answer that shows this station: its page in each locale, the locator lists that name it. */
export function stationKey(stationId: string): string {
  return `station-${stationId.replace(UNSAFE, '_')}`;
}

/** Pages that list the locale's articles (articleList blocks): any article change purges them. */
export function articlesKey(locale: Locale): string {
  return `articles-${locale}`;
}

/** The locale's sitemap (pages and station pages, with their dates). */
export function sitemapKey(locale: Locale): string {
  return `sitemap-${locale}`;
}

/** Whether a string is a list of keys a purge may name (the origin refuses anything else). */
export function isKeyList(value: string): boolean {
  return /^[A-Za-z0-9_-]+( [A-Za-z0-9_-]+)*$/.test(value);
}
