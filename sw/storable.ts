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
 * A complete answer its sender allows to be stored: pages and payloads of signed-in or
 * preview views are `private, no-store` and stay out of every cache.
 */
export function isStorable(response: Response): boolean {
  return response.status === 200 && !/no-store|private/.test(response.headers.get('cache-control') ?? '');
}
