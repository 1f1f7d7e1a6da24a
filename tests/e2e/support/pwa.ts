/**
 * Helpers of the PWA specs (tests/e2e/pwa*.spec.ts): texts of the `app` catalog, waiting
 * for the service worker to control the page, and what it has saved.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, expect, type BrowserContext, type Page, type TestInfo } from '@playwright/test';
import { LOCALES, type Locale } from '#shared/locales';
import { repoRoot } from './content';
import { waitForHydration as waitForHydrationOf } from './page-helpers';
import { chromiumPath } from './chromium';

const catalogs = new Map<string, Map<string, string>>();

/** A message of a feature catalog (locales/{locale}/{catalog}.po). */
export function catalogMessage(locale: Locale, catalog: string, id: string): string {
  const key = `${locale}/${catalog}`;
  let entries = catalogs.get(key);
  if (!entries) {
    entries = new Map();
    const po = readFileSync(join(repoRoot, 'locales', locale, `${catalog}.po`), 'utf8');
    for (const match of po.matchAll(/^msgid "((?:[^"\\]|\\.)*)"\r?\nmsgstr "((?:[^"\\]|\\.)*)"/gm)) {
      entries.set(JSON.parse(`"${match[1]}"`) as string, JSON.parse(`"${match[2]}"`) as string);
    }
    catalogs.set(key, entries);
  }
  const text = entries.get(id);
  if (!text) throw new Error(`No message "${id}" in locales/${locale}/${catalog}.po`);
  return text;
}

export const appMessage = (locale: Locale, id: string) => catalogMessage(locale, 'app', id);

/** Resolves with the worker's script URL once a service worker controls the page. */
export async function waitForServiceWorkerControl(page: Page): Promise<string> {
  return page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller) {
      await new Promise((resolve) =>
        navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true }),
      );
    }
    return navigator.serviceWorker.controller!.scriptURL;
  });
}

/** The paths (with query) of the documents the worker has saved for offline use. */
export async function savedPages(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const names = (await caches.keys()).filter((name) => name.startsWith('st1-pages-'));
    const paths: string[] = [];
    for (const name of names) {
      for (const request of await (await caches.open(name)).keys()) {
        const url = new URL(request.url);
        paths.push(`${url.pathname}${url.search}`);
      }
    }
    return paths.sort();
  });
}

/** Makes navigator.connection report the given facts, from the first script of every page on. */
export async function fakeConnection(page: Page, connection: { saveData: boolean; effectiveType: string }) {
  await page.addInitScript((facts) => {
    const fake = { ...facts, downlink: 10, rtt: 50, addEventListener() {}, removeEventListener() {} };
    Object.defineProperty(Navigator.prototype, 'connection', { get: () => fake, configurable: true });
  }, connection);
}

/**
 * How many stations of a country this browser has stored (the stations feature's Dexie
 * database `st1-stations`, src/features/stations/station-db.ts); 0 before the first sync.
 */
export async function storedStationCount(page: Page, country: 'FI' | 'SE' | 'NO'): Promise<number> {
  return page.evaluate(async (wanted) => {
    // Opening a database that does not exist would create an empty one under Dexie's feet.
    if (!(await indexedDB.databases()).some((database) => database.name === 'st1-stations')) return 0;
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open('st1-stations');
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    try {
      if (!db.objectStoreNames.contains('stations')) return 0;
      return await new Promise<number>((resolve, reject) => {
        const request = db.transaction('stations').objectStore('stations').index('country').count(wanted);
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error);
      });
    } finally {
      db.close();
    }
  }, country);
}

/** A client navigation as the router makes it for a click on an internal link. */
export async function navigateInApp(page: Page, path: string): Promise<void> {
  await page.evaluate((target) => {
    window.history.pushState({}, '', target);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}

/** The locales whose app-shell document the worker keeps (sw/app-shell.ts), sorted. */
export async function savedAppShells(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const names = (await caches.keys()).filter((name) => name.startsWith('st1-shell-'));
    const locales: string[] = [];
    for (const name of names) {
      for (const request of await (await caches.open(name)).keys()) {
        locales.push(new URL(request.url).pathname.split('/').pop() ?? '');
      }
    }
    return locales.sort();
  });
}

/** Whether the layout of a locale is stored on the device (src/app/layout-store.ts). */
export async function hasStoredLayout(page: Page, locale: Locale): Promise<boolean> {
  return page.evaluate(async (wanted) => {
    if (!(await indexedDB.databases()).some((database) => database.name === 'st1-layout')) return false;
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open('st1-layout');
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    try {
      if (!db.objectStoreNames.contains('layouts')) return false;
      return await new Promise<boolean>((resolve, reject) => {
        const request = db.transaction('layouts').objectStore('layouts').get(wanted);
        request.onsuccess = () => resolve(request.result !== undefined);
        request.onerror = () => reject(request.error);
      });
    } finally {
      db.close();
    }
  }, locale);
}

/**
 * A browser with no way out: every request, loopback included (`<-loopback>` takes away
 * Chromium's implicit bypass), goes to a proxy that refuses connections. Playwright's
 * `offline` emulation alone did not always hold for the service worker: under load a page
 * the worker had never saved came from the server, fresh, in a browser launched offline
 * (the navigation preload request, which the browser makes for the worker, is the likely
 * way through; microsoft/playwright#2311 is the family of the bug). The emulation stays on
 * as well, for `navigator.onLine`. It cannot be switched off again: tests that come back
 * online use `offline` alone.
 */
export const NO_NETWORK_ARGS = ['--proxy-server=http://127.0.0.1:9', '--proxy-bypass-list=<-loopback>'];

/**
 * A Chromium profile on disk, for tests of the installed app: what the worker and the
 * pages stored survives closing the browser and launching it again on the same folder.
 * Playwright's usual contexts are incognito ones, which Chromium never installs from.
 */
export async function launchProfile(
  testInfo: TestInfo,
  profile: string,
  options: {
    /** Emulated offline (`context.setOffline(false)` brings the network back). */
    offline?: boolean;
    /** No network for the life of the browser (NO_NETWORK_ARGS), and emulated offline. */
    noNetwork?: boolean;
    args?: string[];
    viewport?: { width: number; height: number };
    /**
     * The full Chromium instead of the specs' headless shell: `--force-effective-connection-type`
     * is read only by the full browser (in the shell navigator.connection stays "4g").
     */
    fullBrowser?: boolean;
  } = {},
): Promise<BrowserContext> {
  const { launchOptions, baseURL, userAgent } = testInfo.project.use;
  return chromium.launchPersistentContext(profile, {
    ...launchOptions,
    ...(options.fullBrowser ? { executablePath: chromiumPath() } : {}),
    args: [...(launchOptions?.args ?? []), ...(options.noNetwork ? NO_NETWORK_ARGS : []), ...(options.args ?? [])],
    baseURL,
    userAgent,
    locale: 'fi-FI',
    serviceWorkers: 'allow',
    offline: (options.offline || options.noNetwork) ?? false,
    viewport: options.viewport ?? { width: 1280, height: 800 },
  });
}

/** A fresh profile folder, removed again by the returned function. */
export function newProfile(): { dir: string; remove(): void } {
  const dir = mkdtempSync(join(tmpdir(), 'st1-pwa-profile-'));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/** The first tab of a launched profile. */
export async function firstPage(context: BrowserContext): Promise<Page> {
  return context.pages()[0] ?? (await context.newPage());
}

/**
 * "Installs" the app in a profile as a first visit does: the page loads, the worker takes
 * control, the start pages of the locale are saved (landing page, locator, cart) and so is
 * every locale's app shell. The shells are saved beside the pages, not after them: a test
 * that closed the browser once the pages were in lost the race now and then, and a page
 * never saved then got the plain offline page instead of the shell (pwa-lie-fi in CI).
 */
export async function installApp(page: Page, path = '/'): Promise<void> {
  await page.goto(path);
  await waitForHydrationOf(page);
  await waitForServiceWorkerControl(page);
  await expect.poll(async () => (await savedPages(page)).length, { timeout: 15_000 }).toBeGreaterThanOrEqual(3);
  await expect.poll(() => savedAppShells(page), { timeout: 15_000 }).toEqual([...LOCALES].sort());
}

/** The URLs (path and query) a cache of the worker holds, by the cache name's prefix. */
export async function cachedPaths(page: Page, prefix: string): Promise<string[]> {
  return page.evaluate(async (wanted) => {
    const paths: string[] = [];
    for (const name of (await caches.keys()).filter((name) => name.startsWith(wanted))) {
      for (const request of await (await caches.open(name)).keys()) {
        const url = new URL(request.url);
        paths.push(`${url.pathname}${url.search}`);
      }
    }
    return paths.sort();
  }, prefix);
}
