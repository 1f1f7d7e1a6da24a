/**
 * The service worker (DESIGN §1). Thin on purpose: it registers the routes and
 * the life-cycle handlers; the strategies are in ./strategies.ts and the page talks to it
 * through src/features/pwa/sw-bridge.ts (messages in src/shared/service-worker-protocol.ts).
 *
 * Update policy (docs/pwa.md): a new worker installs in the background and waits; it never
 * skips waiting by itself. The page lets it take over when the visitor navigates, and that
 * navigation is a full page load, so no form on screen is ever reloaded under the visitor.
 * The cart lives in IndexedDB, which no worker touches.
 */
/// <reference lib="webworker" />
import { cacheNames, clientsClaim, setCacheNameDetails } from 'workbox-core';
import * as navigationPreload from 'workbox-navigation-preload';
import { cleanupOutdatedCaches, precacheAndRoute, type PrecacheEntry } from 'workbox-precaching';
import { registerRoute } from 'workbox-routing';
import { isLocale } from '#shared/locales';
import { HOST_LOCALE_PARAM, type PageToWorkerMessage } from '#shared/service-worker-protocol';
import type { ConnectionInfo } from '#shared/connection-budget';
import { CACHE_PREFIX, CACHE_VERSION, CACHES, isOutdatedCache } from './cache-names';
import { saveAppShells } from './app-shell';
import { precacheOnUse } from './precache-on-use';
import { installsShellOnly, splitPrecache, type PlannedEntry } from './precache-plan';
import { requestKind } from './request-kinds';
import { routableShellAssets, START_PAGES_CACHE } from './start-page-rules';
import { refreshStartPage, routeStartPagesWithoutWorker } from './start-page-routes';
import { imageStrategy, pageStrategy, payloadStrategy, refreshSavedPages, savePagesForOffline } from './strategies';

declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: Array<PlannedEntry | string>;
  navigator: WorkerNavigator & { connection?: ConnectionInfo };
};

const hostLocaleParam = new URL(self.location.href).searchParams.get(HOST_LOCALE_PARAM);
const hostLocale = isLocale(hostLocaleParam) ? hostLocaleParam : undefined;

setCacheNameDetails({ prefix: CACHE_PREFIX, suffix: CACHE_VERSION });
// Never server-rendered HTML (vite.config.ts lists what goes in and marks the app shell).
const precache = splitPrecache(self.__WB_MANIFEST);
// The app shell: the template's scripts and stylesheet, the message catalogs, icons, the
// offline page's stylesheet. Always at install.
precacheAndRoute(precache.shell as PrecacheEntry[]);
cleanupOutdatedCaches();
// The rest at install too, except on Save-Data, 2g or a slow link: then as pages use it.
precacheOnUse(precache.onUse, { shellOnly: () => installsShellOnly(self.navigator.connection) });
// The page request starts while the worker boots, so network-first costs no extra wait.
navigationPreload.enable();
// Where the browser can, the start pages and the shell's files they need come from the
// cache without booting the worker (./start-page-routes.ts).
routeStartPagesWithoutWorker(hostLocale, {
  assets: routableShellAssets(precache.shell),
  cacheName: cacheNames.precache,
});

const origin = self.location.origin;
registerRoute(({ request }) => requestKind(request, origin) === 'page', pageStrategy(hostLocale));
registerRoute(({ request }) => requestKind(request, origin) === 'payload', payloadStrategy());
registerRoute(({ request }) => requestKind(request, origin) === 'image', imageStrategy());

// The first worker controls the page it was installed from, so that page is saved and
// works offline after the first load. Later workers wait (see the update policy above).
clientsClaim();

self.addEventListener('activate', (event) => {
  const current = [cacheNames.precache, ...Object.values(CACHES), START_PAGES_CACHE];
  event.waitUntil(
    (async () => {
      const names = await caches.keys();
      await Promise.all(names.filter((name) => isOutdatedCache(name, current)).map((name) => caches.delete(name)));
    })(),
  );
  // Outside waitUntil: page requests wait for activation, and must not wait for this.
  // The first worker finds no saved pages; a later one refreshes what its predecessor saved.
  void refreshSavedPages();
  void saveAppShells(hostLocale, { refresh: true });
});

function isMessage(data: unknown): data is PageToWorkerMessage {
  if (typeof data !== 'object' || data === null) return false;
  const message = data as { type?: unknown; urls?: unknown; url?: unknown };
  if (message.type === 'SKIP_WAITING') return true;
  if (message.type === 'REFRESH_START_PAGE') return typeof message.url === 'string' && message.url.length < 2048;
  return (
    message.type === 'CACHE_PAGES' &&
    Array.isArray(message.urls) &&
    message.urls.length <= 10 &&
    message.urls.every((url) => typeof url === 'string' && url.length < 2048)
  );
}

self.addEventListener('message', (event) => {
  if (!isMessage(event.data)) return;
  switch (event.data.type) {
    case 'SKIP_WAITING':
      void self.skipWaiting();
      break;
    case 'CACHE_PAGES':
      event.waitUntil(
        Promise.all([savePagesForOffline(event.data.urls), saveAppShells(hostLocale, { refresh: false })]),
      );
      break;
    case 'REFRESH_START_PAGE':
      event.waitUntil(refreshStartPage(event.data.url));
      break;
  }
});
