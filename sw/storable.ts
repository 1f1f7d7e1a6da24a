/** What the worker may keep (pure, so that it is unit-tested without a worker). */

/**
 * Whether a document answer may be kept for offline use: a complete 200 HTML page that
 * its sender allows to be stored (preview pages say no-store). Redirects (opaque for
 * navigations) and error pages are never kept.
 */
export function isStorablePage(response: Response): boolean {
  return isStorable(response) && (response.headers.get('content-type') ?? '').startsWith('text/html');
}

/**
 * A complete answer its sender allows to be stored: preview views and personal data are
 * `no-store` and stay out of every cache. `private` alone only keeps shared caches out
 * (a page asked for with a session, or one that set the locale cookie): the visitor's own
 * worker may keep it (docs/decisions/011-edge-cache.md).
 */
export function isStorable(response: Response): boolean {
  return response.status === 200 && !/no-store/.test(response.headers.get('cache-control') ?? '');
}
