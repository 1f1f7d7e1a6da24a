/**
 * Static routing for the start pages (issue 31 item 2, docs/pwa.md "Starting without the
 * worker"). An installed app opens on the landing page or the station locator, and on a
 * cold start the browser first has to boot this worker before the worker can answer the
 * page from its cache. Chromium's Service Worker Static Routing API
 * (`InstallEvent.addRoutes`, Chromium 123+) lets the browser answer such a navigation from
 * a named cache without starting the worker at all.
 *
 * A static route has no fallback of its own: a page missing from its cache goes to the
 * network, so offline it would be the browser's error page, not the app shell or the
 * offline page. So a page is routed only once it is in the route's cache, which only this
 * worker writes (never evicted; replaced whole), and only at its plain address (`?view=map`
 * and other queries stay with the worker, which knows what to do with them). Everything
 * else, and every browser without the API, keeps the worker's saved-first strategy
 * (./strategies.ts).
 *
 * The browser serves a routed page without the worker, so the worker cannot refresh it
 * behind the answer (stale-while-revalidate). The page does that instead: a page the
 * static route answered asks the worker for a fresh copy once it has loaded
 * (src/features/pwa/sw-bridge.ts, `REFRESH_START_PAGE`).
 */
/// <reference lib="webworker" />
import { isLocale, type Locale } from '#shared/locales';
import { putWithExpiration } from './cache-expiration';
import { localeOfAddress } from './offline-page';
import {
  routablePages,
  shellAssetsRule,
  START_PAGES_CACHE,
  START_PAGES_PREFIX,
  startPageRule,
  type StaticRouteRule,
} from './start-page-rules';
import { isStorablePage } from './storable';

declare const self: ServiceWorkerGlobalScope;

type InstallEventWithRoutes = ExtendableEvent & { addRoutes?: (rules: StaticRouteRule[]) => Promise<void> };

/**
 * The pages to route at this install: the start pages of the locale of every window this
 * worker is being installed from (the visitor's locale), and those the previous build
 * routed (an update installs with no page of the locale open, or none at all).
 */
async function pagesToRoute(hostLocale: Locale | undefined): Promise<string[]> {
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const paths = new Set<string>();
  for (const client of windows) {
    const url = new URL(client.url);
    if (url.origin !== self.location.origin) continue;
    const { locale, domainMode } = localeOfAddress(url, hostLocale);
    if (isLocale(locale)) for (const path of routablePages(locale, domainMode, hostLocale)) paths.add(path);
  }
  for (const name of await caches.keys()) {
    if (!name.startsWith(START_PAGES_PREFIX) || name === START_PAGES_CACHE) continue;
    for (const request of await (await caches.open(name)).keys()) paths.add(new URL(request.url).pathname);
  }
  return [...paths];
}

/**
 * The page as the route's cache keeps it: without `Vary`. The landing page varies by
 * Cookie and Accept-Language (first-visit locale detection), and the browser's lookup for
 * a static route honours Vary, so a copy stored from the worker's own request would never
 * match the visitor's navigation. The copy is the page this browser was given, as the
 * worker's own strategy treats it (`ignoreVary`).
 */
async function withoutVary(response: Response): Promise<Response> {
  const headers = new Headers(response.headers);
  headers.delete('vary');
  return new Response(await response.blob(), { status: response.status, statusText: response.statusText, headers });
}

/**
 * Fetches a page and stores it for its route and for the worker's own strategy. False when
 * the network or the server did not give a page that may be kept (a redirect, an error).
 */
async function storeStartPage(path: string): Promise<boolean> {
  const href = new URL(path, self.location.origin).href;
  try {
    const response = await fetch(href, { credentials: 'same-origin', redirect: 'manual', cache: 'no-cache' });
    if (!isStorablePage(response)) return false;
    const copy = await withoutVary(response);
    await putWithExpiration('pages', href, copy.clone());
    await (await caches.open(START_PAGES_CACHE)).put(href, copy);
    return true;
  } catch {
    return false;
  }
}

/**
 * At install (where the browser has static routing): stores the start pages, then routes
 * those it could store, and routes the app shell's hashed files to the precache, so that
 * a cold start's first paint waits for neither the worker's boot nor its fetch handler.
 * Nothing here can fail the installation: what is not routed keeps the worker's path.
 */
export function routeStartPagesWithoutWorker(
  hostLocale: Locale | undefined,
  shell: { assets: readonly string[]; cacheName: string },
): void {
  self.addEventListener('install', (event) => {
    const install = event as InstallEventWithRoutes;
    if (typeof install.addRoutes !== 'function') return;
    const addRoutes = install.addRoutes.bind(install);
    event.waitUntil(
      (async () => {
        try {
          const paths = await pagesToRoute(hostLocale);
          const stored = (
            await Promise.all(paths.map(async (path) => ((await storeStartPage(path)) ? path : null)))
          ).filter((path) => path !== null);
          if (stored.length > 0) await addRoutes(stored.map((path) => startPageRule(path)));
          // After the pages' rules: a browser that refuses this one keeps those.
          if (shell.assets.length > 0) await addRoutes([shellAssetsRule(shell.assets, shell.cacheName)]);
        } catch (error) {
          console.warn('Not every start page or file is routed without the worker', error);
        }
      })(),
    );
  });
}

/**
 * A page the static route answered asks for a fresh copy (the revalidation the worker's
 * own strategy does behind its answer). Only a page already routed is fetched: the
 * message cannot make the worker store anything else. Offline, the copy stays.
 */
export async function refreshStartPage(href: string): Promise<void> {
  const url = new URL(href, self.location.origin);
  if (url.origin !== self.location.origin) return;
  const cache = await caches.open(START_PAGES_CACHE);
  if (!(await cache.match(url.origin + url.pathname))) return;
  await storeStartPage(url.pathname);
}
