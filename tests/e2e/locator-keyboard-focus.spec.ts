/**
 * The locator's buttons that go away when pressed must not take the keyboard focus with
 * them (WCAG 2.4.3): "Show more stations" moves it to the first station it added (also
 * when it was the last page and the button is gone), "Clear search" to the emptied search
 * field. Before, both left the focus on <body>, and Tab started again from the page's top.
 */
import { expect, test } from '@playwright/test';
import { waitForHydration } from './support/page-helpers';
import { text } from './support/stations';

const RESULTS = '.station-list:not(.station-list--favourites) > li';

for (const viewport of [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
]) {
  test(`"Show more" and "Clear search" keep the keyboard focus (${viewport.width} px)`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await page.goto('/en-EU/stationsearch?q=tampere');
    await waitForHydration(page);
    const items = page.locator(RESULTS);
    await expect(items.first()).toContainText('Tampere');
    const before = await items.count();
    const more = page.locator('.station-locator__more');
    await expect(more).toBeVisible();

    await more.focus();
    await page.keyboard.press('Enter');
    await expect(items).not.toHaveCount(before);
    // The first station added has the focus (Tampere has one page more: the button is gone).
    await expect(items.nth(before).locator('.station-item__name a')).toBeFocused();

    const clear = page.getByRole('button', { name: text('en-EU', 'stations.clear') });
    await clear.focus();
    await page.keyboard.press('Enter');
    await expect(clear).toHaveCount(0);
    const search = page.getByLabel(text('en-EU', 'stations.search.label'));
    await expect(search).toHaveValue('');
    await expect(search).toBeFocused();
  });
}
