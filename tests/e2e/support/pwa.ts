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
      await new Promise((resolve) => navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true }));
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
