/**
 * Storage that stays and stays bounded (docs/pwa.md), in the installed app (a Chromium
 * profile on disk, relaunched): persistent storage asked on install and on an installed
 * start; every write to the page cache capped at 60, also the worker's own saves for
 * client navigation; the manifest's screenshots and description for the install sheet.
 */
import { expect, test, type Page } from '@playwright/test';
import { LOCALES, getHref } from '#shared/locales';
import { waitForHydration } from './support/page-helpers';
import { appMessage, cachedPaths, firstPage, installApp, launchProfile, newProfile } from './support/pwa';

test.describe.configure({ timeout: 90_000 });

/** Counts the page's calls of navigator.storage.persist() (the browser's answer is kept). */
async function countPersistRequests(page: Page) {
  await page.addInitScript(() => {
    const record = { calls: 0 };
    (window as unknown as { __persist: typeof record }).__persist = record;
    const original = StorageManager.prototype.persist;
    StorageManager.prototype.persist = function persist(this: StorageManager) {
      record.calls++;
      return original.call(this);
    };
  });
  return () => page.evaluate(() => (window as unknown as { __persist: { calls: number } }).__persist.calls);
}

test('persistent storage is asked for when the app is installed, and on every installed start', async ({
  browserName,
}, testInfo) => {
  expect(browserName).toBe('chromium');
  const profile = newProfile();
  let context = await launchProfile(testInfo, profile.dir);
  try {
    let page = await firstPage(context);
    let persistCalls = await countPersistRequests(page);
    await installApp(page);
    // A tab in the browser, not installed: nothing asked.
    await page.waitForTimeout(1000);
    expect(await persistCalls()).toBe(0);
    // Chromium installs the app.
    await page.evaluate(() => window.dispatchEvent(new Event('appinstalled')));
    await expect.poll(persistCalls).toBe(1);
    await context.close();

    // Started from the home screen: Chromium reports display-mode standalone (headless
    // Chromium has no app window and DevTools cannot emulate that media feature, so the
    // page is told so from its first script on).
    context = await launchProfile(testInfo, profile.dir);
    page = await firstPage(context);
    await page.addInitScript(() => {
      const original = window.matchMedia.bind(window);
      window.matchMedia = (query: string) =>
        /display-mode:\s*standalone/.test(query)
          ? ({ ...original(query), matches: true, media: query } as MediaQueryList)
          : original(query);
    });
    persistCalls = await countPersistRequests(page);
    await page.goto('/');
    await waitForHydration(page);
    expect(await page.evaluate(() => matchMedia('(display-mode: standalone)').matches)).toBe(true);
    await expect.poll(persistCalls).toBe(1);
    // The answer is the browser's: granted or refused, the app goes on the same way.
    expect(typeof (await page.evaluate(() => navigator.storage.persisted()))).toBe('boolean');
  } finally {
    await context.close();
    profile.remove();
  }
});

test('pages saved for client navigation stay within the 60-page cap, also after a relaunch', async ({
  browserName,
}, testInfo) => {
  expect(browserName).toBe('chromium');
  const profile = newProfile();
  let context = await launchProfile(testInfo, profile.dir);
  try {
    let page = await firstPage(context);
    await installApp(page);
    // 75 pages reached by client navigation, each asked to be kept (CACHE_PAGES, 10 at most per message).
    const urls = Array.from({ length: 75 }, (_, index) => `/yrityksille?sivu=${index + 1}`);
    await page.evaluate(async (all) => {
      for (let start = 0; start < all.length; start += 10) {
        navigator.serviceWorker.controller!.postMessage({ type: 'CACHE_PAGES', urls: all.slice(start, start + 10) });
        // One message after the other, as navigations come.
        await new Promise((resolve) => setTimeout(resolve, 300));
      }
    }, urls);
    // The newest is kept, the oldest went.
    await expect
      .poll(async () => (await cachedPaths(page, 'st1-pages-')).includes('/yrityksille?sivu=75'), { timeout: 30_000 })
      .toBe(true);
    await expect.poll(async () => (await cachedPaths(page, 'st1-pages-')).length, { timeout: 30_000 }).toBe(60);
    const kept = await cachedPaths(page, 'st1-pages-');
    expect(kept).not.toContain('/yrityksille?sivu=1');
    await context.close();

    context = await launchProfile(testInfo, profile.dir);
    page = await firstPage(context);
    await page.goto('/yrityksille');
    await waitForHydration(page);
    await page.waitForTimeout(1000);
    expect((await cachedPaths(page, 'st1-pages-')).length).toBeLessThanOrEqual(60);
  } finally {
    await context.close();
    profile.remove();
  }
});

test('every locale’s manifest has its description and narrow and wide screenshots that load', async ({
  browserName,
}, testInfo) => {
  expect(browserName).toBe('chromium');
  const profile = newProfile();
  const context = await launchProfile(testInfo, profile.dir);
  try {
    const page = await firstPage(context);
    const cdp = await context.newCDPSession(page);
    for (const locale of LOCALES) {
      await page.goto(getHref(locale, '/'));
      await waitForHydration(page);
      const manifest = await cdp.send('Page.getAppManifest');
      expect(manifest.errors).toEqual([]);
      const data = JSON.parse(manifest.data ?? '{}') as {
        description?: string;
        screenshots?: Array<{ src: string; sizes: string; type: string; form_factor: string; label: string }>;
      };
      expect(data.description).toBe(appMessage(locale, 'app.manifest.description'));
      expect(data.screenshots?.map((shot) => shot.form_factor)).toEqual(['narrow', 'wide']);
      for (const shot of data.screenshots ?? []) {
        expect(shot.label).toBe(appMessage(locale, 'app.manifest.screenshot'));
        const response = await page.request.get(shot.src);
        expect(response.status(), shot.src).toBe(200);
        expect(response.headers()['content-type']).toBe('image/webp');
        const size = await page.evaluate(async (src) => {
          const image = new Image();
          image.src = src;
          await image.decode();
          return `${image.naturalWidth}x${image.naturalHeight}`;
        }, shot.src);
        expect(size).toBe(shot.sizes);
      }
      const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
      expect(installabilityErrors, locale).toEqual([]);
    }
  } finally {
    await context.close();
    profile.remove();
  }
});
