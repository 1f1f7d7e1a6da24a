/**
 * The caching strategies, one named function each (DESIGN §1):
 * - pages, by how fresh they must be (./page-freshness.ts): the start page and the station
 *   locator from the saved copy at once, refreshed behind it (stale-while-revalidate), so
 *   that the installed app starts as fast on a connection that hangs as offline; every
 *   other page network first (with navigation preload), the saved copy after a short wait;
 *   a page that must be fresh (cart, checkout, account) says so when its saved copy is
 *   shown. Without a saved copy: the app shell, else the offline page in the address's
 *   language;
 * - payloads: stale-while-revalidate, so that a client navigation to a page seen or
 *   prefetched before shows at once and is refreshed behind it;
 * - images: cache first with a size and age limit (their URLs carry every parameter and
 *   the site server sends them as immutable).
 * The app's JavaScript, CSS, message catalogs and icons are in the precache (sw/sw.ts).
 */
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import type { RouteHandlerCallbackOptions, RouteHandlerObject, WorkboxPlugin } from 'workbox-core/types';
import { CacheFirst, NetworkFirst, StaleWhileRevalidate, type Strategy } from 'workbox-strategies';
import type { Locale } from '#shared/locales';
import { payloadUrl } from '#shared/payload';
import { CACHES } from './cache-names';
import { appShellResponse } from './app-shell';
import { expirationPlugin, putWithExpiration } from './cache-expiration';
import { localeOfAddress, offlinePageHtml, offlinePageResponse, savedStartPages } from './offline-page';
import { offlineTexts, savedCopyTexts } from './offline-texts';
import { pageFreshness } from './page-freshness';
import { savedCopyNoticeHtml, savedCopyResponse } from './saved-copy-notice';
import { isStorable, isStorablePage } from './storable';

/**
 * A page whose network answer takes longer than this is answered from the device: the
 * saved copy when there is one, else the app shell (the app builds the page or says it
 * needs a connection), else the offline page. For every page and every strategy, saved or
 * not (issue 31: a page never saved used to wait for the network however long it took).
 * Short, as Workbox advises: on a connection that hangs (lie-fi) every second of it is a
 * blank screen, and the app must have painted within 3 s (docs/pwa.md "Pages"); the
 * answer still arriving later is saved for the next visit.
 */
export const NAVIGATION_TIMEOUT_S = 2;

const storablePagesOnly: WorkboxPlugin = {
  cacheWillUpdate: async ({ response }) => (isStorablePage(response) ? response : null),
};

const storableOnly: WorkboxPlugin = {
  cacheWillUpdate: async ({ response }) => (isStorable(response) ? response : null),
};

/** The saved copy of a page that must be fresh, with the notice that it is one. */
function markedSavedCopy(request: Request, saved: Response, hostLocale: Locale | undefined): Promise<Response> {
  const url = new URL(request.url);
  const { locale } = localeOfAddress(url, hostLocale);
  return savedCopyResponse(saved, savedCopyNoticeHtml(`${url.pathname}${url.search}`, locale, savedCopyTexts(locale)));
}

/**
 * What the device has for a page the network did not give: its saved copy (this very
 * address, else the same page under another query string: ?service=MAIN … beats the
 * offline page), else the app shell of the address's locale (the app puts the page
 * together on the device: a station page from stored data, else the offline notice in the
 * normal layout), else the plain offline page as the last resort.
 */
async function deviceAnswer(
  request: Request,
  hostLocale: Locale | undefined,
  options: { markSavedCopy: boolean },
): Promise<Response> {
  const saved =
    (await caches.match(request, { cacheName: CACHES.pages, ignoreVary: true })) ??
    (await caches.match(request, { cacheName: CACHES.pages, ignoreSearch: true, ignoreVary: true }));
  if (saved) return options.markSavedCopy ? markedSavedCopy(request, saved, hostLocale) : saved;
  const url = new URL(request.url);
  const { locale, domainMode } = localeOfAddress(url, hostLocale);
  const shell = await appShellResponse(locale);
  if (shell) return shell;
  return offlinePageResponse(
    offlinePageHtml(url, locale, domainMode, offlineTexts(locale), await savedStartPages(hostLocale)),
  );
}

function offlineFallback(hostLocale: Locale | undefined, options: { markSavedCopy: boolean }): WorkboxPlugin {
  return { handlerDidError: ({ request }) => deviceAnswer(request, hostLocale, options) };
}

/**
 * A strategy with a deadline: whatever it has not answered within NAVIGATION_TIMEOUT_S
 * is answered from the device (deviceAnswer). The strategy goes on behind it (its
 * handler keeps the worker alive until its work is done), so the late answer is saved.
 */
function withDeadline(
  strategy: Strategy,
  hostLocale: Locale | undefined,
  options: { markSavedCopy: boolean },
): (handlerOptions: RouteHandlerCallbackOptions) => Promise<Response> {
  return async (handlerOptions) => {
    const answer = strategy.handle(handlerOptions);
    let timer: ReturnType<typeof setTimeout> | undefined;
    const deadline = new Promise<'late'>((resolve) => {
      timer = setTimeout(() => resolve('late'), NAVIGATION_TIMEOUT_S * 1000);
    });
    try {
      const first = await Promise.race([answer, deadline]);
      if (first !== 'late') return first;
    } finally {
      clearTimeout(timer);
    }
    // Answered from the device; a late failure of the network is nobody's concern now.
    answer.catch(() => undefined);
    const request =
      handlerOptions.request instanceof Request ? handlerOptions.request : new Request(handlerOptions.request);
    return deviceAnswer(request, hostLocale, options);
  };
}

/** Marks every saved copy the strategy answers with (after its timeout or a network error). */
function savedCopyNotice(hostLocale: Locale | undefined): WorkboxPlugin {
  return {
    cachedResponseWillBeUsed: async ({ request, cachedResponse }) =>
      cachedResponse ? markedSavedCopy(request, cachedResponse, hostLocale) : cachedResponse,
  };
}

// The root varies by Cookie and Accept-Language (first-visit locale detection); the saved
// copy is the page this browser was given, whatever the stored request said.
const PAGE_MATCH_OPTIONS: CacheQueryOptions = { ignoreVary: true };

function networkFirstPages(hostLocale: Locale | undefined, options: { markSavedCopy: boolean }): NetworkFirst {
  return new NetworkFirst({
    cacheName: CACHES.pages,
    // No timeout of its own: withDeadline answers a late page from the device.
    matchOptions: PAGE_MATCH_OPTIONS,
    plugins: [
      storablePagesOnly,
      expirationPlugin('pages'),
      ...(options.markSavedCopy ? [savedCopyNotice(hostLocale)] : []),
      offlineFallback(hostLocale, options),
    ],
  });
}

function savedFirstPages(hostLocale: Locale | undefined): StaleWhileRevalidate {
  return new StaleWhileRevalidate({
    cacheName: CACHES.pages,
    matchOptions: PAGE_MATCH_OPTIONS,
    plugins: [storablePagesOnly, expirationPlugin('pages'), offlineFallback(hostLocale, { markSavedCopy: false })],
  });
}

/** Pages: each by how fresh it must be (./page-freshness.ts). */
export function pageStrategy(hostLocale: Locale | undefined): RouteHandlerObject {
  const freshness = pageFreshness(hostLocale);
  const strategies = {
    'saved-first': withDeadline(savedFirstPages(hostLocale), hostLocale, { markSavedCopy: false }),
    'fresh-required': withDeadline(networkFirstPages(hostLocale, { markSavedCopy: true }), hostLocale, {
      markSavedCopy: true,
    }),
    'network-first': withDeadline(networkFirstPages(hostLocale, { markSavedCopy: false }), hostLocale, {
      markSavedCopy: false,
    }),
  };
  return { handle: (options) => strategies[freshness(options.url)](options) };
}

export function payloadStrategy(): StaleWhileRevalidate {
  return new StaleWhileRevalidate({
    cacheName: CACHES.payloads,
    plugins: [storableOnly, expirationPlugin('payloads')],
  });
}

/** A light grey box: what an image never seen shows offline, instead of a broken-image icon. */
export const OFFLINE_IMAGE_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 9" preserveAspectRatio="none"><rect width="16" height="9" fill="#f4f4f5"/></svg>';

/**
 * Offline, an image URL not in the cache may still have a saved variant (the same image at
 * another width or density: only the query differs); else the grey box.
 */
const imageOfflineFallback: WorkboxPlugin = {
  handlerDidError: async ({ request }) =>
    (await caches.match(request, { cacheName: CACHES.images, ignoreSearch: true, ignoreVary: true })) ??
    new Response(OFFLINE_IMAGE_SVG, {
      status: 200,
      headers: { 'content-type': 'image/svg+xml', 'cache-control': 'no-store' },
    }),
};

export function imageStrategy(): CacheFirst {
  return new CacheFirst({
    cacheName: CACHES.images,
    plugins: [new CacheableResponsePlugin({ statuses: [200] }), expirationPlugin('images'), imageOfflineFallback],
  });
}

export type StrategyHandler = (options: RouteHandlerCallbackOptions) => Promise<Response>;

/**
 * Saves pages (and their payloads) for offline use without showing them: the landing
 * page and the station locator of the visitor's locale, and the page the worker was
 * installed on, which it did not control yet. Pages already saved are left as they are.
 */
export async function savePagesForOffline(urls: readonly string[]): Promise<void> {
  const pages = await caches.open(CACHES.pages);
  const payloads = await caches.open(CACHES.payloads);
  await Promise.all(
    urls.map(async (href) => {
      const url = new URL(href, self.location.origin);
      if (url.origin !== self.location.origin) return;
      try {
        if (!(await pages.match(url.href, { ignoreVary: true }))) {
          // A redirect (first-visit locale detection on "/") is not the page: never saved.
          const page = await fetch(url.href, { credentials: 'same-origin', redirect: 'manual' });
          if (isStorablePage(page)) await putWithExpiration('pages', url.href, page);
        }
        const payloadHref = new URL(payloadUrl(url.pathname), url).href;
        if (!(await payloads.match(payloadHref))) {
          const payload = await fetch(payloadHref, { credentials: 'same-origin' });
          if (isStorable(payload)) await putWithExpiration('payloads', payloadHref, payload);
        }
      } catch {
        // Offline or the server is away: the page is saved the next time it is seen.
      }
    }),
  );
}

/**
 * After an update, saved pages still name the previous build's scripts, which the new
 * precache no longer holds. Fetching them again (online, in the background) keeps them
 * working offline; a page that cannot be fetched keeps its old copy, which still shows
 * its server-rendered content.
 */
export async function refreshSavedPages(): Promise<void> {
  const pages = await caches.open(CACHES.pages);
  for (const request of await pages.keys()) {
    try {
      const fresh = await fetch(request.url, { credentials: 'same-origin', redirect: 'manual' });
      if (isStorablePage(fresh)) await putWithExpiration('pages', request.url, fresh);
    } catch {
      return; // Offline: try again at the next update.
    }
  }
}
