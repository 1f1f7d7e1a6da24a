/// <reference lib="webworker" />
/**
 * The precache entries outside the app shell (./precache-plan.ts), in a cache of their
 * own: filled at install on a normal connection, exactly like workbox's precache, but on
 * Save-Data, 2g or a slow link only as pages use them (cache first: the files are hashed
 * and never change). Bounded by the build's list, not by a count: activation deletes
 * every file the current build no longer names. A file that could not be fetched at
 * install is fetched on use; nothing here can fail the worker's installation.
 */
import { registerRoute } from 'workbox-routing';
import { CACHES } from './cache-names';
import type { PlannedEntry } from './precache-plan';

declare const self: ServiceWorkerGlobalScope;

/** Files fetched at once while filling the cache at install. */
const FILL_CONCURRENCY = 4;

/** The cache key of an entry: its URL, with workbox's revision parameter when it has one. */
function cacheKeyOf(entry: PlannedEntry): string {
  const url = new URL(entry.url, self.location.href);
  if (entry.revision) url.searchParams.set('__WB_REVISION__', entry.revision);
  return url.href;
}

async function fetchInto(cache: Cache, request: Request | string, key: string): Promise<Response> {
  const response = await fetch(request, { credentials: 'same-origin' });
  if (response.ok && response.type === 'basic') await cache.put(key, response.clone());
  return response;
}

async function fill(keys: ReadonlyMap<string, string>): Promise<void> {
  const cache = await caches.open(CACHES.assets);
  const waiting = [...keys];
  const worker = async () => {
    for (let next = waiting.shift(); next; next = waiting.shift()) {
      const [url, key] = next;
      if (await cache.match(key)) continue;
      await fetchInto(cache, url, key).catch(() => undefined);
    }
  };
  await Promise.all(Array.from({ length: FILL_CONCURRENCY }, worker));
}

async function deleteOutdated(keys: ReadonlyMap<string, string>): Promise<void> {
  const cache = await caches.open(CACHES.assets);
  const current = new Set(keys.values());
  for (const request of await cache.keys()) {
    if (!current.has(request.url)) await cache.delete(request);
  }
}

/**
 * Serves these entries from their cache (fetching and keeping one on first use), fills
 * the cache at install unless `shellOnly()` says the connection is too slow for it.
 */
export function precacheOnUse(entries: readonly PlannedEntry[], options: { shellOnly: () => boolean }): void {
  const keys = new Map(entries.map((entry) => [new URL(entry.url, self.location.href).href, cacheKeyOf(entry)]));
  self.addEventListener('install', (event) => {
    if (!options.shellOnly()) event.waitUntil(fill(keys));
  });
  self.addEventListener('activate', (event) => event.waitUntil(deleteOutdated(keys)));
  registerRoute(
    ({ url, request }) => request.method === 'GET' && keys.has(url.origin + url.pathname),
    async ({ request, url }) => {
      const key = keys.get(url.origin + url.pathname)!;
      const cache = await caches.open(CACHES.assets);
      return (await cache.match(key)) ?? fetchInto(cache, request, key);
    },
  );
}
