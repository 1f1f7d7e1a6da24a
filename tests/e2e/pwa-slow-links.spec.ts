/**
 * Slow links and Save-Data (docs/pwa.md "Slow links"), in the installed app: a Chromium
 * profile on disk, launched, closed and launched again. The connection is real: DevTools
 * network emulation slows the page's requests and sets what navigator.connection reports;
 * Chromium's --force-effective-connection-type sets it for the page and the worker alike.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type BrowserContext, type Page, type Request } from '@playwright/test';
import { precacheManifest } from '../../scripts/precache-figures';
import { waitForHydration } from './support/page-helpers';
import { PRODUCT_PAGE, productCard } from './support/shop';
import { text } from './support/stations';
import { LOCALIZED_PATHS } from '#shared/locales';
import { SHOP_PATHS } from '#shared/shop/shop-paths';
import {
  appMessage,
  cachedPaths,
  firstPage,
  installApp,
  launchProfile,
  newProfile,
  waitForServiceWorkerControl,
} from './support/pwa';

test.describe.configure({ timeout: 90_000 });

const isPayload = (url: string) => new URL(url).pathname.endsWith('/_payload.json');
/** Either channel of the station list (docs/stations.md "Two channels"). */
const isStationList = (url: string) => /^\/proxy\/cms-view\/v1\/station-(?:facts|live)$/.test(new URL(url).pathname);

/** The payload and station-list requests the page makes, and how many payloads ran at once. */
function watchBackgroundTraffic(page: Page) {
  const payloads: string[] = [];
  const stationLists: string[] = [];
  // Only requests this watcher saw start: earlier ones may still finish after it begins.
  const inFlight = new Set<Request>();
  let maxInFlight = 0;
  page.on('request', (request) => {
    if (isStationList(request.url())) stationLists.push(request.url());
    if (!isPayload(request.url())) return;
    payloads.push(new URL(request.url()).pathname);
    inFlight.add(request);
    maxInFlight = Math.max(maxInFlight, inFlight.size);
  });
  const done = (request: Request) => inFlight.delete(request);
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  return { payloads, stationLists, maxInFlight: () => maxInFlight };
}

/** How many payloads this tab's session has prefetched (src/features/pwa/prefetch.ts's memory). */
function prefetchedThisSession(page: Page): Promise<number> {
  return page.evaluate(() => (JSON.parse(sessionStorage.getItem('st1.prefetched') ?? '[]') as unknown[]).length);
}

/** An 800 ms round trip and 250 kbit/s both ways: what Chromium still calls "3g". */
async function slowLink(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 800,
    downloadThroughput: 250_000 / 8,
    uploadThroughput: 250_000 / 8,
    connectionType: 'cellular3g',
  });
}

/** Well past the 1000 ms prefetch delay with the worker in control: a fast link prefetches by now. */
async function settle(page: Page) {
  await waitForServiceWorkerControl(page);
  await page.waitForTimeout(4000);
}

test('an 800 ms / 250 kbit/s link gets no payload prefetch and no station list, installed or relaunched', async ({
  browserName,
}, testInfo) => {
  expect(browserName).toBe('chromium');
  const profile = newProfile();
  let context: BrowserContext | undefined;
  try {
    for (const launch of ['first visit', 'relaunch']) {
      context = await launchProfile(testInfo, profile.dir);
      const page = await firstPage(context);
      await slowLink(page);
      const traffic = watchBackgroundTraffic(page);
      await page.goto('/', { timeout: 60_000 });
      await waitForHydration(page);
      const reported = await page.evaluate(() => {
        const connection = (navigator as Navigator & { connection: { rtt: number; effectiveType: string } }).connection;
        return { rtt: connection.rtt, effectiveType: connection.effectiveType };
      });
      // Chromium adds noise to the figures it reports (a few per cent) against fingerprinting.
      expect(reported.effectiveType).toBe('3g');
      expect(reported.rtt).toBeGreaterThanOrEqual(700);
      await settle(page);
      expect(traffic.payloads, launch).toEqual([]);
      expect(traffic.stationLists, launch).toEqual([]);
      await context.close();
    }
    // The same installed app on a fast link: the links in view and the station list come.
    context = await launchProfile(testInfo, profile.dir);
    const page = await firstPage(context);
    const traffic = watchBackgroundTraffic(page);
    await page.goto('/');
    await waitForHydration(page);
    await expect.poll(() => traffic.payloads.length, { timeout: 10_000 }).toBeGreaterThan(4);
    await expect.poll(() => traffic.stationLists.length, { timeout: 10_000 }).toBeGreaterThan(0);
  } finally {
    await context?.close();
    profile.remove();
  }
});

test('each payload is prefetched at most once per session: a reload fetches none again, a new start does', async ({
  browserName,
}, testInfo) => {
  expect(browserName).toBe('chromium');
  const profile = newProfile();
  let context = await launchProfile(testInfo, profile.dir);
  try {
    const page = await firstPage(context);
    await installApp(page);
    await context.close();
    context = await launchProfile(testInfo, profile.dir);
    const started = await firstPage(context);
    const first = watchBackgroundTraffic(started);
    await started.goto('/');
    await waitForHydration(started);
    await expect.poll(() => first.payloads.length, { timeout: 10_000 }).toBeGreaterThan(4);
    await started.waitForTimeout(1500);
    const prefetched = [...first.payloads];
    expect(new Set(prefetched).size).toBe(prefetched.length);

    // Landing on the front page again in the same session: the same links, nothing fetched.
    const again = watchBackgroundTraffic(started);
    await started.reload();
    await waitForHydration(started);
    await settle(started);
    expect(again.payloads).toEqual([]);
    await started.locator('.site-header__logo').click();
    await settle(started);
    expect(again.payloads).toEqual([]);

    // The app started again (a new session): each payload is revalidated once more.
    await context.close();
    context = await launchProfile(testInfo, profile.dir);
    const restarted = await firstPage(context);
    const next = watchBackgroundTraffic(restarted);
    await restarted.goto('/');
    await waitForHydration(restarted);
    await expect.poll(() => next.payloads.length, { timeout: 10_000 }).toBeGreaterThan(4);
  } finally {
    await context.close();
    profile.remove();
  }
});

test("a moderate link (Chromium's 3G: 400 ms, 0.35 Mbit/s) prefetches two payloads, one at a time", async ({
  browserName,
}, testInfo) => {
  expect(browserName).toBe('chromium');
  const profile = newProfile();
  const context = await launchProfile(testInfo, profile.dir, {
    args: ['--force-effective-connection-type=3G'],
    fullBrowser: true,
  });
  try {
    const page = await firstPage(context);
    await installApp(page);
    // The install visit prefetches its own two, one at a time, and can still be at it when
    // the install is done (a loaded machine): a prefetch it starts after the watcher below
    // was counted as the reload's (3, not 2). Its queue is over once both are remembered.
    await expect.poll(() => prefetchedThisSession(page), { timeout: 20_000 }).toBe(2);
    const traffic = watchBackgroundTraffic(page);
    await page.evaluate(() => sessionStorage.clear());
    await page.reload();
    await waitForHydration(page);
    await expect.poll(() => traffic.payloads.length, { timeout: 10_000 }).toBe(2);
    await settle(page);
    expect(traffic.payloads).toHaveLength(2);
    expect(traffic.maxInFlight()).toBe(1);
  } finally {
    await context.close();
    profile.remove();
  }
});

test('on 2g the worker precaches the app shell only, keeps what pages use, and those pages open offline', async ({
  browserName,
}, testInfo) => {
  expect(browserName).toBe('chromium');
  const manifest = precacheManifest(readFileSync(join(process.env.DIST_DIR ?? 'dist', 'client', 'sw.js'), 'utf8'));
  const shell = manifest.filter((entry) => entry.shell).map((entry) => `/${entry.url}`);
  const onUse = manifest.filter((entry) => !entry.shell).map((entry) => `/${entry.url}`);
  // The app shell is the start pages' and the offline core's (vite.config.ts); the rest waits.
  expect(onUse.length).toBeGreaterThan(30);

  const profile = newProfile();
  let context = await launchProfile(testInfo, profile.dir, {
    args: ['--force-effective-connection-type=2G'],
    fullBrowser: true,
  });
  try {
    let page = await firstPage(context);
    await installApp(page);
    const precached = (await cachedPaths(page, 'st1-precache-')).map((path) => path.replace(/\?.*$/, ''));
    expect(precached.sort()).toEqual([...shell].sort());
    // A page loaded through the worker: what it uses is fetched and kept, nothing more.
    await page.goto(PRODUCT_PAGE);
    await waitForHydration(page);
    await expect(productCard(page, 'WASH-PREMIUM')).toBeVisible();
    await expect
      .poll(async () => (await cachedPaths(page, 'st1-assets-')).some((path) => path.includes('shop-products-block')))
      .toBe(true);
    // Everything the page loaded is kept before the browser closes, also what it imported
    // later (the shop's contracts, loaded with its first call): the worker keeps a file
    // after answering it, and a file still being kept when the browser closed was missing
    // offline (once in a dozen runs here).
    const loadedAssets = () =>
      page.evaluate(() =>
        performance
          .getEntriesByType('resource')
          .map((entry) => new URL(entry.name).pathname)
          .filter((path) => path.startsWith('/assets/')),
      );
    await expect
      .poll(async () => {
        const kept = new Set([...precached, ...(await cachedPaths(page, 'st1-assets-'))]);
        return (await loadedAssets()).filter((path) => !kept.has(path));
      })
      .toEqual([]);
    const used = await cachedPaths(page, 'st1-assets-');
    expect(used.length).toBeLessThan(onUse.length / 2);
    for (const path of used) expect(onUse).toContain(path);
    await context.close();

    // Relaunched with no network: the product page opens and runs from what it used.
    context = await launchProfile(testInfo, profile.dir, {
      args: ['--force-effective-connection-type=2G'],
      fullBrowser: true,
      noNetwork: true,
      viewport: { width: 390, height: 844 },
    });
    page = await firstPage(context);
    const failed: string[] = [];
    page.on('requestfailed', (request) => {
      const path = new URL(request.url()).pathname;
      const error = request.failure()?.errorText ?? '';
      // A file the page was still loading when the test went to the next page is aborted
      // by that navigation, not missing: the idle-time extras (client-extras and what it
      // imports) were, once in CI. A file the device lacks fails (net::ERR_FAILED).
      if (error === 'net::ERR_ABORTED') return;
      // The maps are never part of the shell: the locator's map column says so by itself.
      if (path.startsWith('/assets/') && !/\/assets\/(?:offline|station)-map-/.test(path))
        failed.push(`${path} (${error})`);
    });
    await page.goto(PRODUCT_PAGE);
    await waitForHydration(page);
    await expect(productCard(page, 'WASH-PREMIUM')).toBeVisible();
    // The locator and the cart, the manifest's shortcuts, saved in the background but never
    // opened online, and a page never seen: what they need is in the app shell (issue 31,
    // finding 3). No station list was stored on 2g: the locator shows the saved page's
    // stations and says why, not "no stations match your search" (finding 4).
    await page.goto('/asemahaku');
    await waitForHydration(page);
    await expect(page.getByText(text('fi-FI', 'stations.offline.noData'))).toBeVisible();
    await expect(page.locator('.station-locator__count')).toHaveText(/^Näytetään \d+\/\d+ asemaa$/);
    await expect(page.getByText(text('fi-FI', 'stations.results.none'))).toHaveCount(0);
    await expect(page.locator('.station-list > li').first()).toBeVisible();
    await page.goto(SHOP_PATHS.cart['fi-FI']);
    await waitForHydration(page);
    await expect(page.locator('.shop-cart')).toBeVisible();
    await expect(page.locator('.shop-cart__loading')).toHaveCount(0);
    await page.goto(LOCALIZED_PATHS.terms['fi-FI']);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(appMessage('fi-FI', 'app.offline.heading'));
    expect(failed).toEqual([]);
  } finally {
    await context.close();
    profile.remove();
  }
});

test('on a normal link the worker precaches everything at install', async ({ browserName }, testInfo) => {
  expect(browserName).toBe('chromium');
  const manifest = precacheManifest(readFileSync(join(process.env.DIST_DIR ?? 'dist', 'client', 'sw.js'), 'utf8'));
  const profile = newProfile();
  const context = await launchProfile(testInfo, profile.dir);
  try {
    const page = await firstPage(context);
    await installApp(page);
    const all = [
      ...(await cachedPaths(page, 'st1-precache-')).map((path) => path.replace(/\?.*$/, '')),
      ...(await cachedPaths(page, 'st1-assets-')),
    ];
    expect(all.sort()).toEqual(manifest.map((entry) => `/${entry.url}`).sort());
  } finally {
    await context.close();
    profile.remove();
  }
});
