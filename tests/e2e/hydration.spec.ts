/**
 * The hydrated header on a phone-sized screen: the menu button toggles the main
 * navigation and its aria-expanded state; the skip link is the first stop of the keyboard.
 */
import { expect, test } from '@playwright/test';
import { message } from './support/content';
import { waitForHydration } from './support/page-helpers';

test.use({ locale: 'fi-FI', viewport: { width: 390, height: 844 } });

const OPEN = message('fi-FI', 'nav.openMenu');
const CLOSE = message('fi-FI', 'nav.closeMenu');
const MAIN_NAV = message('fi-FI', 'nav.mainNavigation');

test('the menu button opens and closes the main navigation', async ({ page }) => {
  await page.goto('/');
  await waitForHydration(page);
  const button = page.getByRole('banner').getByRole('button');
  const nav = page.getByRole('navigation', { name: MAIN_NAV });

  await expect(button).toHaveAccessibleName(OPEN);
  await expect(button).toHaveAttribute('aria-expanded', 'false');
  await expect(nav).toBeHidden();
  // The button controls the element that holds the navigation.
  const controls = await button.getAttribute('aria-controls');
  expect(controls).toBeTruthy();
  await expect(
    page.locator(`[id="${controls}"]`).getByRole('navigation', { name: MAIN_NAV, includeHidden: true }),
  ).toHaveCount(1);

  await button.click();
  await expect(button).toHaveAttribute('aria-expanded', 'true');
  await expect(button).toHaveAccessibleName(CLOSE);
  await expect(nav).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Yrityksille', exact: true })).toBeVisible();

  await button.click();
  await expect(button).toHaveAttribute('aria-expanded', 'false');
  await expect(button).toHaveAccessibleName(OPEN);
  await expect(nav).toBeHidden();
});

test('following a link in the open menu closes the menu', async ({ page }) => {
  await page.goto('/');
  await waitForHydration(page);
  const button = page.getByRole('banner').getByRole('button');
  await button.click();
  await page
    .getByRole('navigation', { name: MAIN_NAV })
    .getByRole('link', { name: 'Yrityksille', exact: true })
    .click();
  await expect(page).toHaveURL(/\/yrityksille$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Energiaratkaisut yrityksesi tarpeisiin');
  await expect(button).toHaveAttribute('aria-expanded', 'false');
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
