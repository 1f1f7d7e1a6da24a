/**
 * The station locator and pages (end to end in Chromium): search and filter narrow the list; "near
 * me" sorts by distance; a station page shows its blocks in order; after one online visit
 * the locator works offline and a visited station page opens (the map: stations-map.spec.ts).
 * Each screen at 390 and 1280 px, checked with axe.
 */
import { expect, test, type Page } from '@playwright/test';
import { distanceKm } from '../../src/features/stations/distance';
import type { PagePayload } from '#shared/payload';
import { foldText } from '#shared/search-text';
import { collectErrors, waitForHydration } from './support/page-helpers';
import { stationList, text } from './support/stations';
import { expectNoSeriousViolations } from './support/axe';

const VIEWPORTS = [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
];
const FI_LOCATOR = '/asemahaku';

const listItems = (page: Page) => page.locator('.station-list > li');
const count = (page: Page) => page.locator('.station-locator__count');

/** Opens the locator and waits until the whole stored list is in (not the server's short list). */
async function openLocator(page: Page, path = FI_LOCATOR, total = 650) {
  await page.goto(path);
  await waitForHydration(page);
  await expect(count(page)).toHaveText(new RegExp(`^${total}\\b`));
}

test.use({ locale: 'fi-FI' });

for (const viewport of VIEWPORTS) {
  test.describe(`${viewport.width} px`, () => {
    test.use({ viewport });

    test('search and filters narrow the list; the filters live in the query string', async ({ page }) => {
      const errors = collectErrors(page);
      await openLocator(page);
      const stations = await stationList(page, 'FI');
      // No key in the e2e configuration: the offline map, saying why it is not Google's
      // (the map itself: tests/e2e/stations-map.spec.ts).
      // A phone shows the list or the map (the switch at the top); a desktop both.
      const phone = viewport.width < 992;
      if (phone) await page.getByRole('button', { name: text('fi-FI', 'stations.view.map') }).click();
      await expect(page.locator('[data-offline-map]')).toBeVisible();
      await expect(page.locator('.station-map__note')).toHaveText(text('fi-FI', 'stations.map.noKey'));
      if (phone) await page.getByRole('button', { name: text('fi-FI', 'stations.view.list') }).click();

      const search = page.getByLabel(text('fi-FI', 'stations.search.label'));
      await search.fill('hameenlinna');
      const inTown = stations.filter((station) => station.city === 'Hämeenlinna');
      expect(inTown.length).toBeGreaterThan(1);
      await expect(listItems(page)).toHaveCount(inTown.length);
      for (const name of await page.locator('.station-item__name').allTextContents())
        expect(name).toContain('Hämeenlinna');
      await expect(page).toHaveURL(/\?q=hameenlinna$/);

      // A service filter narrows further, to the stations with a car wash.
      await page.locator('.station-locator__filters summary').click();
      await page.getByLabel(text('fi-FI', 'stations.filter.carwash')).check();
      const withWash = inTown.filter((station) => station.services.includes('carwash'));
      await expect(listItems(page)).toHaveCount(withWash.length);
      await expect(page).toHaveURL(/\?q=hameenlinna&service=carwash$/);

      // Open now: only stations whose status says open.
      await search.fill('');
      await page.getByLabel(text('fi-FI', 'stations.filter.carwash')).uncheck();
      await page.getByLabel(text('fi-FI', 'stations.openNow.label'), { exact: true }).check();
      await expect(page.locator('.station-status--closed')).toHaveCount(0);
      await expect(page.locator('.station-status--open').first()).toBeVisible();

      // A postal code finds its station.
      await page.getByLabel(text('fi-FI', 'stations.openNow.label'), { exact: true }).uncheck();
      const sample = stations.find((station) => station.city === 'Jyväskylä')!;
      await search.fill(sample.postalCode);
      await expect(page.locator(`[data-station-id="${sample.id}"]`)).toBeVisible();

      await expectNoSeriousViolations(page, `locator at ${viewport.width} px`);
      expect(errors.filter((error) => !error.includes('_payload.json') && !error.includes('404'))).toEqual([]);
    });

    test('the filter panel stays open when the last filter is unticked', async ({ page }) => {
      await openLocator(page);
      const panel = page.locator('.station-locator__filters');
      const diesel = page.getByLabel(text('fi-FI', 'stations.filter.diesel'), { exact: true });
      await panel.locator('summary').click();
      await diesel.check();
      await expect(page).toHaveURL(/service=diesel/);
      await diesel.uncheck();
      await expect(count(page)).toHaveText(/^650\b/);
      await expect(panel).toHaveAttribute('open', '');
      await expect(diesel).toBeVisible();
      // The visitor still opens and closes it, by keyboard too.
      await panel.locator('summary').press('Enter');
      await expect(panel).not.toHaveAttribute('open');
      await panel.locator('summary').press('Enter');
      await expect(diesel).toBeVisible();
    });

    test('a linked filtered view opens filtered (?service=MAIN)', async ({ page }) => {
      await page.goto(`${FI_LOCATOR}?service=MAIN&q=rovaniemi`);
      await waitForHydration(page);
      const stations = await stationList(page, 'FI');
      const expected = stations.filter(
        (station) =>
          foldText(`${station.name} ${station.city} ${station.address}`).includes('rovaniemi') && !station.express,
      );
      expect(expected.length).toBeGreaterThan(0);
      await expect(listItems(page)).toHaveCount(expected.length);
      await expect(page.getByLabel(text('fi-FI', 'stations.filter.MAIN'))).toBeChecked();
    });
  });
}

test('typing: the list follows each key, the address only the words typed once the typing pauses', async ({ page }) => {
  // Each write of the address costs a history update and, in Chromium, a new load of the
  // favicon: a write on every key made typing slow (docs/performance.md "Interaction").
  await page.addInitScript(() => {
    const writes: string[] = [];
    (window as unknown as { addressWrites: string[] }).addressWrites = writes;
    // When each key reached the page: a pause of the machine between two keys is a pause
    // of the typing for the page, which rightly writes the words then.
    const keys: number[] = [];
    (window as unknown as { keyTimes: number[] }).keyTimes = keys;
    document.addEventListener('input', () => keys.push(performance.now()), true);
    const replace = history.replaceState.bind(history);
    history.replaceState = (state: unknown, unused: string, url?: string | URL | null) => {
      if (url) writes.push(String(url));
      replace(state, unused, url);
    };
  });
  await openLocator(page);
  const search = page.getByLabel(text('fi-FI', 'stations.search.label'));
  await search.click();
  await page.keyboard.type('hameenlinna', { delay: 40 });
  await expect(search).toHaveValue('hameenlinna');
  await expect(page).toHaveURL(/\?q=hameenlinna$/);
  for (const name of await page.locator('.station-item__name').allTextContents()) expect(name).toContain('Hämeenlinna');
  const { writes, keys } = await page.evaluate(() => {
    const seen = window as unknown as { addressWrites: string[]; keyTimes: number[] };
    return { writes: seen.addressWrites.filter((url) => url.includes('q=')), keys: seen.keyTimes };
  });
  // Eleven keys, 40 ms apart: the words reach the address once, plus once for each gap
  // between keys long enough to be a pause (TYPING_PAUSE_MS, 400 ms, in use-settled-words.ts; a
  // loaded machine can stall that long between two keys). A write per key would be eleven.
  const pauses = keys.slice(1).filter((time, index) => time - keys[index]! >= 350).length;
  expect(keys).toHaveLength(11);
  expect(writes.length).toBeGreaterThanOrEqual(1);
  expect(writes.length).toBeLessThanOrEqual(1 + pauses);
  expect(writes.at(-1)).toMatch(/\?q=hameenlinna$/);
});

test.describe('near me', () => {
  const tampere = { latitude: 61.4978, longitude: 23.761 };
  test.use({ geolocation: tampere, permissions: ['geolocation'], viewport: { width: 1280, height: 800 } });

  test('with a granted position the list is sorted by distance', async ({ page }) => {
    await openLocator(page);
    await page.getByRole('button', { name: text('fi-FI', 'stations.nearMe') }).click();
    await expect(page).toHaveURL(/sort=distance/);
    await expect(count(page)).toContainText(text('fi-FI', 'stations.sortedByDistance'));
    const stations = await stationList(page, 'FI');
    const ids = await listItems(page).evaluateAll((items) =>
      items.slice(0, 10).map((item) => item.getAttribute('data-station-id')!),
    );
    const here = { lat: tampere.latitude, lng: tampere.longitude };
    const nearest = [...stations].sort((a, b) => distanceKm(here, a) - distanceKm(here, b)).slice(0, 10);
    expect(ids).toEqual(nearest.map((station) => station.id));
    await expect(listItems(page).first().locator('.station-item__distance')).toBeVisible();
  });
});

/** A Finnish station whose page has a lunch list, a food menu and a car wash. */
async function richStation(page: Page): Promise<{ slug: string; payload: PagePayload }> {
  const stations = await stationList(page, 'FI');
  for (const station of stations.filter((s) => s.services.includes('lunch') && s.services.includes('carwash'))) {
    const response = await page.request.get(`/asemat/${station.slug}/_payload.json`);
    const payload = (await response.json()) as PagePayload;
    const content = payload.page?.content;
    if (content?.lunchList && content.foodMenu && content.station?.carwash) return { slug: station.slug, payload };
  }
  throw new Error('No seeded Finnish station has a lunch list, a food menu and a car wash');
}

for (const viewport of VIEWPORTS) {
  test(`a station page shows its blocks in the order of spec §4 (${viewport.width} px)`, async ({ page }) => {
    await page.setViewportSize(viewport);
    const { slug, payload } = await richStation(page);
    const errors = collectErrors(page);
    await page.goto(`/asemat/${slug}`);
    await waitForHydration(page);
    const station = payload.page!.content.station!;
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(station.name);
    const order = await page
      .locator('[data-station-block]')
      .evaluateAll((sections) => sections.map((section) => section.getAttribute('data-station-block')));
    // Today's lunch is served on weekdays only, so its block comes and goes with the day.
    const lunch = station.lunch ? ['lunch'] : [];
    expect(order).toEqual(['header', ...lunch, 'lunchList', 'body', 'attributes', 'foodMenu', 'carwash', 'map']);
    await expect(page.getByRole('link', { name: text('fi-FI', 'stations.page.directions') })).toHaveAttribute(
      'href',
      `https://www.google.com/maps/dir/?api=1&destination=${station.lat},${station.lng}`,
    );
    await expect(page.getByRole('link', { name: station.phone })).toHaveAttribute(
      'href',
      `tel:${station.phone.replace(/\s/g, '')}`,
    );
    await expect(page.locator('.opening-hours').first()).toBeVisible();
    // No map key in the e2e configuration: the built-in map is drawn, with a note saying why
    // it is not Google's, and no notice points to a list the page does not have.
    const mapBlock = page.locator('[data-station-block="map"]');
    // The map at the end of the page is drawn when it comes near the screen (docs/performance.md).
    await expect(mapBlock.locator('.offline-map')).toHaveCount(0);
    await mapBlock.scrollIntoViewIfNeeded();
    await expect(mapBlock.locator('.offline-map')).toBeVisible();
    await expect(mapBlock.locator('.station-map__note')).toHaveText(text('fi-FI', 'stations.map.noKey'));
    await expect(mapBlock.locator('.station-map__message')).toHaveCount(0);
    await expectNoSeriousViolations(page, `station page at ${viewport.width} px`);
    // No hydration mismatch or script error (a 404 of another feature's prefetch aside).
    expect(errors.filter((error) => !error.includes('404'))).toEqual([]);

    // The car-wash block is for fi-FI only.
    await page.goto(`/en-EU/stations/${slug}`);
    await waitForHydration(page);
    const english = await page
      .locator('[data-station-block]')
      .evaluateAll((sections) => sections.map((section) => section.getAttribute('data-station-block')));
    expect(english).toEqual(['header', ...lunch, 'lunchList', 'body', 'attributes', 'foodMenu', 'map']);
  });
}

test('a station page does not move when its open-now statuses arrive after hydration (412 px)', async ({ page }) => {
  await page.setViewportSize({ width: 412, height: 823 });
  const { slug } = await richStation(page);
  const factsTop = () => page.locator('.station-page__facts').evaluate((facts) => facts.getBoundingClientRect().top);
  // The server's page as painted before any script runs.
  await page.route('**/assets/*.js', (route) => route.abort());
  await page.goto(`/asemat/${slug}`);
  const before = await factsTop();
  expect(await page.locator('.station-open-status li').count()).toBeGreaterThanOrEqual(3);
  await page.unroute('**/assets/*.js');
  await page.goto(`/asemat/${slug}`);
  await waitForHydration(page);
  await expect(page.locator('.station-open-status .station-status--pending')).toHaveCount(0);
  // Issue 31, finding 10: the rows grew from one line to two and pushed the facts 99 px down.
  expect(Math.abs((await factsTop()) - before)).toBeLessThan(1);
});

test('after one online visit the locator and a visited station page work offline', async ({ page, context }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await openLocator(page);
  const stations = await stationList(page, 'FI');
  const visited = stations.find((station) => station.city === 'Kuopio')!;

  // Visit a station page in the app, then come back.
  await page.getByLabel(text('fi-FI', 'stations.search.label')).fill(visited.name);
  await page.getByRole('link', { name: visited.name }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(visited.name);
  await page.goBack();
  await expect(count(page)).toHaveText(/^1\b/);
  // The map is not shown yet (a phone shows the list), but its code loads once the page
  // has settled, so that it draws offline without a service worker.
  await expect
    .poll(() =>
      page.evaluate(() =>
        performance.getEntriesByType('resource').some((entry) => /\/assets\/offline-map-.*\.js$/.test(entry.name)),
      ),
    )
    .toBe(true);

  await context.setOffline(true);
  await expect(page.locator('.station-notice--offline')).toHaveText(text('fi-FI', 'stations.offline'));
  await expect(page.locator('.station-locator__notices')).toContainText(
    text('fi-FI', 'stations.freshness', { time: '' }).trim().slice(0, 12),
  );

  // Lists, searches and filters from the stored stations.
  const search = page.getByLabel(text('fi-FI', 'stations.search.label'));
  await search.fill('kuopio');
  const inKuopio = stations.filter((station) => station.city === 'Kuopio');
  await expect(listItems(page)).toHaveCount(inKuopio.length);
  await page.locator('.station-locator__filters summary').click();
  await page.getByLabel(text('fi-FI', 'stations.filter.diesel'), { exact: true }).check();
  await expect(listItems(page)).toHaveCount(inKuopio.filter((station) => station.services.includes('diesel')).length);
  // The offline map draws the stored stations (a phone shows it instead of the list).
  await page.getByRole('button', { name: text('fi-FI', 'stations.view.map') }).click();
  await expect(page.locator('[data-offline-map] [data-kind]').first()).toBeVisible();
  await page.getByRole('button', { name: text('fi-FI', 'stations.view.list') }).click();

  // The visited station page opens from the device.
  await page.getByRole('link', { name: visited.name }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(visited.name);
  await expect(page.locator('[data-station-block="attributes"]')).toBeVisible();
  await context.setOffline(false);
});

for (const [locale, path, total] of [
  ['en-EU', '/en-EU/stationsearch', 650],
  ['sv-SE', '/sv-SE/hitta-station', 350],
  ['no-NO', '/no-NO/finn-stasjon', 300],
] as const) {
  test(`${locale}: the locator lists its country, in its language, with no serious axe violations`, async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await openLocator(page, path, total);
    await expect(page.getByLabel(text(locale, 'stations.search.label'))).toBeVisible();
    await expect(page.locator('.station-map__note')).toHaveText(text(locale, 'stations.map.noKey'));
    await expectNoSeriousViolations(page, `${path} at 390 px`);
  });
}
