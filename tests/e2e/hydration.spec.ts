/**
 * The hydrated header on a phone-sized screen: the menu disclosure toggles the main
 * navigation and its label; the skip link is the first stop of the keyboard.
 */
import { expect, test } from '@playwright/test';
import { message } from './support/content';
import { waitForHydration } from './support/page-helpers';

test.use({ locale: 'fi-FI', viewport: { width: 390, height: 844 } });

const OPEN = message('fi-FI', 'nav.openMenu');
const CLOSE = message('fi-FI', 'nav.closeMenu');
const MAIN_NAV = message('fi-FI', 'nav.mainNavigation');

test('the menu disclosure opens and closes the main navigation', async ({ page }) => {
  await page.goto('/');
  await waitForHydration(page);
  // The menu is a <details> whose <summary> is the button (works without JavaScript too).
  const menu = page.getByRole('banner').locator('details');
  const toggle = menu.locator('summary');
  const nav = page.getByRole('navigation', { name: MAIN_NAV });

  await expect(toggle).toHaveAccessibleName(OPEN);
  await expect(menu).not.toHaveAttribute('open');
  await expect(nav).toBeHidden();
  // The disclosure holds the navigation.
  await expect(menu.getByRole('navigation', { name: MAIN_NAV, includeHidden: true })).toHaveCount(1);

  await toggle.click();
  await expect(menu).toHaveAttribute('open', '');
  await expect(toggle).toHaveAccessibleName(CLOSE);
  await expect(nav).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Yrityksille', exact: true })).toBeVisible();

  await toggle.click();
  await expect(menu).not.toHaveAttribute('open');
  await expect(toggle).toHaveAccessibleName(OPEN);
  await expect(nav).toBeHidden();

  // Esc closes the open menu and returns focus to its button.
  await toggle.click();
  await nav.getByRole('link', { name: 'Yrityksille', exact: true }).focus();
  await page.keyboard.press('Escape');
  await expect(menu).not.toHaveAttribute('open');
  await expect(toggle).toBeFocused();
});

test('following a link in the open menu closes the menu', async ({ page }) => {
  await page.goto('/');
  await waitForHydration(page);
  const menu = page.getByRole('banner').locator('details');
  await menu.locator('summary').click();
  await page
    .getByRole('navigation', { name: MAIN_NAV })
    .getByRole('link', { name: 'Yrityksille', exact: true })
    .click();
  await expect(page).toHaveURL(/\/yrityksille$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Energiaratkaisut yrityksesi tarpeisiin');
  await expect(menu).not.toHaveAttribute('open');
  await expect(page.getByRole('navigation', { name: MAIN_NAV })).toBeHidden();
});

test('keyboard: the skip link comes first and moves focus to the main content', async ({ page }) => {
  await page.goto('/');
  await waitForHydration(page);
  const skipLink = page.getByRole('link', { name: message('fi-FI', 'nav.skipToContent') });

  await page.keyboard.press('Tab');
  await expect(skipLink).toBeFocused();
  await expect(skipLink).toBeInViewport();

  await page.keyboard.press('Enter');
  await expect(page.getByRole('main')).toBeFocused();
  await expect(page).toHaveURL(/\/#main$/);
  // The next Tab continues inside the main content, not back in the header.
  await page.keyboard.press('Tab');
  const focusedInMain = await page.evaluate(
    () => document.querySelector('main')?.contains(document.activeElement) ?? false,
  );
  expect(focusedInMain).toBe(true);
});
