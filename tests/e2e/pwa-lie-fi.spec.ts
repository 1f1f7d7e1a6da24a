/**
 * Lie-fi (docs/pwa.md "Pages"): the installed app on a connection that holds every answer
 * back for 15 s while the browser believes it is online. A cold start (the browser closed
 * and launched again on the same profile) paints the saved start page before any answer
 * of the network has arrived, and the worker still asks the network behind it; the cart,
 * which must be fresh, is shown from its saved copy after the worker's short wait and says
 * that it is a saved copy, accessibly.
 */
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { getHref, LOCALE_INFO, type Locale } from '#shared/locales';
import { SHOP_PATHS } from '#shared/shop/shop-paths';
import { heroTitle, seedPage } from './support/content';
import { LieFiProxy } from './support/lie-fi-proxy';
import { addProduct, core, PRODUCT_PAGE, productCard } from './support/shop';
import { appMessage, firstPage, installApp, launchProfile, newProfile } from './support/pwa';
import { expectNoSeriousViolations } from './support/axe';

test.describe.configure({ timeout: 90_000 });

const HELD_BACK_MS = 15_000;

test('a lie-fi cold start paints the saved start page at once; the cart says it is a saved copy', async ({
  browserName,
}, testInfo) => {
  expect(browserName).toBe('chromium');
  const serverPort = Number(new URL(testInfo.project.use.baseURL!).port);
  const proxy = new LieFiProxy(serverPort);
  const base = await proxy.listen();
  const profile = newProfile();
  let context: BrowserContext | undefined;
  try {
    // Installed on a good connection: the worker saves the start page, the locator and the cart.
    context = await launchProfile(testInfo, profile.dir);
    const installing = await firstPage(context);
    await installApp(installing, `${base}/`);
    // A product in the cart, so that the cart is checked with the server when it opens.
    await installing.goto(`${base}${PRODUCT_PAGE}`);
    await expect(productCard(installing, 'WASH-PREMIUM').getByText('19,90 €')).toBeVisible({ timeout: 15_000 });
    await expect(installing.getByRole('region', { name: core('notifications.label') })).toBeAttached();
    await addProduct(installing, 'WASH-BASIC');
    await expect(installing.getByRole('dialog')).toBeVisible();
    await context.close();

    proxy.delayMs = HELD_BACK_MS;
    proxy.reset();
    context = await launchProfile(testInfo, profile.dir);
    const page = await firstPage(context);
    await page.goto(`${base}/`, { waitUntil: 'commit' });
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(heroTitle(seedPage('fi-FI', '/')));
    // Painted from the saved copy: the paint is recorded (a moment after the heading is in the
    // page) before one byte of any answer has reached the browser.
    await expect.poll(() => page.evaluate(() => performance.getEntriesByName('first-contentful-paint').length)).toBe(1);
    expect(proxy.bytesDelivered).toBe(0);
    // A start page may be a little old, and says nothing; the worker refreshes it behind it.
    await expect(page.locator('.saved-copy-notice')).toHaveCount(0);
    await expect.poll(() => proxy.requests.some((line) => line.startsWith('GET / '))).toBe(true);

    const cart = SHOP_PATHS.cart['fi-FI'];
    await page.goto(`${base}${cart}`, { waitUntil: 'commit', timeout: 10_000 });
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(heroTitle(seedPage('fi-FI', cart)));
    const notice = page.getByRole('status').filter({ hasText: appMessage('fi-FI', 'app.offline.savedCopy') });
    await expect(notice).toBeVisible();
    await expect(notice.getByRole('link', { name: appMessage('fi-FI', 'app.offline.retry') })).toHaveAttribute(
      'href',
      cart,
    );
    expect(proxy.bytesDelivered).toBe(0);
    await page.screenshot({ path: '.tmp/pwa/lie-fi-cart.png' });
    await expectNoSeriousViolations(page, 'the cart, a saved copy');
    // The cart's check answers once the connection lets it through: the cart is no longer
    // an unchecked copy, and the notice goes (issue 31, finding 9). The check may first wait
    // for one of the browser's six connections to the site: the worker's and the page's
    // first requests hold them until their own answers come, 15 s after they were sent.
    await expect(notice).toHaveCount(0, { timeout: 2 * HELD_BACK_MS + 10_000 });
    await expect(page.locator('[data-code="WASH-BASIC"]')).toBeVisible();
  } finally {
    await context?.close();
    await proxy.close();
    profile.remove();
  }
});

/** When the page on screen painted first, in ms from the start of its navigation. */
async function firstPaintMs(page: Page): Promise<number> {
  await expect
    .poll(() => page.evaluate(() => performance.getEntriesByName('first-contentful-paint').length), { timeout: 10_000 })
    .toBe(1);
  return page.evaluate(() => performance.getEntriesByName('first-contentful-paint')[0]!.startTime);
}

// How soon (the 3 s of docs/pwa.md) is measured by scripts/bench-pwa-lie-fi.ts, not here: at
// load average 10 a fresh-clone CI once painted a correct page late. This test checks where
// the paint came from: the device, before the held-back network could answer.
test('lie-fi on pages never saved: each paints from the device and then says it needs a connection', async ({
  browserName,
}, testInfo) => {
  expect(browserName).toBe('chromium');
  const serverPort = Number(new URL(testInfo.project.use.baseURL!).port);
  const proxy = new LieFiProxy(serverPort);
  const base = await proxy.listen();
  const profile = newProfile();
  let context: BrowserContext | undefined;
  try {
    context = await launchProfile(testInfo, profile.dir);
    await installApp(await firstPage(context), `${base}/`);
    await context.close();

    proxy.delayMs = HELD_BACK_MS;
    context = await launchProfile(testInfo, profile.dir);
    const page = await firstPage(context);
    // Another locale's start page (saved-first, but never saved here) and a page of the
    // Finnish site never seen (network first): neither has a saved copy. (Not the other
    // locale's locator: the device draws that from the station lists, when the background
    // sync stored them before the browser closed.)
    const unsaved: Array<{ locale: Locale; path: string }> = [
      { locale: 'en-EU', path: getHref('en-EU', '/') },
      { locale: 'fi-FI', path: '/yrityksille/energiatuotteet' },
    ];
    for (const { locale, path } of unsaved) {
      proxy.reset();
      await page.goto(`${base}${path}`, { waitUntil: 'commit', timeout: 10_000 });
      expect(await firstPaintMs(page), `${path} painted`).toBeLessThan(HELD_BACK_MS);
      expect(proxy.bytesDelivered, `${path} painted before any answer`).toBe(0);
      await expect(page.locator('html')).toHaveAttribute('lang', LOCALE_INFO[locale].htmlLang);
      await expect(page.locator('header.site-header')).toBeVisible();
      // Nothing of the page is on the device: the app says so, with what opens offline.
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(appMessage(locale, 'app.offline.heading'), {
        timeout: 8_000,
      });
      expect(proxy.bytesDelivered).toBe(0);
    }
  } finally {
    await context?.close();
    await proxy.close();
    profile.remove();
  }
});
