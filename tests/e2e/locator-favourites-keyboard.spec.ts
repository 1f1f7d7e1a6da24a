/**
 * "My stations" by keyboard: un-starring a station in the section takes its row away, and
 * the focus must not go with it (WCAG 2.4.3). It moves to the star of the next favourite,
 * or of the previous one when the last was taken off, or, when none is left, to the same
 * station's star in the results list (now not pressed), so Enter stars it again.
 * Before, the focus fell to <body> and a screen reader said nothing.
 */
import { expect, test, type Page } from '@playwright/test';
import { waitForHydration } from './support/page-helpers';
import { text } from './support/stations';

const LOCATOR = '/en-EU/stationsearch';

function starIn(page: Page, scope: string, name: string) {
  return page.locator(scope).getByRole('button', { name: text('en-EU', 'stations.favourite.label', { name }) });
}

const RESULTS = '.station-list:not(.station-list--favourites)';
const MINE = '.station-list--favourites';

for (const viewport of [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
]) {
  test(`un-starring in "My stations" keeps the keyboard focus on a star (${viewport.width} px)`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await page.goto(`${LOCATOR}?q=tampere`);
    await waitForHydration(page);
    // The whole stored list is in and searched (not the server's first page).
    await expect(page.locator(`${RESULTS} .station-item__name`).first()).toContainText('Tampere');
    const names = (await page.locator(`${RESULTS} .station-item__name`).allTextContents()).slice(0, 3);
    expect(names).toHaveLength(3);

    // Star three stations by keyboard.
    for (const name of names) {
      await starIn(page, RESULTS, name).focus();
      await page.keyboard.press('Enter');
      await expect(starIn(page, MINE, name)).toHaveAttribute('aria-pressed', 'true');
    }
    const [first, second, third] = names as [string, string, string];

    // The middle one off: the focus is on the next favourite's star.
    await starIn(page, MINE, second).focus();
    await page.keyboard.press('Enter');
    await expect(starIn(page, MINE, second)).toHaveCount(0);
    await expect(starIn(page, MINE, third)).toBeFocused();

    // The last one off: the previous favourite's star.
    await page.keyboard.press('Enter');
    await expect(starIn(page, MINE, third)).toHaveCount(0);
    await expect(starIn(page, MINE, first)).toBeFocused();

    // None left: the section goes, and the focus is on that station's star in the results.
    await page.keyboard.press('Enter');
    await expect(page.locator(MINE)).toHaveCount(0);
    const inResults = starIn(page, RESULTS, first);
    await expect(inResults).toBeFocused();
    await expect(inResults).toHaveAttribute('aria-pressed', 'false');
    await page.keyboard.press('Enter');
    await expect(starIn(page, MINE, first)).toHaveAttribute('aria-pressed', 'true');
  });
}
