/**
 * What customers hit on the way (at 390 and 1280 px): the English header's "Log in", one
 * heading per level on My details, product names of past orders in the page's language,
 * a customer-service number that wraps as a whole, a styled "Allow Google Maps" button,
 * and a 404 page that offers the site search. Each page is checked with axe.
 */
import { expect, test, type Page } from '@playwright/test';
import { DEMO_CUSTOMERS } from '../../server/origin/accounts/seed-accounts';
import { ACCOUNT_PATHS } from '#shared/account-paths';
import { getHref, LOCALIZED_PATHS, type Locale } from '#shared/locales';
import { featureText } from './support/accounts';
import { waitForHydration } from './support/page-helpers';
import { text as stationText, useFakeMaps } from './support/stations';
import { expectNoSeriousViolations } from './support/axe';
import { eachTestFromItsOwnAddress } from './support/visitor-address';

// Logins, account requests and form posts are limited per address: one visitor per test.
eachTestFromItsOwnAddress(test);

// Logging in hashes with scrypt: on a busy machine a login takes seconds.
test.setTimeout(60_000);

const anna = DEMO_CUSTOMERS.find((customer) => customer.locale === 'sv-SE')!;

async function open(page: Page, path: string) {
  await page.goto(path);
  await waitForHydration(page);
}

async function logIn(page: Page, locale: Locale) {
  await open(page, getHref(locale, ACCOUNT_PATHS.login[locale]));
  await page.getByLabel(featureText(locale, 'account', 'account.field.email')).fill(anna.email);
  await page
    .getByRole('textbox', { name: featureText(locale, 'account', 'account.field.password'), exact: true })
    .fill(anna.password);
  await page.getByRole('button', { name: featureText(locale, 'account', 'account.login.submit') }).click();
  await expect(page.getByTestId('user-label')).toHaveText(anna.firstName, { timeout: 20_000 });
}

test.describe('at 1280 px', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('the English header says "Log in"', async ({ page }) => {
    await open(page, '/en-EU');
    await expect(page.getByTestId('user-label')).toHaveText('Log in');
  });

  test("My details: the page's h1 and the details' h2 differ, no gap under Change password; My orders names itself once, its orders in the page's language", async ({
    page,
  }) => {
    await logIn(page, 'en-EU');
    await open(page, getHref('en-EU', ACCOUNT_PATHS.myPages['en-EU']));
    const h1 = page.getByRole('heading', { level: 1 });
    const h2 = page.getByRole('heading', { level: 2, name: 'Personal information' });
    await expect(h1).toHaveText('My details');
    await expect(h2).toBeVisible();
    await expectNoSeriousViolations(page, 'my details');
    // "Change password" sits on its lead as "Personal information" on its list: its form's
    // grid gap alone between them, not the gap plus both margins (52 px before).
    const password = page.getByRole('form', { name: 'Change password' });
    const title = (await password.getByRole('heading', { name: 'Change password' }).boundingBox())!;
    const lead = (await password.locator('p').first().boundingBox())!;
    expect(lead.y - (title.y + title.height)).toBeLessThanOrEqual(20);

    // Anna bought in Swedish; on the English page the product has its English name.
    await open(page, getHref('en-EU', ACCOUNT_PATHS.orders['en-EU']));
    await expect(page.getByRole('main')).toContainText('Full wash');
    // The page is named once, by its h1; each order is a section under it.
    await expect(page.getByRole('heading', { name: 'My orders' })).toHaveCount(1);
    await expect(page.getByRole('main').getByRole('heading', { level: 2 }).first()).toHaveText(/^Order /);
    await expect(page.getByRole('main')).not.toContainText('Premium-pesu');
    await open(page, getHref('sv-SE', ACCOUNT_PATHS.orders['sv-SE']));
    await expect(page.getByRole('main')).toContainText('Helttvätt');
  });

  test('the "Allow Google Maps" button looks like the site\'s buttons', async ({ page }) => {
    await useFakeMaps(page, { consent: false });
    await open(page, LOCALIZED_PATHS.stationLocator['fi-FI']);
    const allow = page.getByRole('button', { name: stationText('fi-FI', 'stations.map.allowGoogle') });
    await expect(allow).toBeVisible();
    const style = await allow.evaluate((element) => {
      const css = getComputedStyle(element);
      return {
        border: css.borderTopWidth,
        radius: css.borderTopLeftRadius,
        height: element.getBoundingClientRect().height,
      };
    });
    expect(style.border).toBe('2px');
    expect(style.radius).not.toBe('0px');
    expect(style.height).toBeGreaterThanOrEqual(44);
  });

  test("the locator's filter checkboxes are all one size, also beside a label on two lines", async ({ page }) => {
    await open(page, LOCALIZED_PATHS.stationLocator['fi-FI']);
    await page.locator('.station-locator__filters summary').click();
    const boxes = page.locator('.station-locator__filter-list input[type="checkbox"]');
    await expect(boxes.first()).toBeVisible();
    const sizes = await boxes.evaluateAll((inputs) =>
      inputs.map((input) => {
        const { width, height } = input.getBoundingClientRect();
        const label = input.closest('label')!;
        // One client rect per line the label's text takes.
        const text = document.createRange();
        text.selectNodeContents(label.lastChild!);
        return { label: label.textContent!.trim(), width, height, lines: text.getClientRects().length };
      }),
    );
    // The case that shrank: a label that wraps (at 1280 px the filter columns are narrow).
    expect(sizes.some((size) => size.lines >= 2)).toBe(true);
    for (const size of sizes) expect(size, size.label).toMatchObject({ width: 20, height: 20 });
  });
});

test.describe('at 390 px', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the Swedish customer-service number never breaks between its digit groups', async ({ page }) => {
    await open(page, getHref('sv-SE', LOCALIZED_PATHS.contact['sv-SE']));
    const phone = page.locator('a.phone-number').first();
    await expect(phone).toHaveText('+46 31 64 50 00');
    // One line box: the number wraps as a whole, if at all.
    expect(await phone.evaluate((element) => element.getClientRects().length)).toBe(1);
    await expectNoSeriousViolations(page, 'Swedish contact page');
  });

  test('a 404 page offers the site search, which finds what the visitor looked for', async ({ page }) => {
    const response = await page.goto('/en-EU/no-such-page-here');
    expect(response?.status()).toBe(404);
    await waitForHydration(page);
    const search = page.getByRole('search');
    const field = search.getByRole('searchbox', { name: featureText('en-EU', 'messages', 'search.placeholder') });
    await expect(field).toBeVisible();
    await expectNoSeriousViolations(page, '404 page');
    await field.fill('car wash');
    await field.press('Enter');
    await expect(page).toHaveURL(/\/en-EU\/search\?q=car\+wash$/);
    await expect(page.getByRole('searchbox', { name: featureText('en-EU', 'messages', 'search.label') })).toHaveValue(
      'car wash',
    );
  });

  test('the 404 search works without JavaScript (a GET form to the search page)', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, baseURL: test.info().project.use.baseURL });
    const page = await context.newPage();
    await page.goto('/sv-SE/finns-inte');
    await page.getByRole('searchbox').fill('tvätt');
    await page.getByRole('button', { name: featureText('sv-SE', 'messages', 'search.submit') }).click();
    await expect(page).toHaveURL(/\/sv-SE\/sok\?q=tv%C3%A4tt$/);
    await context.close();
  });
});
