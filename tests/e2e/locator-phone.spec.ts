/**
 * The locator on a phone (docs/stations.md "On a phone"): a list/map switch at the top,
 * kept in the address (view=map); the map near the top of the page, fitted to the stations
 * (several groups, not one cluster for the country) or, after "near me", to the visitor
 * and the nearest stations; list and map show the same results. A desktop shows both and
 * no switch. Checked with axe.
 */
import { expect, test, type Page } from '@playwright/test';
import { waitForHydration } from './support/page-helpers';
import { text } from './support/stations';
import { expectNoSeriousViolations } from './support/axe';

const LOCATOR = '/asemahaku';
const count = (page: Page) => page.locator('.station-locator__count');
const offlineMap = (page: Page) => page.locator('[data-offline-map]');
const switchGroup = (page: Page) => page.getByRole('group', { name: text('fi-FI', 'stations.view.label') });
const viewButton = (page: Page, view: 'list' | 'map') =>
  switchGroup(page).getByRole('button', { name: text('fi-FI', `stations.view.${view}`) });

async function open(page: Page, path = LOCATOR) {
  await page.goto(path);
  await waitForHydration(page);
  await expect(count(page)).toHaveText(/^\d+\b/);
}

/** The stations the map draws: the sum of its clusters' counts and single markers. */
async function drawnTotal(page: Page): Promise<number> {
  const counts = await page
    .locator('[data-offline-map] [data-kind]')
    .evaluateAll((markers) => markers.map((marker) => Number(marker.getAttribute('data-count') ?? 1)));
  return counts.reduce((sum, value) => sum + value, 0);
}

test.describe('390 px', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('a list/map switch at the top; the map opens near the top, fitted to the stations, and stays in the address', async ({
    page,
  }) => {
    await open(page);
    await expect(viewButton(page, 'list')).toHaveAttribute('aria-pressed', 'true');
    await expect(page.locator('.station-list')).toBeVisible();
    await expect(offlineMap(page)).toBeHidden();
    // The switch comes before the search form and the list.
    const switchTop = (await switchGroup(page).boundingBox())!.y;
    expect(switchTop).toBeLessThan((await page.locator('.station-locator__form').boundingBox())!.y);

    await viewButton(page, 'map').click();
    await expect(page).toHaveURL(/[?&]view=map$/);
    await expect(viewButton(page, 'map')).toHaveAttribute('aria-pressed', 'true');
    await expect(offlineMap(page)).toBeVisible();
    await expect(page.locator('.station-list')).toBeHidden();
    // The map fills the first screen under the switch, the search, the country and its zoom
    // buttons (issue 30 #7: it had about 190 px of it); the buttons cover no station.
    const frame = (await offlineMap(page).boundingBox())!;
    expect(frame.y).toBeLessThan(844 * 0.4);
    expect(frame.y + frame.height).toBeGreaterThan(844 - 32);
    const zoom = (await page.locator('.offline-map__controls').boundingBox())!;
    expect(zoom.y + zoom.height).toBeLessThanOrEqual(frame.y);
    // The search field says what it is for where its label is only read out.
    await expect(page.getByRole('searchbox')).toHaveAttribute('placeholder', /\S/);
    await expect.poll(() => page.locator('[data-offline-map] [data-kind]').count()).toBeGreaterThanOrEqual(4);
    const total = Number(/^\d+/.exec((await count(page).textContent()) ?? '')?.[0]);
    expect(await drawnTotal(page)).toBe(total);
    await expectNoSeriousViolations(page);

    // The address keeps the view: a reload opens the map again; the list drops view=map.
    await page.reload();
    await waitForHydration(page);
    await expect(offlineMap(page)).toBeVisible();
    await viewButton(page, 'list').click();
    await expect(page).toHaveURL(new RegExp(`${LOCATOR}$`));
    await expect(page.locator('.station-list')).toBeVisible();
  });

  test('list and map in step: a search narrows both; a station chosen on the map opens its card', async ({ page }) => {
    await open(page, `${LOCATOR}?view=map`);
    await page.getByLabel(text('fi-FI', 'stations.search.label')).fill('hameenlinna');
    await expect(count(page)).not.toHaveText(/^650\b/);
    const total = Number(/^\d+/.exec((await count(page).textContent()) ?? '')?.[0]);
    await expect.poll(() => drawnTotal(page)).toBe(total);
    expect(total).toBeGreaterThan(1);
    expect(total).toBeLessThanOrEqual(30);

    // Zoom in until single stations show, choose one: its card opens under the map, in view.
    for (let zoom = 0; zoom < 8 && (await page.locator('.offline-map__station').count()) === 0; zoom++) {
      await page.locator('.offline-map__cluster').first().click();
    }
    const marker = page.locator('.offline-map__station').first();
    const name = (await marker.getAttribute('aria-label')) ?? '';
    await marker.click();
    const card = page.locator('.station-card');
    await expect(card.getByRole('link', { name })).toBeVisible();
    await expect(card).toBeInViewport();
    await expect(page).toHaveURL(/q=hameenlinna&view=map$/);

    // The list shows the same stations.
    await viewButton(page, 'list').click();
    await expect(page.locator('.station-list > li')).toHaveCount(total);
    await expect(page.locator('.station-list').getByRole('link', { name })).toHaveCount(1);
  });

  test('"near me" opens the map on the visitor and the nearest stations', async ({ page, context }) => {
    await open(page, `${LOCATOR}?view=map`);
    await expect.poll(() => offlineMap(page).getAttribute('data-zoom')).not.toBeNull();
    const countryZoom = Number(await offlineMap(page).getAttribute('data-zoom'));
    await context.grantPermissions(['geolocation']);
    await context.setGeolocation({ latitude: 60.1699, longitude: 24.9384 });
    await page.getByRole('button', { name: text('fi-FI', 'stations.nearMe') }).click();
    await expect(page.locator('[data-position]')).toBeVisible();
    await expect
      .poll(async () => Number(await offlineMap(page).getAttribute('data-zoom')))
      .toBeGreaterThanOrEqual(countryZoom + 4);
    // The visitor is inside the map's frame.
    const frame = (await offlineMap(page).boundingBox())!;
    const dot = (await page.locator('[data-position]').boundingBox())!;
    expect(dot.x).toBeGreaterThanOrEqual(frame.x);
    expect(dot.x).toBeLessThanOrEqual(frame.x + frame.width);
    expect(dot.y).toBeGreaterThanOrEqual(frame.y);
    expect(dot.y).toBeLessThanOrEqual(frame.y + frame.height);
  });
});

test.describe('1280 px', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('list and map side by side, no switch, whatever the address says', async ({ page }) => {
    await open(page, `${LOCATOR}?view=map`);
    await expect(switchGroup(page)).toBeHidden();
    await expect(page.locator('.station-list')).toBeVisible();
    await expect(offlineMap(page)).toBeVisible();
  });
});
