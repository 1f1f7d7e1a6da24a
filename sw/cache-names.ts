/**
 * Cache names carry a version: bump CACHE_VERSION when what a cache holds changes shape,
 * and the next worker's activation deletes the old caches (sw/sw.ts). The precache is
 * versioned by workbox itself (one revision per file, from the build).
 */
export const CACHE_PREFIX = 'st1';
export const CACHE_VERSION = 'v1';

export const CACHES = {
  /** Server-rendered documents of pages the visitor has seen (network first). */
  pages: `${CACHE_PREFIX}-pages-${CACHE_VERSION}`,
  /** `{path}/_payload.json` answers (stale-while-revalidate). */
  payloads: `${CACHE_PREFIX}-payloads-${CACHE_VERSION}`,
  /** Images from /images/* and the app's own image files (cache first, size and age limit). */
  images: `${CACHE_PREFIX}-images-${CACHE_VERSION}`,
  /** The app-shell document of each locale (./app-shell.ts), answered for pages never saved. */
  shell: `${CACHE_PREFIX}-shell-${CACHE_VERSION}`,
  /**
   * The build's files outside the app shell (sw/precache-on-use.ts): filled at install on
   * a normal connection, only on use on Save-Data or a slow one.
   */
  assets: `${CACHE_PREFIX}-assets-${CACHE_VERSION}`,
} as const;

/** Whether a cache belongs to this app but to no cache the current worker uses. */
export function isOutdatedCache(name: string, current: readonly string[]): boolean {
  return name.startsWith(`${CACHE_PREFIX}-`) && !current.includes(name);
}
