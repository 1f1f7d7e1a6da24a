/**
 * The error page (spec §2 "Error page", §8) and legacy redirects (spec §2, DESIGN §2).
 */
import { expect, test, type Page } from '@playwright/test';
import { documentTitle, heroTitle, message, redirectTable, seedPage } from './support/content';
import { urlPath, waitForHydration } from './support/page-helpers';
import { getHref, LOCALIZED_PATHS, type Locale } from '#shared/locales';
import { expectNoSeriousViolations } from './support/axe';

test.use({ locale: 'fi-FI' });

function reportProblemLink(page: Page, locale: Locale) {
  return page.getByRole('main').getByRole('link', { name: message(locale, 'error.reportProblem'), exact: true });
}

async function expectNotFoundPage(page: Page, locale: Locale, path: string) {
  const h1 = page.getByRole('heading', { level: 1 });
  await expect(h1).toHaveCount(1);
  // The title defaults to the status code, worded "Error 404" (docs/behaviour.md).
  await expect(h1).toContainText('404');
  await expect(h1).toHaveText(message(locale, 'error.title', { status: 404 }));
  // The optional report-problem link (spec §2) leads to the locale's customer service.
  await expect(reportProblemLink(page, locale)).toHaveAttribute(
    'href',
    getHref(locale, LOCALIZED_PATHS.contact[locale]),
  );
  await expect(page.getByRole('main')).toContainText(message(locale, 'httpMessages.NOT_FOUND'));
  await expect(page).toHaveTitle(new RegExp(`^404 ${message(locale, 'httpMessages.NOT_FOUND')}`));
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);

  const detail = page.getByText(message(locale, 'messages.page-not-found-path', { path }), { exact: true });
  await expect(detail).toBeHidden();
  await page
    .getByRole('main')
    .locator('summary')
    .filter({ hasText: message(locale, 'error.details') })
    .click();
  await expect(detail).toBeVisible();
  await expect(page.getByRole('main').locator('details')).toHaveAttribute('open', '');
}

test('an unknown fi-FI path is a 404 page with details and a way home', async ({ page }) => {
  const response = await page.goto('/this-page-does-not-exist');
  expect(response?.status()).toBe(404);
  await expect(page.locator('html')).toHaveAttribute('lang', 'fi-FI');
  await waitForHydration(page);
  await expectNotFoundPage(page, 'fi-FI', '/this-page-does-not-exist');
  await expect(page.getByRole('button', { name: message('fi-FI', 'error.back') })).toBeVisible();
  // The shell (header and footer) is there too.
  await expect(page.getByRole('banner')).toBeVisible();
  await expect(page.getByRole('contentinfo')).toBeVisible();

  await page.getByRole('link', { name: message('fi-FI', 'error.home') }).click();
  await expect(page).toHaveURL(urlPath('/'));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(heroTitle(seedPage('fi-FI', '/')));
});

test('an unknown en-EU path is the English 404 page', async ({ page }) => {
  const response = await page.goto('/en-EU/nope');
  expect(response?.status()).toBe(404);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expectNotFoundPage(page, 'en-EU', '/en-EU/nope');
  await expect(page.getByRole('link', { name: message('en-EU', 'error.home') })).toHaveAttribute('href', '/en-EU');
});

test('the back button of the 404 page returns to the previous page', async ({ page }) => {
  await page.goto('/yrityksille');
  await page.goto('/this-page-does-not-exist');
  await waitForHydration(page);
  await page.getByRole('button', { name: message('fi-FI', 'error.back') }).click();
  await expect(page).toHaveURL(urlPath('/yrityksille'));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(heroTitle(seedPage('fi-FI', '/yrityksille')));
});

test('client navigation to an unknown page shows the 404 page without a reload', async ({ page }) => {
  await page.goto('/');
  await waitForHydration(page);
  await page.evaluate(() => {
    (window as Window & { __marker?: number }).__marker = 1;
  });
  // Rich text upgrades its same-origin links to client navigation; add a broken one.
  await page
    .getByRole('main')
    .locator('.rich-text')
    .first()
    .evaluate((element) => {
      const link = document.createElement('a');
      link.href = '/poistunut-sivu';
      link.textContent = 'Rikkinäinen linkki';
      element.append(link);
    });
  const payload = page.waitForResponse(
    (response) => new URL(response.url()).pathname === '/poistunut-sivu/_payload.json',
  );
  await page.getByRole('link', { name: 'Rikkinäinen linkki' }).click();
  expect((await payload).status()).toBe(404);

  await expect(page).toHaveURL(urlPath('/poistunut-sivu'));
  await expectNotFoundPage(page, 'fi-FI', '/poistunut-sivu');
  expect(
    await page.evaluate(() => (window as Window & { __marker?: number }).__marker),
    'the document was reloaded',
  ).toBe(1);
});

test('a client navigation whose payload fails shows the 500 page in the site’s shell, and the header leads on', async ({
  page,
}) => {
  await page.route('**/yrityksille/_payload.json', (route) =>
    route.fulfill({ status: 500, contentType: 'text/plain', body: 'boom' }),
  );
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/');
  await waitForHydration(page);
  const mainNavigation = page.getByRole('navigation', { name: message('fi-FI', 'nav.mainNavigation') });
  await mainNavigation.getByRole('link', { name: 'Yrityksille', exact: true }).click();

  await expect(page).toHaveURL(urlPath('/yrityksille'));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(message('fi-FI', 'error.title', { status: 500 }));
  // Titled and kept out of search engines as the server's error pages are; logo, header and
  // footer from the shell (spec §2), so the visitor can go on from here.
  const serverError = message('fi-FI', 'httpMessages.INTERNAL_SERVER_ERROR');
  await expect(page).toHaveTitle(`500 ${serverError} | St1`);
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
  await expect(page.getByRole('banner')).toBeVisible();
  await expect(page.getByRole('contentinfo')).toBeVisible();
  await expectNoSeriousViolations(page, 'the 500 page of a failed navigation');
  await page
    .getByRole('banner')
    .getByRole('link', { name: message('fi-FI', 'nav.stationLocator') })
    .first()
    .click();
  await expect(page).toHaveURL(urlPath(LOCALIZED_PATHS.stationLocator['fi-FI']));
  await expect(page.getByRole('heading', { level: 1 })).not.toHaveText(
    message('fi-FI', 'error.title', { status: 500 }),
  );
});

for (const locale of ['sv-SE', 'no-NO'] as const) {
  test(`the ${locale} 404 page's report-problem link opens the customer-service page`, async ({ page }) => {
    const path = getHref(locale, '/finns-inte-har');
    const response = await page.goto(path);
    expect(response?.status()).toBe(404);
    await waitForHydration(page);
    await expectNotFoundPage(page, locale, path);

    const contact = LOCALIZED_PATHS.contact[locale];
    await reportProblemLink(page, locale).click();
    await expect(page).toHaveURL(urlPath(getHref(locale, contact)));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(heroTitle(seedPage(locale, contact)));
  });
}

test('a legacy fi-FI path redirects (307) to its target and keeps the query string', async ({ page }) => {
  const from = '/uutiset';
  const to = redirectTable('fi-FI').exact[from];
  expect(to, `${from} is in content/redirects/fi-FI.json`).toBeDefined();
  const response = await page.goto(`${from}?utm_source=x`);
  expect(response?.status()).toBe(200);
  const redirect = await response!.request().redirectedFrom()?.response();
  expect(redirect?.status()).toBe(307);
  expect(redirect?.headers()['location']).toBe(`${to}?utm_source=x`);

  await expect(page).toHaveURL(urlPath(`${to}?utm_source=x`));
  const target = seedPage('fi-FI', to!);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(heroTitle(target));
  await expect(page).toHaveTitle(documentTitle(target));
});

test('a site link to a legacy path leads to its target, not to the 404 page a client navigation found', async ({
  page,
}) => {
  const from = '/uutiset';
  const to = redirectTable('fi-FI').exact[from]!;
  await page.goto('/yrityksille');
  await waitForHydration(page);
  // An editor's link to an old address in rich text (upgraded to client navigation).
  await page
    .getByRole('main')
    .locator('.rich-text')
    .first()
    .evaluate((element, href) => {
      const link = document.createElement('a');
      link.href = href;
      link.textContent = 'Vanha uutislinkki';
      element.append(link);
    }, `${from}?utm_source=x`);
  await page.getByRole('link', { name: 'Vanha uutislinkki' }).click();

  await expect(page).toHaveURL(urlPath(`${to}?utm_source=x`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(heroTitle(seedPage('fi-FI', to)));
  // The old address took no place in the history: Back returns to the page of the link.
  await page.goBack();
  await expect(page).toHaveURL(urlPath('/yrityksille'));
});
