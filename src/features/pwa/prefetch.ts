/**
 * Payload prefetch (spec §4, §9): 1000 ms after the page has loaded, the payloads of the
 * internal links in view are fetched, at most 4 at a time, so that following one of them
 * shows the page at once (the service worker keeps the payloads, sw/strategies.ts). Links
 * that come into view later (scrolling, a new page after client navigation, blocks that
 * load late) are picked up within 100 ms of the change ("route-change delay up to 100 ms").
 *
 * How much depends on the connection (navigator.connection, where the browser has it;
 * #shared/connection-budget): nothing on Save-Data, 2g or a slow link by its measured
 * round trip and bandwidth, a few one at a time on a moderate link, all links in view on
 * a fast one. A prefetch starts only while none of the page's own requests is on its way
 * (#shared/api/essential-requests). Each payload is prefetched at most once per session (a tab, or one start of
 * the installed app): landing on the front page again does not fetch the same payloads
 * again. Only when a service worker controls the page: without one the payloads
 * (`cache-control: no-cache`) would be fetched twice.
 */
import { whenEssentialRequestsAnswered } from '#shared/api/essential-requests';
import { connectionBudget, type ConnectionBudget, type ConnectionInfo } from '#shared/connection-budget';
import { payloadUrl } from '#shared/payload';
import { LOCALES, LOCALE_INFO } from '#shared/locales';
import { warmPayload } from './api/warm-payload';
import { MAX_CONCURRENT_PREFETCHES, PREFETCH_DELAY_MS, ROUTE_CHANGE_DELAY_MS } from '#shared/rules/limits';

/** On a moderate link ('light' budget): this many prefetches per page, one at a time. */
export const LIGHT_PREFETCH_LIMIT = 2;

/** Whether the connection allows prefetch and background syncs at all (budget not 'none'). */
export function connectionAllowsPrefetch(connection: ConnectionInfo | undefined): boolean {
  return connectionBudget(connection) !== 'none';
}

/** How many prefetches may run at once, and how many in all per page, on a budget. */
export function prefetchLimits(budget: ConnectionBudget): { concurrent: number; total: number } {
  if (budget === 'none') return { concurrent: 0, total: 0 };
  if (budget === 'light') return { concurrent: 1, total: LIGHT_PREFETCH_LIMIT };
  return { concurrent: MAX_CONCURRENT_PREFETCHES, total: Number.POSITIVE_INFINITY };
}

const SESSION_KEY = 'st1.prefetched';
/** Enough for every page of a long visit; the oldest are forgotten beyond it. */
const SESSION_MEMORY_SIZE = 300;

/**
 * The payloads prefetched in this session (sessionStorage: per tab, gone when it closes).
 * Without storage (private modes that refuse it) each document remembers its own.
 */
export function createPrefetchMemory(storage: Pick<Storage, 'getItem' | 'setItem'> | undefined) {
  let local: string[] = [];
  const read = (): string[] => {
    try {
      const parsed = JSON.parse(storage?.getItem(SESSION_KEY) ?? '[]') as unknown;
      return Array.isArray(parsed) ? parsed.filter((entry): entry is string => typeof entry === 'string') : [];
    } catch {
      return local;
    }
  };
  return {
    has: (url: string) => read().includes(url) || local.includes(url),
    remember(url: string) {
      local = [...read().filter((entry) => entry !== url), url].slice(-SESSION_MEMORY_SIZE);
      try {
        storage?.setItem(SESSION_KEY, JSON.stringify(local));
      } catch {
        // Storage full or refused: this document still remembers it.
      }
    },
  };
}

const OTHER_PREFIXES = LOCALES.map((locale) => LOCALE_INFO[locale].prefix.toLowerCase()).filter(Boolean);
const NOT_PAGES = /^\/(?:images|proxy|api|builds|icons|assets|manifests)(?:\/|$)|\.[a-z0-9]{2,5}$/i;

export interface LinkContext {
  /** The document's URL. */
  here: URL;
  /** Router basename ("/preview" and/or the locale prefix, "" for fi-FI). */
  basename: string;
}

/**
 * The payload URL to prefetch for a link, or null when the link is not a page of this
 * document's router: another origin or locale, a file, the page itself, a preview page
 * from a public one (or the other way round), a download or a new window.
 */
export function payloadToPrefetch(
  link: { href: string; target?: string; download?: boolean },
  context: LinkContext,
): string | null {
  if (link.download || (link.target && link.target !== '_self')) return null;
  let url: URL;
  try {
    url = new URL(link.href, context.here);
  } catch {
    return null;
  }
  if (url.origin !== context.here.origin || !/^https?:$/.test(url.protocol)) return null;
  const path = url.pathname;
  if (path === context.here.pathname) return null;
  const { basename } = context;
  if (basename) {
    if (path !== basename && !path.startsWith(`${basename}/`)) return null;
  } else {
    const first = `/${path.split('/')[1] ?? ''}`.toLowerCase();
    if (first === '/preview' || OTHER_PREFIXES.includes(first)) return null;
  }
  const local = basename ? path.slice(basename.length) || '/' : path;
  if (NOT_PAGES.test(local) || (!basename.startsWith('/preview') && /^\/preview(?:\/|$)/.test(local))) return null;
  return payloadUrl(path);
}

/** Runs tasks with at most `limit` of them at once (asked again as it changes), each key only once. */
export function createQueue(limit: number | (() => number), run: (key: string) => Promise<void>) {
  const currentLimit = typeof limit === 'number' ? () => limit : limit;
  const seen = new Set<string>();
  const waiting: string[] = [];
  let active = 0;
  const pump = () => {
    while (active < currentLimit() && waiting.length > 0) {
      const key = waiting.shift()!;
      active++;
      void run(key)
        .catch(() => undefined)
        .finally(() => {
          active--;
          pump();
        });
    }
  };
  return {
    add(key: string) {
      if (seen.has(key)) return;
      seen.add(key);
      waiting.push(key);
      pump();
    },
    get active() {
      return active;
    },
  };
}

function pageLoaded(): Promise<void> {
  if (document.readyState === 'complete') return Promise.resolve();
  return new Promise((resolve) => window.addEventListener('load', () => resolve(), { once: true }));
}

/** Time since the load event started; 0 when the browser cannot say. */
function msSinceLoad(): number {
  const navigation = performance.getEntriesByType?.('navigation')[0] as PerformanceNavigationTiming | undefined;
  return navigation && navigation.loadEventStart > 0 ? performance.now() - navigation.loadEventStart : 0;
}

function connection(): ConnectionInfo | undefined {
  return (navigator as Navigator & { connection?: ConnectionInfo }).connection;
}

function sessionStore(): Storage | undefined {
  try {
    return window.sessionStorage;
  } catch {
    return undefined;
  }
}

/** The rule of connectionAllowsPrefetch for this browser's connection at this moment. */
export function prefetchAllowedNow(): boolean {
  return connectionAllowsPrefetch(connection());
}

/**
 * Starts prefetching for this document; returns a function that stops it. Does nothing
 * on a slow or metered connection (checked again before each prefetch: it can change).
 */
export function startPrefetching(basename: string): () => void {
  let stopped = false;
  let started = 0;
  const cleanups: Array<() => void> = [];
  const memory = createPrefetchMemory(sessionStore());
  const limits = () => prefetchLimits(connectionBudget(connection()));
  const queue = createQueue(
    () => Math.max(1, limits().concurrent),
    async (url) => {
      // The connection can change while links wait: asked again before each fetch.
      if (stopped || memory.has(url) || started >= limits().total) return;
      // The page's own requests first: on a link that holds answers back, prefetches would
      // take the connections that the cart's or the session's check needs.
      await whenEssentialRequestsAnswered();
      if (stopped || started >= limits().total) return;
      started++;
      await warmPayload(url);
      memory.remember(url);
    },
  );

  const start = () => {
    if (stopped || !connectionAllowsPrefetch(connection()) || !('IntersectionObserver' in window)) return;
    const observed = new WeakSet<Element>();
    const visible = new IntersectionObserver((entries) => {
      for (const entry of entries) {
        if (!entry.isIntersecting) continue;
        visible.unobserve(entry.target);
        const anchor = entry.target as HTMLAnchorElement;
        const url = payloadToPrefetch(
          { href: anchor.href, target: anchor.target, download: anchor.hasAttribute('download') },
          { here: new URL(window.location.href), basename },
        );
        if (url) queue.add(url);
      }
    });
    const scan = () => {
      for (const anchor of document.querySelectorAll('a[href]')) {
        if (observed.has(anchor)) continue;
        observed.add(anchor);
        visible.observe(anchor);
      }
    };
    let timer: number | undefined;
    const changes = new MutationObserver(() => {
      if (timer === undefined) {
        timer = window.setTimeout(() => {
          timer = undefined;
          scan();
        }, ROUTE_CHANGE_DELAY_MS);
      }
    });
    changes.observe(document.body, { childList: true, subtree: true });
    scan();
    cleanups.push(() => {
      visible.disconnect();
      changes.disconnect();
      window.clearTimeout(timer);
    });
  };

  void (async () => {
    await pageLoaded();
    // Counted from the load event, not from when this code ran (it loads after hydration).
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, PREFETCH_DELAY_MS - msSinceLoad())));
    if (!navigator.serviceWorker) return;
    // A first visit: the worker takes control once it has installed (sw/sw.ts clientsClaim).
    if (!navigator.serviceWorker.controller) {
      await new Promise((resolve) =>
        navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true }),
      );
    }
    start();
  })();

  return () => {
    stopped = true;
    for (const cleanup of cleanups) cleanup();
  };
}
