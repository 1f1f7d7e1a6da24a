/**
 * What the page and the service worker (sw/) say to each other, and the few facts both
 * need. The page side is src/features/pwa/sw-bridge.ts; the worker side is sw/sw.ts.
 */
import { getHref, LOCALIZED_PATHS, type Locale } from './locales';
import { SHOP_PATHS } from './shop/shop-paths';

/** The worker's script URL; served with `cache-control: no-cache` (server/site/plugins/static-files.ts). */
export const SERVICE_WORKER_URL = '/sw.js';

/**
 * In domain mode (DESIGN §2) the locale comes from the host, which the worker cannot see
 * from a path: the page registers the worker with `?hostLocale=…` on such a host.
 */
export const HOST_LOCALE_PARAM = 'hostLocale';

export type PageToWorkerMessage =
  /** The page's decision that a waiting worker may take over now (see docs/pwa.md, update policy). */
  | { type: 'SKIP_WAITING' }
  /** Keep these document URLs (and their payloads) for offline use. */
  | { type: 'CACHE_PAGES'; urls: string[] }
  /**
   * This page was answered by a static route, without the worker (sw/start-page-routes.ts):
   * fetch a fresh copy of it for the next start.
   */
  | { type: 'REFRESH_START_PAGE'; url: string };

/**
 * The app-shell document of a locale (server/site/routes/app-shell.ts): header, footer and
 * the app's scripts around an empty page. The worker keeps one per locale and answers with
 * it for a page it has not saved, so that the app puts the page together on the device
 * (a station page from the stored list, else the offline notice in the normal layout).
 */
export const APP_SHELL_PATH = '/_app-shell';
export function appShellUrl(locale: Locale): string {
  return `${APP_SHELL_PATH}/${locale}`;
}

/**
 * The pages every locale keeps for offline use from the first visit on, besides the pages
 * the visitor sees: the landing page and the station locator (what a driver needs offline), and the cart, so
 * that both shortcuts of the installed app's manifest open offline. The order is relied
 * on: the offline page links the first two (sw/offline-page.ts).
 */
export function offlineStartPages(locale: Locale, domainMode: boolean): string[] {
  return [
    getHref(locale, '/', { domainMode }),
    getHref(locale, LOCALIZED_PATHS.stationLocator[locale], { domainMode }),
    getHref(locale, SHOP_PATHS.cart[locale], { domainMode }),
  ];
}

/**
 * The class of the notice the worker puts above a saved copy of a page that must be fresh
 * (sw/saved-copy-notice.ts); the page takes it away once it has fresh data of its own.
 */
export const SAVED_COPY_NOTICE_CLASS = 'saved-copy-notice';
