/**
 * The site server's render cache of anonymous pages (docs/operations.md "A cache in front").
 * A render is kept for a random 75–100 % of RENDER_CACHE_TTL_MS (60 s: a station's "open
 * now" is computed when the page is rendered) or until the page changes, whichever comes first: every second the
 * cache reads the origin's log of page changes (`GET /cms-view/v1/page-changes`) and drops
 * the renders that name one of the changed surrogate keys, as a shared cache drops its
 * copies on a purge. While the log cannot be read (an origin without it, or down), a render
 * is kept for UNCONFIRMED_TTL_MS only, as the short micro-cache it was before.
 *
 * A render whose build began before a change it shows came in is not kept (`set` checks the
 * change number seen when the build began): its payload may be from before the change.
 */
import { LRUCache } from 'lru-cache';
import type { FastifyBaseLogger } from 'fastify';
import type { PageChanges } from './origin-client';
import type { RenderedPage } from './page-documents';

/** How often the log of page changes is read. */
export const CHANGES_POLL_MS = 1000;
/** How long a render is kept while the log of changes cannot be read. */
export const UNCONFIRMED_TTL_MS = 5000;
/** Without a good read for this long, the log counts as unreadable. */
const CONFIRMED_FOR_MS = 5 * CHANGES_POLL_MS;
/** Renders kept. */
const MAX_ENTRIES = 500;
/** Keys remembered with the number of their last change (for builds in flight). */
const MAX_REMEMBERED_KEYS = 20_000;

interface Entry {
  page: RenderedPage;
  keys: readonly string[];
  builtAt: number;
  /** This render's TTL: a random 75–100 % of RENDER_CACHE_TTL_MS (see `set`). */
  ttlMs: number;
}

export interface RenderCache {
  get(key: string): RenderedPage | undefined;
  /** The change number a build starts at: give it to `set`. */
  begin(): number;
  /** Keeps a render under its surrogate keys, unless one of them changed since `begun`. */
  set(key: string, page: RenderedPage, keys: readonly string[], begun: number): void;
  close(): void;
}

export interface RenderCacheDeps {
  ttlMs: number;
  readChanges(after: number): Promise<PageChanges>;
  log: Pick<FastifyBaseLogger, 'warn' | 'info'>;
  now?: () => number;
  random?: () => number;
}

export function createRenderCache(deps: RenderCacheDeps): RenderCache {
  const now = deps.now ?? Date.now;
  const random = deps.random ?? Math.random;
  // Ages are checked in `get` against `now` (one clock for the TTL and the log's reads).
  const entries = new LRUCache<string, Entry>({ max: MAX_ENTRIES });
  /** The newest change number read (-1: none yet), when it was read, and what changed when. */
  let seen = -1;
  let confirmedAt = Number.NEGATIVE_INFINITY;
  let everythingChangedAt = -1;
  const changedAt = new LRUCache<string, number>({ max: MAX_REMEMBERED_KEYS });
  let timer: ReturnType<typeof setTimeout> | undefined;
  let closed = false;
  let failing = false;

  function apply(changes: PageChanges): void {
    if (changes.keys === null) {
      // Too far behind (or just started): nothing kept can be known to be current.
      entries.clear();
      everythingChangedAt = changes.latest;
    } else if (changes.keys.length > 0) {
      const changed = new Set(changes.keys);
      for (const key of changed) changedAt.set(key, changes.latest);
      for (const [name, entry] of entries.entries())
        if (entry.keys.some((key) => changed.has(key))) entries.delete(name);
    }
    seen = Math.max(seen, changes.latest);
    confirmedAt = now();
  }

  async function poll(): Promise<void> {
    try {
      apply(await deps.readChanges(seen));
      if (failing) deps.log.info('render cache: the log of page changes is read again');
      failing = false;
    } catch (error) {
      if (!failing)
        deps.log.warn(
          { err: error },
          `render cache: the log of page changes cannot be read; renders are kept ${UNCONFIRMED_TTL_MS} ms`,
        );
      failing = true;
    }
    if (!closed) {
      timer = setTimeout(() => void poll(), CHANGES_POLL_MS);
      timer.unref();
    }
  }
  void poll();

  return {
    get(key) {
      const entry = entries.get(key);
      if (!entry) return undefined;
      const age = now() - entry.builtAt;
      const confirmed = now() - confirmedAt <= CONFIRMED_FOR_MS;
      if (age > entry.ttlMs || (!confirmed && age > UNCONFIRMED_TTL_MS)) {
        entries.delete(key);
        return undefined;
      }
      return entry.page;
    },
    begin: () => seen,
    set(key, page, keys, begun) {
      if (everythingChangedAt > begun) return;
      if (keys.some((name) => (changedAt.get(name) ?? -1) > begun)) return;
      // Renders made together (a start, a spike's first second) expire apart, as Varnish's
      // copies do (deploy/varnish/default.vcl): their renders again do not come as one burst.
      entries.set(key, { page, keys, builtAt: now(), ttlMs: deps.ttlMs * (0.75 + 0.25 * random()) });
    },
    close() {
      closed = true;
      clearTimeout(timer);
    },
  };
}
