/**
 * Offline: the service worker controls the page after the first load; with the
 * browser offline, a visited page, the landing page, the station locator and the cart load from
 * what it saved; a page never seen shows the offline page in the address's language; the
 * header says that the app is offline. The flows run at 390 px; the offline notice and the
 * offline page are checked with axe at 390 and 1280 px.
 * Pages reached by client navigation reload offline too, and the station locator lists
 * the stored stations offline although the online visit never opened it.
 */
import { expect, test, type Page } from '@playwright/test';
import { getHref, LOCALE_INFO, LOCALIZED_PATHS, LOCALES, type Locale } from '#shared/locales';
import { SHOP_PATHS } from '#shared/shop/shop-paths';
import { heroTitle, message, seedPage } from './support/content';
import { waitForHydration } from './support/page-helpers';
import {
  appMessage,
  navigateInApp,
  savedAppShells,
  savedPages,
  storedStationCount,
  waitForServiceWorkerControl,
} from './support/pwa';
import { stationList } from './support/stations';
import { expectNoSeriousViolations } from './support/axe';

test.use({ serviceWorkers: 'allow', locale: 'fi-FI' });

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

/** Screenshots and axe at both widths, on the page as it is. */
async function checkAtBothWidths(page: Page, name: string, what: string) {
  for (const viewport of [PHONE, DESKTOP]) {
    await page.setViewportSize(viewport);
    await page.screenshot({ path: `.tmp/pwa/${name}-${viewport.width}.png` });
    await expectNoSeriousViolations(page, `${what} at ${viewport.width} px`);
  }
  await page.setViewportSize(PHONE);
}

async function expectPage(page: Page, locale: Locale, localPath: string) {
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(heroTitle(seedPage(locale, localPath)));
}

/** First visit: waits until the worker controls the page and has saved the start pages. */
async function firstVisit(page: Page, locale: Locale, localPath: string) {
  await page.goto(getHref(locale, localPath));
  await waitForHydration(page);
  expect(await waitForServiceWorkerControl(page)).toMatch(/\/sw\.js$/);
  const expected = [
    getHref(locale, '/'),
    getHref(locale, LOCALIZED_PATHS.stationLocator[locale]),
    getHref(locale, SHOP_PATHS.cart[locale]),
    getHref(locale, localPath),
  ];
  await expect.poll(() => savedPages(page), { timeout: 15_000 }).toEqual(expect.arrayContaining(expected));
  await expect.poll(() => savedAppShells(page), { timeout: 15_000 }).toEqual([...LOCALES].sort());
}

test('the service worker controls the page from the first load on', async ({ page }) => {
  await page.goto('/yrityksille');
  await waitForHydration(page);
  expect(await waitForServiceWorkerControl(page)).toMatch(/\/sw\.js$/);
  // A second load is answered through the worker (network first, with navigation preload).
  const response = await page.reload();
  expect(response?.fromServiceWorker()).toBe(true);
  expect(response?.status()).toBe(200);
  await expect(page.evaluate(() => navigator.serviceWorker.controller !== null)).resolves.toBe(true);
});

/** A page of each locale that the first visit never saves (the terms). */
const UNSEEN_PAGES: Record<Locale, string> = {
  'fi-FI': LOCALIZED_PATHS.terms['fi-FI'],
  'en-EU': LOCALIZED_PATHS.terms['en-EU'],
  'sv-SE': LOCALIZED_PATHS.terms['sv-SE'],
  'no-NO': LOCALIZED_PATHS.terms['no-NO'],
};

// The flows are the same at any width: each runs once, on a phone (the installed app's
// usual screen), and the offline notice and page are checked at 1280 px too by resizing
// the same page (the layouts differ by media queries only).
test.describe(`${PHONE.width} px`, () => {
  test.use({ viewport: PHONE });
  // Each is a whole flow: a first visit that installs the worker, then four to eight
  // offline page loads and axe at two widths (15–19 s here by hand, 1.3–1.4× that in a
  // fresh-clone CI): the installed-app specs' budget, not the 30 s of a single page.
  test.describe.configure({ timeout: 60_000 });

  test('offline: a visited page, the landing page, the station locator and the cart load from the saved copies', async ({
    page,
    context,
  }) => {
    await firstVisit(page, 'fi-FI', '/yrityksille');
    // The station list is stored in the background once the worker controls the page,
    // although this visit never opens the locator (src/features/stations/background-sync.ts).
    const stationTotal = (await stationList(page, 'FI')).length;
    expect(stationTotal).toBeGreaterThan(8);
    await expect.poll(() => storedStationCount(page, 'FI'), { timeout: 15_000 }).toBe(stationTotal);
    await context.setOffline(true);

    await page.reload();
    await waitForHydration(page);
    await expectPage(page, 'fi-FI', '/yrityksille');
    // The header says so (src/app/header.tsx), in the page's language.
    await expect(page.locator('.site-header__offline')).toHaveText(message('fi-FI', 'header.offline'));

    // Never opened in this browser, saved by the worker at the first visit.
    await page.goto('/');
    await waitForHydration(page);
    await expectPage(page, 'fi-FI', '/');
    await page.goto(LOCALIZED_PATHS.stationLocator['fi-FI']);
    await waitForHydration(page);
    await expectPage(page, 'fi-FI', LOCALIZED_PATHS.stationLocator['fi-FI']);
    // Every stored station, not the 8 of the server render.
    await expect(page.locator('.station-locator__count')).toHaveText(new RegExp(`^${stationTotal}\\b`));
    await expect(page.locator('.station-list > li').first()).toBeVisible();
    // Images it has not seen yet show a neutral box, not a broken-image icon.
    await expect
      .poll(() =>
        page.evaluate(() =>
          [...document.querySelectorAll<HTMLImageElement>('main img')].every(
            (img) => img.complete && img.naturalWidth > 0,
          ),
        ),
      )
      .toBe(true);
    await page.screenshot({ path: `.tmp/pwa/offline-station-locator-${PHONE.width}.png` });

    // The manifest's cart shortcut opens offline too.
    await page.goto(SHOP_PATHS.cart['fi-FI']);
    await waitForHydration(page);
    await expectPage(page, 'fi-FI', SHOP_PATHS.cart['fi-FI']);

    // Back online: the notice goes away without a reload.
    await context.setOffline(false);
    await expect(page.locator('.site-header__offline')).toBeEmpty();
  });

  test('offline: a page never seen shows the offline notice in the normal layout, in the language of its address', async ({
    page,
    context,
  }) => {
    await firstVisit(page, 'fi-FI', '/');
    await context.setOffline(true);
    for (const locale of LOCALES) {
      // The worker answers with the locale's app shell; the app renders the notice.
      await page.goto(getHref(locale, UNSEEN_PAGES[locale]));
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(appMessage(locale, 'app.offline.heading'));
      await expect(page.locator('html')).toHaveAttribute('lang', LOCALE_INFO[locale].htmlLang);
      await expect(page).toHaveTitle(appMessage(locale, 'app.offline.documentTitle'));
      await expect(page.locator('header.site-header')).toBeVisible();
      // Not "showing saved content" above a notice that the page is not saved (finding 9).
      await expect(page.locator('.site-header__offline')).toBeEmpty();
      await expect(page.locator('footer').first()).toBeVisible();
      await expect(page.getByRole('link', { name: appMessage(locale, 'app.offline.retry') })).toHaveAttribute(
        'href',
        getHref(locale, UNSEEN_PAGES[locale]),
      );
      // Only what is saved: the Finnish start pages of the first visit, named so in other locales.
      const home = `${appMessage(locale, 'app.offline.home')}${locale === 'fi-FI' ? '' : ' (Suomi)'}`;
      await expect(page.locator('.offline-notice__links a', { hasText: home })).toHaveAttribute('href', '/');
    }
    await checkAtBothWidths(page, 'offline-notice', 'the offline notice');
  });

  // Apart from the notice's test above: the two as one test took 21–24 s on the 2026-12-01
  // machine, and ran out of their 30 s in a slower fresh-clone CI (twice, at different steps).
  test("offline with no app shell stored: the worker's own offline page, in the language of its address", async ({
    page,
    context,
  }) => {
    await firstVisit(page, 'fi-FI', '/');
    await context.setOffline(true);
    // Without a stored app shell the worker's plain offline page is the last resort.
    await page.evaluate(async () => {
      for (const name of await caches.keys()) if (name.startsWith('st1-shell-')) await caches.delete(name);
    });
    for (const locale of LOCALES) {
      const response = await page.goto(getHref(locale, UNSEEN_PAGES[locale]));
      expect(response?.status()).toBe(503);
      await expect(page.locator('html')).toHaveAttribute('lang', LOCALE_INFO[locale].htmlLang);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(appMessage(locale, 'app.offline.heading'));
      await expect(page).toHaveTitle(appMessage(locale, 'app.offline.documentTitle'));
      const home = `${appMessage(locale, 'app.offline.home')}${locale === 'fi-FI' ? '' : ' (Suomi)'}`;
      await expect(page.getByRole('link', { name: home })).toHaveAttribute('href', '/');
      await expect(page.getByRole('link', { name: appMessage(locale, 'app.offline.retry') })).toHaveAttribute(
        'href',
        getHref(locale, UNSEEN_PAGES[locale]),
      );
    }
    // The offline page is styled from the precache and accessible.
    await expect(page.locator('.offline-page__button')).toHaveCSS('background-color', 'rgb(200, 16, 46)');
    await checkAtBothWidths(page, 'offline-page', "the worker's offline page");

    // Its "front page" link leads to the saved landing page.
    await page.getByRole('link', { name: `${appMessage('no-NO', 'app.offline.home')} (Suomi)` }).click();
    await expect(page).toHaveURL(/\/$/);
    await expectPage(page, 'fi-FI', '/');
  });
});

test('offline: a client navigation to a page never seen ends on the offline page, not an error page', async ({
  page,
  context,
}) => {
  await firstVisit(page, 'en-EU', '/');
  await context.setOffline(true);
  // A link whose payload nobody fetched: prefetch covers links in view only, so use one
  // made for the test and follow it as the router would (a click on an internal link).
  await page.evaluate(() => {
    const link = document.createElement('a');
    link.href = '/en-EU/terms';
    link.textContent = 'terms (test)';
    link.id = 'test-link';
    document.querySelector('main')!.prepend(link);
  });
  await page.evaluate(() => {
    window.history.pushState({}, '', '/en-EU/terms');
    window.dispatchEvent(new PopStateEvent('popstate'));
  });
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(appMessage('en-EU', 'app.offline.heading'));
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
});

test('offline: pages reached by client navigation reload from their saved documents', async ({ page, context }) => {
  await firstVisit(page, 'fi-FI', '/');
  const station = (await stationList(page, 'FI')).find((candidate) => candidate.city === 'Tampere')!;
  const stationPath = `/asemat/${station.slug}`;
  const contentPath = '/yrityksille';

  // Two client navigations: the documents are never loaded by the browser itself.
  await navigateInApp(page, contentPath);
  await expectPage(page, 'fi-FI', contentPath);
  await navigateInApp(page, stationPath);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(station.name);
  await expect
    .poll(() => savedPages(page), { timeout: 15_000 })
    .toEqual(expect.arrayContaining([contentPath, stationPath]));

  await context.setOffline(true);
  const stationReload = await page.reload();
  expect(stationReload?.status()).toBe(200);
  await waitForHydration(page);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(station.name);
  await expect(page.locator('[data-station-block="header"]')).toBeVisible();

  const contentReload = await page.goto(contentPath);
  expect(contentReload?.status()).toBe(200);
  await waitForHydration(page);
  await expectPage(page, 'fi-FI', contentPath);
});
