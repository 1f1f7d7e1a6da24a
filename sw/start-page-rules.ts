/**
 * The pure part of the start pages' static routes (./start-page-routes.ts): which pages,
 * which rules, which cache.
 */
import type { Locale } from '#shared/locales';
import { offlineStartPages } from '#shared/service-worker-protocol';
import { CACHE_PREFIX, CACHE_VERSION } from './cache-names';
import { pageFreshness } from './page-freshness';

export const START_PAGES_PREFIX = `${CACHE_PREFIX}-start-pages-${CACHE_VERSION}-`;

/**
 * The cache this build's routes read. A route names its cache once, at install, and the
 * previous worker's routes stay in force until this one activates: each build has its own
 * cache, so a new worker's copies (naming the new build's scripts) never reach pages the
 * old worker still serves. Activation deletes the old one (sw/sw.ts).
 */
export const START_PAGES_CACHE = `${START_PAGES_PREFIX}${__BUILD_ID__}`;

type UrlCondition = { urlPattern: { pathname: string; search: string } };
type PageCondition = UrlCondition & { requestMode: 'navigate'; requestMethod: 'GET' };

/** The part of a static routing rule this worker uses (the API's own types are not in TypeScript's lib yet). */
export interface StaticRouteRule<Condition = PageCondition | { or: UrlCondition[] }> {
  condition: Condition;
  source: { cacheName: string };
}

/** URLPattern's special characters, escaped so that a path matches only itself. */
function patternText(path: string): string {
  return path.replace(/[\\:*?+(){}]/g, (character) => `\\${character}`);
}

/** The rule that answers a navigation to exactly `path` (no query) from the start pages' cache. */
export function startPageRule(path: string, cacheName = START_PAGES_CACHE): StaticRouteRule<PageCondition> {
  return {
    condition: {
      urlPattern: { pathname: patternText(path), search: '' },
      requestMode: 'navigate',
      requestMethod: 'GET',
    },
    source: { cacheName },
  };
}

/** The start pages of a locale that may be answered without the worker: the saved-first ones (not the cart). */
export function routablePages(locale: Locale, domainMode: boolean, hostLocale: Locale | undefined): string[] {
  const freshness = pageFreshness(hostLocale);
  return offlineStartPages(locale, domainMode).filter(
    (href) => freshness(new URL(href, 'http://start.invalid')) === 'saved-first',
  );
}

/**
 * The app shell's own files that a start page needs before it paints (its stylesheets and
 * scripts): the hashed files under assets/ that the worker precaches at every install
 * (a file with a revision is stored under another key, and one fetched on use may be
 * missing, so neither is routed).
 */
export function routableShellAssets(shell: ReadonlyArray<{ url: string; revision: string | null }>): string[] {
  return shell
    .filter((entry) => entry.revision === null && entry.url.startsWith('assets/'))
    .map((entry) => `/${entry.url}`);
}

/** One rule for all of them: from the worker's precache, by exact path. */
export function shellAssetsRule(paths: readonly string[], cacheName: string): StaticRouteRule<{ or: UrlCondition[] }> {
  return {
    condition: { or: paths.map((path) => ({ urlPattern: { pathname: patternText(path), search: '' } })) },
    source: { cacheName },
  };
}
