/**
 * The header's user label (spec §4: the first name when logged in) on phones: a long
 * first name ends in an ellipsis and never pushes the menu button off the bar. At 390 px
 * in English ("Station Locator" is the longest quick link) a name like
 * "Anna-Kristiina Maximiliana" made the page 414 px wide and cut the menu button in half.
 * The session is answered by routes (an authorized check and a customer record), so no
 * account is touched.
 */
import { expect, test, type Page } from '@playwright/test';
import { waitForHydration } from './support/page-helpers';

const LONG_NAME = 'Anna-Kristiina Maximiliana';

async function asCustomerNamed(page: Page, firstName: string) {
  await page.route('**/api/v1/auth', (route) =>
    route.fulfill({ status: 204, headers: { 'user-status': 'AUTHORIZED', 'cache-control': 'no-store' } }),
  );
  await page.route('**/proxy/customers/v1/customer', (route) =>
    route.fulfill({
      json: {
        firstName,
        lastName: 'Andersson',
        emailToken: 'anna@example.se',
        phoneNumber: '+46701234567',
        marketing: [],
      },
    }),
  );
  await page.route('**/proxy/customers/v1/cards', (route) => route.fulfill({ json: [] }));
}

// From 375 px (narrower phones show a person icon instead of the label: the guest test
// below). One page per locale, resized through the widths:
// the label's room is a matter of layout, not of the load.
for (const path of ['/', '/en-EU', '/sv-SE', '/no-NO']) {
  test(`a long first name keeps the header at 375, 390 and 430 px (${path})`, async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await asCustomerNamed(page, LONG_NAME);
    await page.goto(path);
    await waitForHydration(page);
    const label = page.getByTestId('user-label');
    await expect(label).toHaveText(LONG_NAME);

    const box = async (selector: string) => (await page.locator(selector).first().boundingBox())!;
    for (const width of [375, 390, 430]) {
      await page.setViewportSize({ width, height: 800 });
      const menu = await box('.site-header__menu-button');
      expect(menu.x + menu.width, `${width} px`).toBeLessThanOrEqual(width);
      const labelBox = await box('[data-testid="user-label"]');
      expect(labelBox.x + labelBox.width, `${width} px`).toBeLessThanOrEqual(menu.x);
      // Readable: at least a few letters before the ellipsis.
      expect(labelBox.width, `${width} px`).toBeGreaterThanOrEqual(40);
      expect(await page.evaluate(() => document.documentElement.scrollWidth), `${width} px`).toBeLessThanOrEqual(width);
    }
  });
}

/** Whether the label's text shows whole: not cut, not squeezed to nothing. */
const textShowsWhole = (page: Page) =>
  page.getByTestId('user-label').evaluate((label) => {
    const text = label.querySelector('.site-header__user-text') ?? label;
    return label.scrollWidth <= label.clientWidth && text.getBoundingClientRect().width > 20;
  });

// A guest's "Log in" was cut to "Log…" at 390 px in English, and squeezed to nothing at
// 320 px. One page, through the locales and the widths.
test('a guest sees the whole login word from 375 px, and a person icon below', async ({ page }) => {
  for (const path of ['/', '/en-EU', '/sv-SE', '/no-NO']) {
    await page.setViewportSize({ width: 390, height: 800 });
    await page.goto(path);
    await waitForHydration(page);
    const label = page.getByTestId('user-label');
    const word = (await label.textContent())!;
    for (const width of [430, 390, 375]) {
      await page.setViewportSize({ width, height: 800 });
      expect(await textShowsWhole(page), `${path} at ${width} px: "${word}" whole`).toBe(true);
      await expect(label.locator('svg')).toBeHidden();
    }
    for (const width of [360, 320]) {
      await page.setViewportSize({ width, height: 800 });
      const icon = (await label.locator('svg').boundingBox())!;
      expect(icon.width, `${path} at ${width} px`).toBeGreaterThanOrEqual(20);
      const target = (await label.boundingBox())!;
      const menu = (await page.locator('.site-header__menu-button').boundingBox())!;
      expect(target.width, `${path} at ${width} px: a 24 px target`).toBeGreaterThanOrEqual(24);
      expect(target.x + target.width, `${path} at ${width} px`).toBeLessThanOrEqual(menu.x);
      expect(menu.x + menu.width, `${path} at ${width} px`).toBeLessThanOrEqual(width);
      await expect(label).toHaveAccessibleName(word);
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth),
        `${path} at ${width} px`,
      ).toBeLessThanOrEqual(width);
    }
  }
});
