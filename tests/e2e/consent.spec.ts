/**
 * Cookie consent and the tag manager (spec §5 and §8): the first-visit
 * banner, the settings dialog (a focus-trapping modal that Esc closes), the stored and
 * versioned choice, the footer's cookie-settings trigger, and the locale's tag-manager
 * script requested only after analytics consent. The tag-manager address is intercepted:
 * no test reaches the internet. Error pages push their analytics event to dataLayer.
 */
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import type { Locale } from '#shared/locales';
import { message } from './support/content';
import { collectErrors, urlPath, waitForHydration } from './support/page-helpers';
import { expectNoSeriousViolations } from './support/axe';

const GTM = 'https://www.googletagmanager.com/**';

/** Records tag-manager requests and answers them with an empty script (or aborts them). */
async function interceptTagManager(page: Page, { abort = false } = {}): Promise<string[]> {
  const requests: string[] = [];
  await page.route(GTM, async (route) => {
    requests.push(route.request().url());
    if (abort) await route.abort();
    else await route.fulfill({ status: 200, contentType: 'text/javascript', body: '' });
  });
  return requests;
}

async function storeConsent(context: BrowserContext, baseURL: string | undefined, value: string) {
  await context.addCookies([{ name: 'st1_consent', value, url: baseURL ?? 'http://127.0.0.1' }]);
}

async function consentCookie(context: BrowserContext): Promise<string | undefined> {
  return (await context.cookies()).find((cookie) => cookie.name === 'st1_consent')?.value;
}

function banner(page: Page, locale: Locale = 'fi-FI') {
  return page.getByRole('region', { name: message(locale, 'consent.title') });
}

function settingsDialog(page: Page, locale: Locale = 'fi-FI') {
  return page.getByRole('dialog', { name: message(locale, 'footer.cookieSettings') });
}

const t = (id: string) => message('fi-FI', id);

test.use({ locale: 'fi-FI' });

for (const viewport of [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
]) {
  test.describe(`${viewport.width} px`, () => {
    test.use({ viewport });

    test('first visit: the banner asks, and the tag manager loads only after "accept all"', async ({
      page,
      context,
    }) => {
      const requests = await interceptTagManager(page);
      await page.goto('/');
      await waitForHydration(page);
      await expect(banner(page)).toBeVisible();
      // The banner does not block the page: the skip link is still the first tab stop.
      await page.keyboard.press('Tab');
      await expect(page.getByRole('link', { name: t('nav.skipToContent') })).toBeFocused();
      expect(requests, 'no tag manager before consent').toEqual([]);

      await banner(page)
        .getByRole('button', { name: t('consent.acceptAll') })
        .click();
      await expect(banner(page)).toHaveCount(0);
      await expect.poll(() => requests).toEqual(['https://www.googletagmanager.com/gtm.js?id=GTM-ST1FI01']);
      // "Accept all" includes Google Maps.
      expect(await consentCookie(context)).toBe('v1.analytics.maps');

      // The choice survives a reload: no banner, and the tag manager loads straight away.
      await page.reload();
      await waitForHydration(page);
      await expect.poll(() => requests.length).toBe(2);
      await expect(banner(page)).toHaveCount(0);
    });
  });
}

test('"necessary only" is kept and never loads the tag manager', async ({ page, context }) => {
  const requests = await interceptTagManager(page);
  await page.goto('/');
  await waitForHydration(page);
  await banner(page)
    .getByRole('button', { name: t('consent.necessaryOnly') })
    .click();
  await expect(banner(page)).toHaveCount(0);
  expect(await consentCookie(context)).toBe('v1.necessary');

  await page.reload();
  await waitForHydration(page);
  // Client navigation, too, leaves it alone.
  await page.getByRole('contentinfo').getByRole('link', { name: 'Käyttöehdot' }).click();
  await expect(page).toHaveURL(urlPath('/kayttoehdot'));
  await expect(page.getByRole('contentinfo').getByRole('button', { name: t('footer.cookieSettings') })).toBeVisible();
  expect(requests).toEqual([]);
  await expect(banner(page)).toHaveCount(0);
});

test('the settings dialog is a labelled modal: focus stays inside and Esc closes it', async ({ page }) => {
  await interceptTagManager(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/');
  await waitForHydration(page);
  const opener = banner(page).getByRole('button', { name: t('consent.customize') });
  await opener.click();
  const dialog = settingsDialog(page);
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('checkbox', { name: t('consent.analyticsLabel') })).not.toBeChecked();
  await expect(dialog.getByRole('checkbox', { name: t('consent.necessaryLabel') })).toBeDisabled();

  // Tab cycles through the dialog's controls and never reaches the page behind it.
  for (let step = 0; step < 12; step += 1) {
    await page.keyboard.press('Tab');
    const inside = await page.evaluate(
      () => document.activeElement === document.body || Boolean(document.activeElement?.closest('dialog[open]')),
    );
    expect(inside, `focus left the dialog after ${step + 1} Tab presses`).toBe(true);
  }

  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();
  // Closing without a choice keeps asking.
  await expect(banner(page)).toBeVisible();
});

test('saving choices with the analytics box ticked loads the tag manager', async ({ page, context }) => {
  const requests = await interceptTagManager(page);
  await page.goto('/');
  await waitForHydration(page);
  await banner(page)
    .getByRole('button', { name: t('consent.customize') })
    .click();
  const dialog = settingsDialog(page);
  await dialog.getByRole('checkbox', { name: t('consent.analyticsLabel') }).check();
  expect(requests).toEqual([]);
  await dialog.getByRole('button', { name: t('consent.save') }).click();
  await expect(dialog).toBeHidden();
  await expect.poll(() => requests).toHaveLength(1);
  expect(await consentCookie(context)).toBe('v1.analytics');
});

test('the footer trigger reopens the settings with the stored choice', async ({ page, context, baseURL }) => {
  await storeConsent(context, baseURL, 'v1.necessary');
  const requests = await interceptTagManager(page);
  await page.goto('/');
  await waitForHydration(page);
  await expect(banner(page)).toHaveCount(0);

  const trigger = page.getByRole('contentinfo').getByRole('button', { name: t('footer.cookieSettings') });
  await trigger.click();
  const dialog = settingsDialog(page);
  await expect(dialog).toBeVisible();
  const analytics = dialog.getByRole('checkbox', { name: t('consent.analyticsLabel') });
  await expect(analytics).not.toBeChecked();
  await analytics.check();
  await dialog.getByRole('button', { name: t('consent.save') }).click();
  await expect(dialog).toBeHidden();
  await expect(trigger).toBeFocused();
  await expect.poll(() => requests).toHaveLength(1);

  // Reopened, it shows the new choice.
  await trigger.click();
  await expect(settingsDialog(page).getByRole('checkbox', { name: t('consent.analyticsLabel') })).toBeChecked();
});

test('withdrawing consent reloads the page without the tag manager', async ({ page, context, baseURL }) => {
  await storeConsent(context, baseURL, 'v1.analytics');
  const requests = await interceptTagManager(page);
  await page.goto('/');
  await waitForHydration(page);
  await expect.poll(() => requests).toHaveLength(1);

  await page
    .getByRole('contentinfo')
    .getByRole('button', { name: t('footer.cookieSettings') })
    .click();
  const reloaded = page.waitForEvent('load');
  await settingsDialog(page)
    .getByRole('button', { name: t('consent.necessaryOnly') })
    .click();
  await reloaded;
  await waitForHydration(page);
  expect(await consentCookie(context)).toBe('v1.necessary');
  expect(requests).toHaveLength(1);
});

test('a choice stored under an older consent version counts as no choice', async ({ page, context, baseURL }) => {
  await storeConsent(context, baseURL, 'v0.analytics');
  const requests = await interceptTagManager(page);
  await page.goto('/');
  await waitForHydration(page);
  await expect(banner(page)).toBeVisible();
  expect(requests).toEqual([]);
});

test('each locale loads its own tag-manager id', async ({ page, context, baseURL }) => {
  await storeConsent(context, baseURL, 'v1.analytics');
  const requests = await interceptTagManager(page);
  await page.goto('/en-EU');
  await waitForHydration(page);
  await expect.poll(() => requests).toEqual(['https://www.googletagmanager.com/gtm.js?id=GTM-ST1EU01']);
});

test('with the tag manager unreachable the page keeps working', async ({ page }) => {
  const requests = await interceptTagManager(page, { abort: true });
  const errors = collectErrors(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/');
  await waitForHydration(page);
  await banner(page)
    .getByRole('button', { name: t('consent.acceptAll') })
    .click();
  await expect.poll(() => requests).toHaveLength(1);

  await page.getByRole('banner').locator('summary').click();
  await page
    .getByRole('navigation', { name: t('nav.mainNavigation') })
    .getByRole('link', { name: 'Yrityksille', exact: true })
    .click();
  await expect(page).toHaveURL(urlPath('/yrityksille'));
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // The browser reports the blocked script itself; nothing else may go wrong.
  expect(errors.filter((error) => !/googletagmanager|Failed to load resource/.test(error))).toEqual([]);
  expect(await page.evaluate(() => Array.isArray((window as Window & { dataLayer?: unknown }).dataLayer))).toBe(true);
});

test('the open settings dialog has no serious or critical accessibility violations', async ({ page }) => {
  await interceptTagManager(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/');
  await waitForHydration(page);
  await banner(page)
    .getByRole('button', { name: t('consent.customize') })
    .click();
  await expect(settingsDialog(page)).toBeVisible();
  await expectNoSeriousViolations(page, 'the consent settings');
});

test.describe('error-page analytics (spec §8)', () => {
  type DataLayerWindow = Window & { dataLayer?: Record<string, unknown>[] };

  test('with analytics consent a 404 pushes a "struggle" error event', async ({ page, context, baseURL }) => {
    await storeConsent(context, baseURL, 'v1.analytics');
    await interceptTagManager(page);
    await page.goto('/this-page-does-not-exist');
    await waitForHydration(page);
    await expect
      .poll(() =>
        page.evaluate(() => (window as DataLayerWindow).dataLayer?.filter((entry) => entry.event === 'error')),
      )
      .toEqual([{ event: 'error', type: 'struggle', status: 404, path: '/this-page-does-not-exist' }]);
  });

  test('with analytics consent a failed page load pushes an "exception" error event', async ({
    page,
    context,
    baseURL,
  }) => {
    await storeConsent(context, baseURL, 'v1.analytics');
    await interceptTagManager(page);
    // The client extras, which read the consent choice, arrive only after the error page is
    // on screen, as on a busy phone: the 500 page must keep the shell they live in (it once
    // replaced it, and the held event was never let out).
    let errorShown!: () => void;
    const errorOnScreen = new Promise<void>((resolve) => (errorShown = resolve));
    await page.route('**/assets/client-extras-*.js', async (route) => {
      await errorOnScreen;
      await route.continue();
    });
    // The next page's payload fails with a server error that has no payload body.
    await page.route('**/yrityksille/_payload.json', (route) =>
      route.fulfill({ status: 500, contentType: 'text/plain', body: 'boom' }),
    );
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/');
    await waitForHydration(page);
    await page
      .getByRole('navigation', { name: t('nav.mainNavigation') })
      .getByRole('link', { name: 'Yrityksille', exact: true })
      .click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(message('fi-FI', 'error.title', { status: 500 }));
    errorShown();
    await expect
      .poll(() =>
        page.evaluate(() =>
          (window as DataLayerWindow).dataLayer
            ?.filter((entry) => entry.event === 'error')
            .map(({ type, status }) => ({ type, status })),
        ),
      )
      .toEqual([{ type: 'exception', status: 500 }]);
  });

  test('without analytics consent an error page sends nothing, also after a later accept', async ({
    page,
    context,
    baseURL,
  }) => {
    await storeConsent(context, baseURL, 'v1.necessary');
    const requests = await interceptTagManager(page);
    await page.goto('/this-page-does-not-exist');
    await waitForHydration(page);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(await page.evaluate(() => (window as DataLayerWindow).dataLayer)).toBeUndefined();

    // No choice yet: the event of this 404 is dropped, not queued for a later "accept all".
    await context.clearCookies({ name: 'st1_consent' });
    await page.goto('/another-page-that-does-not-exist');
    await waitForHydration(page);
    await banner(page)
      .getByRole('button', { name: t('consent.acceptAll') })
      .click();
    await expect.poll(() => requests).toHaveLength(1);
    await expect
      .poll(() => page.evaluate(() => (window as DataLayerWindow).dataLayer?.some((entry) => entry.event === 'gtm.js')))
      .toBe(true);
    expect(
      await page.evaluate(() => (window as DataLayerWindow).dataLayer?.filter((entry) => entry.event === 'error')),
    ).toEqual([]);
  });
});
