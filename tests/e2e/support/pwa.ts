/**
 * Helpers of the PWA specs (tests/e2e/pwa*.spec.ts): texts of the `app` catalog, waiting
 * for the service worker to control the page, and what it has saved.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import type { Locale } from '../../../src/shared/locales';
import { repoRoot } from './content';

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
