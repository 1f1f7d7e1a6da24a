/**
 * The station map (offline, at scale, and only with consent for Google's), end to end in Chromium:
 * - without a key, or offline, or without consent for Google Maps, the locator and the
 *   station pages draw the built-in offline map: country outlines, clusters by spec §9
 *   (checked against a reference Supercluster), a cluster click zooms in, a marker opens
 *   its station, keyboard and pinch zoom, axe;
 * - after one visit it draws with the network off, from the service worker's precache;
 * - with a key and consent, Google's map is the map: a fake `google.maps` is served at the
 *   real script address (page.route) and the test checks the loader's parameters, the
 *   clusterer's options and the red/blue rule on the markers it draws;
 * - the Maps script is never requested before the visitor allows Google Maps.
 */
import { expect, test, type Page } from '@playwright/test';
import Supercluster from 'supercluster';
import { parseLocatorQuery } from '../../src/features/stations/locator-query';
import { indexStations, searchStations } from '../../src/features/stations/station-search';
import type { StationSummary } from '#shared/stations';
import { message } from './support/content';
import { collectErrors, waitForHydration } from './support/page-helpers';
import { savedPages, storedStationCount, waitForServiceWorkerControl } from './support/pwa';
import { FAKE_MAPS_KEY, stationList, text, useFakeMaps } from './support/stations';
import { expectNoSeriousViolations } from './support/axe';

const FI_LOCATOR = '/asemahaku';
const count = (page: Page) => page.locator('.station-locator__count');
const offlineMap = (page: Page) => page.locator('[data-offline-map]');
const note = (page: Page) => page.locator('.station-map__note');

async function openLocator(page: Page, total = 650) {
  await page.goto(FI_LOCATOR);
  await waitForHydration(page);
  await expect(count(page)).toHaveText(new RegExp(`^${total}\\b`));
}

/**
 * Clusters and single markers of a Supercluster index at a zoom, as sorted counts. The
 * stations go in in the order the locator hands them to the map (its unfiltered result
 * list), because Supercluster's greedy grouping depends on the order.
 */
function referenceCounts(
  stations: readonly StationSummary[],
  options: Supercluster.Options<object, object>,
  zoom: number,
): number[] {
  const ordered = searchStations(indexStations(stations), {
    ...parseLocatorQuery(''),
    position: null,
    now: new Date(),
  }).map((result) => result.station);
  const index = new Supercluster(options);
  index.load(
    ordered.map((station) => ({
      type: 'Feature' as const,
      properties: {},
      geometry: { type: 'Point' as const, coordinates: [station.lng, station.lat] },
    })),
  );
  return index
    .getClusters([-180, -90, 180, 90], zoom)
    .map((item) => (item.properties as { point_count?: number }).point_count ?? 1)
    .sort((a, b) => a - b);
}

/** What a map draws: each marker's kind, count and colour. */
async function drawnMarkers(page: Page, selector: string) {
  return page.locator(selector).evaluateAll((markers) =>
    markers.map((marker) => ({
      kind: marker.getAttribute('data-kind'),
      count: Number(marker.getAttribute('data-count') ?? 1),
      colour: marker.getAttribute('data-colour'),
    })),
  );
}

/** Spec §9: red when the count exceeds max(10, mean cluster size), else blue; some of each colour here. */
function expectColourRule(markers: Array<{ kind: string | null; count: number; colour: string | null }>) {
  const mean = markers.reduce((sum, marker) => sum + marker.count, 0) / markers.length;
  const clusters = markers.filter((marker) => marker.kind === 'cluster');
  for (const cluster of clusters) expect(cluster.colour).toBe(cluster.count > Math.max(10, mean) ? 'red' : 'blue');
  expect(clusters.some((cluster) => cluster.colour === 'red')).toBe(true);
  expect(clusters.some((cluster) => cluster.colour === 'blue')).toBe(true);
}

test.use({ locale: 'fi-FI' });

test.describe('offline map, no key (the e2e server has none)', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('the locator draws the countries and clusters by spec §9; a cluster zooms in, a marker opens its station', async ({
    page,
  }) => {
    const errors = collectErrors(page);
    await openLocator(page);
    const stations = await stationList(page, 'FI');
    await expect(offlineMap(page)).toBeVisible();
    await expect(note(page)).toHaveText(text('fi-FI', 'stations.map.noKey'));
    await expect(page.locator('.offline-map__country')).toHaveCount(3);

    // Radius 60 screen px (extent 256 at 256 px per tile), max zoom 16: the same clusters as
    // a reference index, every station in exactly one of them, coloured by the rule.
    const zoom = Number(await offlineMap(page).getAttribute('data-zoom'));
    const drawn = await drawnMarkers(page, '[data-offline-map] [data-kind]');
    expect(drawn.reduce((sum, marker) => sum + marker.count, 0)).toBe(650);
    expect(drawn.map((marker) => marker.count).sort((a, b) => a - b)).toEqual(
      referenceCounts(stations, { radius: 60, maxZoom: 16, extent: 256 }, zoom),
    );
    expectColourRule(drawn);
    // What is drawn is said in words.
    await expect(page.locator('.offline-map__summary')).toContainText('650');
    await expectNoSeriousViolations(page, 'locator with the offline map');

    // A cluster zooms in to its stations, and the map keeps the keyboard focus.
    await page.locator('.offline-map__cluster').first().click();
    await expect.poll(async () => Number(await offlineMap(page).getAttribute('data-zoom'))).toBeGreaterThan(zoom);
    await expect(offlineMap(page)).toBeFocused();
    const zoomedIn = Number(await offlineMap(page).getAttribute('data-zoom'));
    // Keyboard: "-" zooms out, "+" in again; the buttons do the same.
    await page.keyboard.press('-');
    await expect.poll(async () => Number(await offlineMap(page).getAttribute('data-zoom'))).toBe(zoomedIn - 1);
    await page.getByRole('button', { name: text('fi-FI', 'stations.map.zoomIn'), exact: true }).click();
    await expect.poll(async () => Number(await offlineMap(page).getAttribute('data-zoom'))).toBe(zoomedIn);
    await page.getByRole('button', { name: text('fi-FI', 'stations.map.showAll'), exact: true }).click();
    await expect.poll(async () => Number(await offlineMap(page).getAttribute('data-zoom'))).toBe(zoom);

    // Drag pans the map.
    const box = (await offlineMap(page).boundingBox())!;
    const firstCluster = page.locator('.offline-map__cluster').first();
    const before = (await firstCluster.boundingBox())!;
    await page.mouse.move(box.x + 20, box.y + box.height - 20);
    await page.mouse.down();
    await page.mouse.move(box.x + 120, box.y + box.height - 60, { steps: 5 });
    await page.mouse.up();
    const after = (await firstCluster.boundingBox())!;
    expect(Math.round(after.x - before.x)).toBe(100);

    // One station: its marker opens its card, whose link opens its page with its own map.
    const one = stations.find((station) => station.city === 'Rovaniemi')!;
    await page.getByLabel(text('fi-FI', 'stations.search.label')).fill(one.name);
    const marker = page.locator('[data-offline-map] button[data-kind="marker"]');
    await expect(marker).toHaveCount(1);
    await expect(marker).toHaveAccessibleName(one.name);
    await marker.click();
    await page.locator('.station-card').getByRole('link', { name: one.name }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(one.name);
    // The station page's map, at its end, is drawn when it comes near the screen.
    await page.locator('[data-station-block="map"]').scrollIntoViewIfNeeded();
    await expect(offlineMap(page).locator(`[data-station-id="${one.id}"]`)).toBeVisible();
    await expect(note(page)).toHaveText(text('fi-FI', 'stations.map.noKey'));
    await expectNoSeriousViolations(page, 'station page with the offline map');
    expect(errors.filter((error) => !error.includes('404'))).toEqual([]);
  });

  test('the map keeps the visitor\'s zoom when the list is refreshed for "open now" every minute', async ({ page }) => {
    await page.clock.install();
    await openLocator(page);
    // The map draws the results after the list (use-after-list.ts): read its zoom once fitted.
    await expect(offlineMap(page).locator('[data-count]').first()).toBeVisible();
    const zoom = Number(await offlineMap(page).getAttribute('data-zoom'));
    await page.getByRole('button', { name: text('fi-FI', 'stations.map.zoomIn'), exact: true }).click();
    await expect.poll(async () => Number(await offlineMap(page).getAttribute('data-zoom'))).toBe(zoom + 1);
    await page.clock.fastForward('01:05');
    await page.waitForTimeout(300);
    expect(Number(await offlineMap(page).getAttribute('data-zoom'))).toBe(zoom + 1);
  });

  test('"near me" puts the visitor on the map', async ({ page, context }) => {
    await context.grantPermissions(['geolocation']);
    await context.setGeolocation({ latitude: 61.4978, longitude: 23.761 });
    await openLocator(page);
    await expect(page.locator('[data-position]')).toHaveCount(0);
    await page.getByRole('button', { name: text('fi-FI', 'stations.nearMe') }).click();
    await expect(page.locator('[data-position]')).toBeVisible();
    await expect(page.locator('.offline-map__summary')).toContainText(text('fi-FI', 'stations.map.positionShown'));
  });
});

test.describe('offline map on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('pinch zooms in; no serious axe violation', async ({ page }) => {
    await openLocator(page);
    await page.getByRole('button', { name: text('fi-FI', 'stations.view.map') }).click();
    await offlineMap(page).scrollIntoViewIfNeeded();
    const zoom = Number(await offlineMap(page).getAttribute('data-zoom'));
    const box = (await offlineMap(page).boundingBox())!;
    // Two fingers moving apart from the middle of the map (d3-zoom reads touch events).
    const cdp = await page.context().newCDPSession(page);
    // Near the frame's top-left corner, off the markers (a touch that starts on a marker is
    // a press of it, not a pinch): the map is fitted to the stations with 60 px around them.
    const cx = box.x + 50;
    const cy = box.y + 40;
    const fingers = (spread: number) => [
      { x: cx - spread, y: cy, id: 1 },
      { x: cx + spread, y: cy, id: 2 },
    ];
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: fingers(20) });
    for (const spread of [40, 60, 80, 100, 120]) {
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: fingers(spread) });
    }
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    await expect.poll(async () => Number(await offlineMap(page).getAttribute('data-zoom'))).toBeGreaterThan(zoom);
    await expectNoSeriousViolations(page, 'locator with the offline map at 390 px');
  });
});

test.describe('offline map after one visit, network off', () => {
  test.use({ serviceWorkers: 'allow', viewport: { width: 1280, height: 800 } });

  test('the locator draws the map from the precache although the online visit never opened it', async ({
    page,
    context,
  }) => {
    await page.goto('/yrityksille');
    await waitForHydration(page);
    await waitForServiceWorkerControl(page);
    const total = (await stationList(page, 'FI')).length;
    await expect.poll(() => savedPages(page), { timeout: 15_000 }).toContain(FI_LOCATOR);
    await expect.poll(() => storedStationCount(page, 'FI'), { timeout: 15_000 }).toBe(total);
    // The page never loaded the map's code: only the worker's precache holds it.
    const mapScripts = await page.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .map((entry) => entry.name)
        .filter((name) => /\/assets\/offline-map-/.test(name)),
    );
    expect(mapScripts).toEqual([]);

    await context.setOffline(true);
    await page.goto(FI_LOCATOR);
    await waitForHydration(page);
    await expect(count(page)).toHaveText(new RegExp(`^${total}\\b`));
    await expect(note(page)).toHaveText(text('fi-FI', 'stations.map.noKey'));
    await expect(page.locator('.offline-map__country')).toHaveCount(3);
    const drawn = await drawnMarkers(page, '[data-offline-map] [data-kind]');
    expect(drawn.reduce((sum, marker) => sum + marker.count, 0)).toBe(total);
    await context.setOffline(false);
  });
});

test.describe('Google Maps with a key', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('the Maps script waits for consent: offline map and "Allow Google Maps" until then', async ({
    page,
    context,
  }) => {
    const maps = await useFakeMaps(page, { consent: false });
    await openLocator(page);
    await expect(offlineMap(page)).toBeVisible();
    await expect(note(page)).toContainText(text('fi-FI', 'stations.map.consent'));
    // The consent banner is showing (no choice yet): still nothing from Google.
    await expect(page.getByRole('region', { name: message('fi-FI', 'consent.title') })).toBeVisible();
    await page.waitForTimeout(500);
    expect(maps.scriptRequests).toEqual([]);
    await expectNoSeriousViolations(page, 'locator asking for Google Maps consent');

    await note(page)
      .getByRole('button', { name: text('fi-FI', 'stations.map.allowGoogle') })
      .click();
    await expect(page.locator('[data-fake-map]')).toBeVisible();
    expect(maps.scriptRequests).toHaveLength(1);
    await expect(offlineMap(page)).toHaveCount(0);
    const cookie = (await context.cookies()).find((candidate) => candidate.name === 'st1_consent');
    expect(cookie?.value).toBe('v1.maps');
  });

  test('"necessary only" keeps the offline map; the settings\' Google Maps box and "accept all" load Google Maps', async ({
    page,
    context,
  }) => {
    const maps = await useFakeMaps(page, { consent: false });
    await openLocator(page);
    const banner = page.getByRole('region', { name: message('fi-FI', 'consent.title') });
    await banner.getByRole('button', { name: message('fi-FI', 'consent.necessaryOnly') }).click();
    await expect(note(page)).toContainText(text('fi-FI', 'stations.map.consent'));
    await page.reload();
    await waitForHydration(page);
    await expect(offlineMap(page)).toBeVisible();
    expect(maps.scriptRequests).toEqual([]);

    // The cookie settings have a Google Maps box of their own.
    await page
      .getByRole('contentinfo')
      .getByRole('button', { name: message('fi-FI', 'footer.cookieSettings') })
      .click();
    const dialog = page.getByRole('dialog', { name: message('fi-FI', 'footer.cookieSettings') });
    await expect(dialog.getByRole('checkbox', { name: message('fi-FI', 'consent.analyticsLabel') })).not.toBeChecked();
    await dialog.getByRole('checkbox', { name: message('fi-FI', 'consent.mapsLabel') }).check();
    await dialog.getByRole('button', { name: message('fi-FI', 'consent.save') }).click();
    await expect(page.locator('[data-fake-map]')).toBeVisible();
    expect(maps.scriptRequests).toHaveLength(1);
    expect((await context.cookies()).find((candidate) => candidate.name === 'st1_consent')?.value).toBe('v1.maps');

    await context.clearCookies({ name: 'st1_consent' });
    await page.reload();
    await waitForHydration(page);
    await page
      .getByRole('region', { name: message('fi-FI', 'consent.title') })
      .getByRole('button', { name: message('fi-FI', 'consent.acceptAll') })
      .click();
    await expect(page.locator('[data-fake-map]')).toBeVisible();
    expect(maps.scriptRequests).toHaveLength(2);
    expect((await context.cookies()).find((candidate) => candidate.name === 'st1_consent')?.value).toBe(
      'v1.analytics.maps',
    );
  });

  test('Google map: loader parameters, clusterer options and the red/blue rule on its markers', async ({ page }) => {
    const maps = await useFakeMaps(page);
    await openLocator(page);
    const clusters = page.locator('.fake-marker[data-kind="cluster"]');
    await expect(clusters.first()).toBeVisible();
    await expect(offlineMap(page)).toHaveCount(0);
    expect(maps.scriptRequests).toHaveLength(1);
    // Spec §7: libraries places and marker, version weekly, the key, the page's language,
    // the country as region, and the callback that says the script is ready.
    const script = new URL(maps.scriptRequests[0]!);
    expect(`${script.origin}${script.pathname}`).toBe('https://maps.googleapis.com/maps/api/js');
    expect(Object.fromEntries(script.searchParams)).toEqual({
      key: FAKE_MAPS_KEY,
      libraries: 'places,marker',
      v: 'weekly',
      language: 'fi',
      region: 'FI',
      loading: 'async',
      callback: '__st1MapsReady',
    });

    // The clusterer: bounds fitted with 60 px padding; at the map's zoom the same clusters
    // as Supercluster with radius 60 and max zoom 16 (SuperClusterAlgorithm's extent 512).
    const fakeMap = page.locator('[data-fake-map]');
    await expect(fakeMap).toHaveAttribute('data-fit-padding', '60');
    const stations = await stationList(page, 'FI');
    const zoom = Number(await fakeMap.getAttribute('data-zoom'));
    const drawn = await drawnMarkers(page, '.fake-marker');
    expect(drawn.reduce((sum, marker) => sum + marker.count, 0)).toBe(650);
    expect(drawn.map((marker) => marker.count).sort((a, b) => a - b)).toEqual(
      referenceCounts(stations, { radius: 60, maxZoom: 16 }, zoom),
    );
    expectColourRule(drawn);
    // Above zoom 16 nothing is clustered.
    const setZoom = (to: number) =>
      page.evaluate((value) => {
        const fake = (window as unknown as { __fakeGoogleMaps: { maps: Array<{ setZoom(zoom: number): void }> } })
          .__fakeGoogleMaps;
        fake.maps[0]!.setZoom(value);
      }, to);
    await setZoom(17);
    await expect(clusters).toHaveCount(0);
    await setZoom(zoom);
    await expect(clusters.first()).toBeVisible();

    // A cluster click zooms in to its bounds, with the same padding.
    await page.evaluate(() => document.querySelector('[data-fake-map]')?.removeAttribute('data-fit-padding'));
    await clusters.first().click();
    await expect.poll(async () => Number(await fakeMap.getAttribute('data-zoom'))).toBeGreaterThan(zoom);
    await expect(fakeMap).toHaveAttribute('data-fit-padding', '60');

    // A single station's marker opens its card with a link to its page.
    const one = stations.find((station) => station.city === 'Rovaniemi')!;
    await page.getByLabel(text('fi-FI', 'stations.search.label')).fill(one.name);
    const marker = page.locator('.fake-marker[data-kind="marker"]');
    await expect(marker).toHaveCount(1);
    await marker.click();
    await page.locator('.station-card').getByRole('link', { name: one.name }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(one.name);
    await page.locator('[data-station-block="map"]').scrollIntoViewIfNeeded();
    await expect(page.locator('.fake-marker[data-kind="marker"]')).toHaveCount(1);
    await expectNoSeriousViolations(page, 'station page with the map');
  });

  test('when the Maps script fails after 3 retries, the offline map stays and says why', async ({ page }) => {
    test.setTimeout(45_000);
    const maps = await useFakeMaps(page, { fail: true });
    await openLocator(page);
    await expect(offlineMap(page)).toBeVisible();
    await expect(note(page)).toHaveText(text('fi-FI', 'stations.map.googleFailed'), { timeout: 20_000 });
    expect(maps.scriptRequests).toHaveLength(4);
    await expect(offlineMap(page)).toBeVisible();
  });
});
