/**
 * The site search finds stations (docs/stations.md "Site search"): a town's name lists its
 * stations and links to the locator filtered to them, in the country of the town; the
 * everyday words of each language find pages. At 390 and 1280 px, with axe.
 */
import { expect, test, type Page } from '@playwright/test';
import { getHref, LOCALIZED_PATHS, type Locale } from '#shared/locales';
import { message } from './support/content';
import { waitForHydration } from './support/page-helpers';
import { expectNoSeriousViolations } from './support/axe';

async function searchFor(page: Page, locale: Locale, query: string) {
  await page.goto(getHref(locale, LOCALIZED_PATHS.search[locale]));
  await waitForHydration(page);
  const field = page.getByRole('searchbox', { name: message(locale, 'search.label') });
  await field.fill(query);
  await field.press('Enter');
}

function stationsSection(page: Page, locale: Locale) {
  return page.getByRole('region', { name: message(locale, 'search.stations.title') });
}

for (const viewport of [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
]) {
  test.describe(`${viewport.width} px`, () => {
    test.use({ viewport });

    test('"Tampere" lists Tampere\'s stations and "stations in Tampere" opens the filtered locator', async ({
      page,
    }) => {
      await searchFor(page, 'fi-FI', 'Tampere');
      const stations = stationsSection(page, 'fi-FI');
      await expect(stations).toBeVisible();
      await expect(stations.getByRole('listitem').first()).toContainText('Tampere');
      await expectNoSeriousViolations(page);
      await stations.getByRole('link', { name: /Tampere.*asemahaussa/ }).click();
      await expect(page).toHaveURL(/\/asemahaku\?q=Tampere$/);
      await expect(page.locator('.station-list li').first()).toContainText('Tampere');
    });

    test('"Oslo" on the English site links to the Norwegian stations in the locator', async ({ page }) => {
      await searchFor(page, 'en-EU', 'Oslo');
      const stations = stationsSection(page, 'en-EU');
      await stations.getByRole('link', { name: /stations in Oslo in the station locator/ }).click();
      await expect(page).toHaveURL(/\/en-EU\/stationsearch\?q=Oslo&country=NO$/);
      await expect(page.getByRole('combobox').filter({ hasText: 'Norway' })).toHaveValue('NO');
      await expect(page.locator('.station-list li').first()).toContainText('Oslo');
    });

    test('"Bergen" on the Norwegian site opens a station page from the results', async ({ page }) => {
      await searchFor(page, 'no-NO', 'Bergen');
      const first = stationsSection(page, 'no-NO').getByRole('listitem').first().getByRole('link');
      const name = (await first.textContent()) ?? '';
      await first.click();
      await expect(page).toHaveURL(/\/no-NO\/stasjoner\//);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
    });

    test('the Swedish everyday word "bränsle" finds pages', async ({ page }) => {
      await searchFor(page, 'sv-SE', 'bränsle');
      await expect(page.locator('.site-search__list li').first()).toBeVisible();
      await expect(page.getByText(message('sv-SE', 'search.noResults', { query: 'bränsle' }))).toHaveCount(0);
    });
  });
}
