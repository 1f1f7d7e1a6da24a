/**
 * Accessibility: axe-core finds no serious or critical WCAG 2.2 AA violations on the
 * landing page of every locale, a content page and the 404 page, on a phone and a desktop.
 */
import { expect, test } from '@playwright/test';
import { message } from './support/content';
import { waitForHydration } from './support/page-helpers';
import { seriousViolations } from './support/axe';

const PAGES = ['/', '/en-EU', '/sv-SE', '/no-NO', '/yrityksille', '/this-page-does-not-exist'];
const VIEWPORTS = [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
];

test.use({ locale: 'fi-FI' });

// One load per page, scanned on a phone and then, resized, on a desktop: the layouts differ
// by media queries only (the server renders the same document for both), and a new page
// per width cost a browser context, a load and a hydration per scan.
for (const path of PAGES) {
  test(`${path} has no serious or critical violations at 390 and 1280 px`, async ({ page }) => {
    await page.setViewportSize(VIEWPORTS[0]!);
    await page.goto(path);
    await waitForHydration(page);
    for (const viewport of VIEWPORTS) {
      await page.setViewportSize(viewport);
      const violations = await seriousViolations(page);
      expect(violations, `${path} at ${viewport.width} px:\n${JSON.stringify(violations, null, 2)}`).toEqual([]);
    }
  });
}

test('the open mobile menu has no serious or critical violations', async ({ page }) => {
  await page.setViewportSize(VIEWPORTS[0]!);
  await page.goto('/');
  await waitForHydration(page);
  // The menu button is the <summary> of a <details> disclosure.
  await page
    .getByRole('banner')
    .locator('summary', { hasText: message('fi-FI', 'nav.openMenu') })
    .click();
  await expect(page.getByRole('navigation', { name: message('fi-FI', 'nav.mainNavigation') })).toBeVisible();
  const violations = await seriousViolations(page);
  expect(violations, JSON.stringify(violations, null, 2)).toEqual([]);
});
