/**
 * The app-shell documents (docs/pwa.md "Offline"): one per locale this worker serves
 * (the host's alone on a locale domain), kept in a cache of their own so that the page
 * cache's limits never evict them. For a page it has never saved the worker answers with
 * the shell of the address's locale; the app then builds the page on the device.
 */
import { appShellUrl } from '#shared/service-worker-protocol';
import { LOCALES, type Locale } from '#shared/locales';
import { CACHES } from './cache-names';
import { isStorablePage } from './storable';

function shellLocales(hostLocale: Locale | undefined): readonly Locale[] {
  return hostLocale ? [hostLocale] : LOCALES;
}

/**
 * Fetches the shells: all of them when `refresh` (a new worker: the old shells name the
 * previous build's scripts), else only those missing. Offline or a failing server leaves
 * what is stored.
 */
export async function saveAppShells(hostLocale: Locale | undefined, options: { refresh: boolean }): Promise<void> {
  const cache = await caches.open(CACHES.shell);
  await Promise.all(
    shellLocales(hostLocale).map(async (locale) => {
      const url = new URL(appShellUrl(locale), self.location.origin).href;
      if (!options.refresh && (await cache.match(url))) return;
      try {
        const response = await fetch(url, { credentials: 'omit', redirect: 'manual' });
        if (isStorablePage(response)) await cache.put(url, response);
      } catch {
        // Offline: kept for the next try.
      }
    }),
  );
}

/** The stored shell of a locale, if any. */
export async function appShellResponse(locale: Locale): Promise<Response | undefined> {
  const cache = await caches.open(CACHES.shell);
  return cache.match(new URL(appShellUrl(locale), self.location.origin).href);
}
