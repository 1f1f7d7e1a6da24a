/**
 * One expiration per runtime cache, whoever writes to it. The strategies write through
 * workbox's ExpirationPlugin; the worker's own writes (saving pages for offline use, the
 * refresh after an update) go through putWithExpiration, so a visitor who reaches 75
 * pages by client navigation still keeps at most 60 (LIMITS in ./strategies.ts). Both
 * keep their timestamps in the same IndexedDB store of workbox-expiration, keyed by the
 * cache name, so they agree on which entries are the oldest.
 */
import { CacheExpiration } from 'workbox-expiration';
import { ExpirationPlugin } from 'workbox-expiration';
import { CACHES } from './cache-names';

/** The caps of the runtime caches (docs/pwa.md "Caching"). */
export const LIMITS = {
  pages: { maxEntries: 60 },
  payloads: { maxEntries: 150, maxAgeSeconds: 24 * 60 * 60 },
  images: { maxEntries: 200, maxAgeSeconds: 30 * 24 * 60 * 60 },
} as const;

type LimitedCache = keyof typeof LIMITS;

/** The plugin the strategy writing to this cache uses. */
export function expirationPlugin(kind: LimitedCache): ExpirationPlugin {
  return new ExpirationPlugin({ ...LIMITS[kind], purgeOnQuotaError: true });
}

const expirations = new Map<LimitedCache, CacheExpiration>();

function expirationOf(kind: LimitedCache): CacheExpiration {
  let expiration = expirations.get(kind);
  if (!expiration) {
    expiration = new CacheExpiration(CACHES[kind], LIMITS[kind]);
    expirations.set(kind, expiration);
  }
  return expiration;
}

/**
 * Puts an answer into a runtime cache and applies that cache's caps: the entry counts as
 * the newest, and the oldest beyond the limits are deleted.
 */
export async function putWithExpiration(kind: LimitedCache, url: string, response: Response): Promise<void> {
  const cache = await caches.open(CACHES[kind]);
  await cache.put(url, response);
  const expiration = expirationOf(kind);
  await expiration.updateTimestamp(url);
  await expiration.expireEntries();
}
