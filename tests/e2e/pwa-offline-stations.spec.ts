/**
 * The installed app as an offline station finder (docs/pwa.md "Offline", "Favourite
 * stations"), in a persistent Chromium profile at 390 px: installed online (the worker
 * in control, the station list, the app shells and the layout stored), a station starred,
 * then the browser is closed and relaunched offline on the same profile.
 * - Station pages never visited open from the stored station data, on a direct address
 *   and by client navigation, with hours, services, phone, directions, the map and how old
 *   the data is.
 * - A page that needs the network shows the offline notice inside the normal header and
 *   footer, linking only pages that open offline (the Finnish locator saved on another
 *   visit among them).
 * - Favourites: starred in one tab, shown at once in another (live query); first in the
 *   locator after the restart, offline; the manifest shortcut's #my-stations.
 * - The built-in map offline: the neighbours' land, town names, single stations in the
 *   brand colour named on hover and focus, and "near me" zoomed to the position and the
 *   nearest stations.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, expect, test, type BrowserContext, type Locator, type Page, type TestInfo } from '@playwright/test';
import { getHref, LOCALIZED_PATHS, STATION_PATH_SEGMENT } from '#shared/locales';
import { MY_STATIONS_ANCHOR } from '#shared/station-constants';
import type { StationSummary } from '#shared/stations';
import { waitForHydration } from './support/page-helpers';
import {
  appMessage,
  hasStoredLayout,
  savedAppShells,
  NO_NETWORK_ARGS,
  savedPages,
  storedStationCount,
  waitForServiceWorkerControl,
} from './support/pwa';
import { distanceKm } from '../../src/features/stations/distance';
import { stationList, text } from './support/stations';
import { expectNoSeriousViolations } from './support/axe';

const VIEWPORT = { width: 390, height: 844 };
const LOCATOR_EN = getHref('en-EU', LOCALIZED_PATHS.stationLocator['en-EU']);
const LOCATOR_FI = LOCALIZED_PATHS.stationLocator['fi-FI'];
const stationPath = (slug: string) => getHref('en-EU', `/${STATION_PATH_SEGMENT['en-EU']}/${slug}`);

async function launch(
  testInfo: TestInfo,
  profile: string,
  offline: boolean,
  geolocation?: { latitude: number; longitude: number },
): Promise<BrowserContext> {
  const { launchOptions, baseURL, userAgent } = testInfo.project.use;
  const context = await chromium.launchPersistentContext(profile, {
    ...launchOptions,
    // Relaunched offline: no way out at all. The emulation alone let a worker that restarted
    // fetch a station's page from the server (one CI run; 1 in 2 runs here with another station):
    // its server payload showed, not the page drawn from stored data (support/pwa.ts NO_NETWORK_ARGS).
    ...(offline ? { args: [...(launchOptions?.args ?? []), ...NO_NETWORK_ARGS] } : {}),
    baseURL,
    userAgent,
    viewport: VIEWPORT,
    serviceWorkers: 'allow',
    offline,
    ...(geolocation ? { geolocation, permissions: ['geolocation'] } : {}),
  });
  if (offline) {
    // Offline emulation does not reach the requests of a worker that starts after it is
    // set, so every request that would reach the network fails as it would with no signal.
    await context.setOffline(true);
    await context.route(/.*/, (route) => route.abort('internetdisconnected'));
  }
  // The visitor answered the cookie question on the first visit (the banner would cover the list).
  await context.addCookies([{ name: 'st1_consent', value: 'v1.necessary', url: baseURL ?? 'http://127.0.0.1' }]);
  return context;
}

/** Of these page paths, those whose page or payload the worker holds (saved or prefetched). */
async function keptPages(page: Page, paths: string[]): Promise<Set<string>> {
  const kept = await page.evaluate(async (targets) => {
    const found: string[] = [];
    for (const target of targets) {
      if ((await caches.match(`${target}/_payload.json`)) || (await caches.match(target, { ignoreVary: true })))
        found.push(target);
    }
    return found;
  }, paths);
  return new Set(kept);
}

function starOf(page: Page, scope: string, name: string) {
  return page.locator(scope).getByRole('button', { name: text('en-EU', 'stations.favourite.label', { name }) });
}

/** A station page drawn offline: everything the driver needs, from stored data. */
async function expectStoredStationPage(page: Page, station: StationSummary) {
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(station.name);
  await expect(page.locator('.station-page__address')).toHaveText(
    `${station.address}, ${station.postalCode} ${station.city}`,
  );
  await expect(page.locator('.station-page__stored')).toContainText(
    text('en-EU', 'stations.page.storedData', { time: 'X' }).split('X')[0]!.trim(),
  );
  await expect(page.locator('.station-page__today')).toBeVisible();
  // The week from today, in the station's time zone (one row when it is open round the clock).
  const stationHours = page.getByRole('table', { name: text('en-EU', 'stations.page.stationHours') });
  await expect(stationHours).toBeVisible();
  const allDay = station.hours?.week.every((day) => day === '00:00-24:00');
  await expect(stationHours.locator('tbody tr')).toHaveCount(allDay ? 1 : 7);
  if (station.kitchenHours) {
    await expect(page.getByRole('table', { name: text('en-EU', 'stations.page.kitchenHours') })).toBeVisible();
  }
  if (station.lunchHours) {
    await expect(page.getByRole('table', { name: text('en-EU', 'stations.page.lunchHours') })).toBeVisible();
  }
  await expect(page.locator('.station-services li')).toHaveCount(station.services.length);
  await expect(page.locator('.station-page__contact a[href^="tel:"]')).toHaveText(station.phone!);
  await expect(page.locator('a.station-page__directions')).toHaveAttribute(
    'href',
    `https://www.google.com/maps/dir/?api=1&destination=${station.lat},${station.lng}`,
  );
  // The built-in map, centred on the station (its marker drawn), once it comes near the screen.
  await page.locator('[data-station-block="map"]').scrollIntoViewIfNeeded();
  const map = page.locator('[data-offline-map]');
  await expect(map).toBeVisible();
  await expect(map.getByRole('img', { name: station.name })).toBeVisible();
  // Inside the normal header and footer.
  await expect(page.locator('header.site-header nav').first()).toBeAttached();
  await expect(page.locator('footer').first()).toBeVisible();
}

test('installed, closed and relaunched offline: stations open from stored data, favourites first, the notice in the layout', async ({
  browserName: _browser,
}, testInfo) => {
  test.setTimeout(180_000);
  const profile = mkdtempSync(join(tmpdir(), 'st1-pwa-stations-'));
  try {
    // --- Online: install (the worker controls the page and stores what the app needs).
    let context = await launch(testInfo, profile, false);
    let page = context.pages()[0] ?? (await context.newPage());
    const stations = await stationList(page, 'FI');
    // The Finnish locator, seen on another visit: saved, and offered by the English notice.
    await page.goto(LOCATOR_FI);
    await waitForHydration(page);
    await waitForServiceWorkerControl(page);
    await page.goto(getHref('en-EU', '/'));
    await waitForHydration(page);
    await waitForServiceWorkerControl(page);
    await expect.poll(() => storedStationCount(page, 'FI'), { timeout: 20_000 }).toBe(stations.length);
    await expect.poll(() => savedAppShells(page), { timeout: 15_000 }).toContain('en-EU');
    await expect.poll(() => hasStoredLayout(page, 'en-EU'), { timeout: 15_000 }).toBe(true);

    const favourite = stations.find((station) => station.city === 'Oulu')!;

    // Starred on the locator; a second tab shows it at once (live query, no reload).
    await page.goto(`${LOCATOR_EN}?q=${encodeURIComponent(favourite.name)}`);
    await waitForHydration(page);
    const other = await context.newPage();
    await other.goto(LOCATOR_EN);
    await waitForHydration(other);
    await expect(other.locator(`#${MY_STATIONS_ANCHOR}`)).toHaveCount(0);
    const star = starOf(page, '.station-list', favourite.name).first();
    await expect(star).toHaveAttribute('aria-pressed', 'false');
    await star.click();
    await expect(star).toHaveAttribute('aria-pressed', 'true');
    await expect(
      other.locator(`#${MY_STATIONS_ANCHOR}`).getByRole('link', { name: favourite.name, exact: true }),
    ).toBeVisible();
    await expect(other.getByRole('heading', { name: text('en-EU', 'stations.favourites.title') })).toBeVisible();
    await expectNoSeriousViolations(other);
    // No locator open any more: nothing prefetches station pages behind the next check.
    await other.close();
    await page.goto(getHref('en-EU', '/'));
    await waitForHydration(page);

    // Two stations whose pages this device has never had in any form (prefetch fetches the
    // payloads of links in view): a food station with kitchen and lunch hours, and another.
    const kept = await keptPages(
      page,
      stations.map((station) => stationPath(station.slug)),
    );
    const unseen = stations.filter((station) => station.id !== favourite.id && !kept.has(stationPath(station.slug)));
    const food = unseen.find(
      (station) =>
        station.kitchenHours && station.lunchHours && station.hours?.week.some((day) => day !== '00:00-24:00'),
    )!;
    expect(food, 'a seeded station with kitchen and lunch hours').toBeDefined();
    const second = unseen.find((station) => station.id !== food.id && station.city !== favourite.city)!;
    await context.close();

    // --- Relaunched with no network at all.
    context = await launch(testInfo, profile, true);
    page = context.pages()[0] ?? (await context.newPage());

    // A station page never visited, by its address: the worker's app shell draws it from stored data.
    // The installed app opens on its start page. (This also starts the worker before the
    // checks: Playwright routes a worker's requests only once it is attached.)
    await page.goto(getHref('en-EU', '/'));
    await waitForHydration(page);
    await expect(page.locator('.site-header__offline')).not.toBeEmpty();
    await page.goto(stationPath(food.slug));
    await expectStoredStationPage(page, food);
    await page.screenshot({ path: `.tmp/pwa/offline-station-page-${VIEWPORT.width}.png`, fullPage: true });
    await expectNoSeriousViolations(page);

    // The locator (saved at install) lists the favourite first, starred, after the restart.
    await page.goto(`${LOCATOR_EN}#${MY_STATIONS_ANCHOR}`);
    await waitForHydration(page);
    const mine = page.locator(`#${MY_STATIONS_ANCHOR}`);
    await expect(mine.getByRole('link', { name: favourite.name, exact: true })).toBeVisible();
    await expect(starOf(page, `#${MY_STATIONS_ANCHOR}`, favourite.name)).toHaveAttribute('aria-pressed', 'true');
    // The manifest shortcut's anchor: the section is where the app opens.
    await expect(mine).toBeFocused();
    await expect(mine).toBeInViewport();
    await expectNoSeriousViolations(page);

    // The map's address (a reload or a restart in map view): the saved locator was made for
    // the list, and the app renders the map view of the address instead (issue 31, finding 2).
    await page.goto(`${LOCATOR_EN}?view=map`);
    await waitForHydration(page);
    const viewButton = (view: 'list' | 'map') =>
      page
        .getByRole('group', { name: text('en-EU', 'stations.view.label') })
        .getByRole('button', { name: text('en-EU', `stations.view.${view}`) });
    await expect(viewButton('map')).toHaveAttribute('aria-pressed', 'true');
    await expect(page.locator('.station-locator__layout')).toHaveAttribute('data-view', 'map');
    await expect(page.locator('.station-locator__list-column')).toBeHidden();
    await viewButton('list').click();
    await expect(page.locator('.station-locator__layout')).toHaveAttribute('data-view', 'list');
    await expect(page).toHaveURL(new RegExp(`${LOCATOR_EN}$`));
    await viewButton('map').click();
    await expect(page.locator('.station-locator__layout')).toHaveAttribute('data-view', 'map');
    await expect(page).toHaveURL(new RegExp(`${LOCATOR_EN}\\?view=map$`));
    await viewButton('list').click();

    // A client navigation to a station page never visited: found by the locator's search.
    await page.getByRole('searchbox', { name: text('en-EU', 'stations.search.label') }).fill(second.name);
    const listed = page.locator('.station-list:not(.station-list--favourites) > li', { hasText: second.name });
    await listed.getByRole('link', { name: second.name, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`${stationPath(second.slug)}$`));
    const listedStation = second;
    await expectStoredStationPage(page, listedStation);
    // Its star works offline; the favourite's page shows its star pressed.
    await starOf(page, '.station-page', listedStation.name).click();
    await expect(starOf(page, '.station-page', listedStation.name)).toHaveAttribute('aria-pressed', 'true');
    await page.goto(stationPath(favourite.slug));
    await expect(starOf(page, '.station-page', favourite.name)).toHaveAttribute('aria-pressed', 'true');

    // A page that needs the network: the notice in the normal layout, with only pages that open.
    await page.goto(getHref('en-EU', LOCALIZED_PATHS.terms['en-EU']));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(appMessage('en-EU', 'app.offline.heading'));
    await expect(page.locator('header.site-header')).toBeVisible();
    await expect(page.locator('footer').first()).toBeVisible();
    const links = page.locator('.offline-notice__links a');
    await expect(links.first()).toBeVisible();
    const offered = await links.evaluateAll((anchors) => anchors.map((anchor) => anchor.getAttribute('href')!));
    expect(offered).toEqual(expect.arrayContaining([getHref('en-EU', '/'), LOCATOR_EN, LOCATOR_FI]));
    await expect(
      page.getByRole('link', { name: `${appMessage('en-EU', 'app.offline.stationLocator')} (Suomi)` }),
    ).toHaveAttribute('href', LOCATOR_FI);
    await expectNoSeriousViolations(page);
    // Each of them opens offline (never the notice again).
    for (const href of offered) {
      await page.goto(href);
      await waitForHydration(page);
      await expect(page.locator('.offline-notice')).toHaveCount(0);
      await expect(page.getByRole('heading', { level: 1 })).not.toHaveText(appMessage('en-EU', 'app.offline.heading'));
    }
    await context.close();
  } finally {
    // Chromium may still be writing to the profile for a moment after closing.
    rmSync(profile, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
  }
});

/** The town names drawn on the offline map whose box overlaps a station or cluster marker's. */
function namesUnderMarkers(map: Locator): Promise<string[]> {
  return map.evaluate((frame) => {
    const boxes = (selector: string) =>
      [...frame.querySelectorAll(selector)].map((element) => element.getBoundingClientRect());
    const markers = boxes('.offline-map__cluster, .offline-map__station');
    return [...frame.querySelectorAll<HTMLElement>('[data-town]')]
      .filter((town) => {
        const box = town.getBoundingClientRect();
        return markers.some(
          (m) => box.left < m.right && box.right > m.left && box.top < m.bottom && box.bottom > m.top,
        );
      })
      .map((town) => town.dataset.town ?? '');
  });
}

test('relaunched offline: the built-in map shows the neighbours, towns and stations, and "near me" zooms to the driver', async ({
  browserName: _browser,
}, testInfo) => {
  test.setTimeout(120_000);
  const profile = mkdtempSync(join(tmpdir(), 'st1-pwa-map-'));
  // A driver at Oulu's harbour.
  const here = { latitude: 65.0124, longitude: 25.4682 };
  try {
    let context = await launch(testInfo, profile, false, here);
    let page = context.pages()[0] ?? (await context.newPage());
    const stations = await stationList(page, 'FI');
    await page.goto(LOCATOR_EN);
    await waitForHydration(page);
    await waitForServiceWorkerControl(page);
    await expect.poll(() => storedStationCount(page, 'FI'), { timeout: 20_000 }).toBe(stations.length);
    // A phone shows the list first; the map is one press away (docs/stations.md "On a phone").
    await page.getByRole('button', { name: text('en-EU', 'stations.view.map'), exact: true }).click();
    await expect(page.locator('[data-offline-map]')).toBeVisible();
    // The worker has saved the start pages and the app shell before the browser closes.
    await expect
      .poll(() => savedPages(page), { timeout: 15_000 })
      .toEqual(expect.arrayContaining([getHref('en-EU', '/'), LOCATOR_EN]));
    await expect.poll(() => savedAppShells(page), { timeout: 15_000 }).toContain('en-EU');
    await context.close();

    context = await launch(testInfo, profile, true, here);
    page = context.pages()[0] ?? (await context.newPage());
    await page.goto(getHref('en-EU', '/'));
    await waitForHydration(page);
    await page.goto(LOCATOR_EN);
    await waitForHydration(page);
    await page.getByRole('button', { name: text('en-EU', 'stations.view.map'), exact: true }).click();
    const map = page.locator('[data-offline-map]');
    await expect(map).toBeVisible();
    // Land beyond the three countries: Russia and Estonia are not open sea.
    await expect(map.locator('path[data-country="RU"]')).toHaveCount(1);
    await expect(map.locator('path[data-country="EE"]')).toHaveCount(1);
    // The biggest town is named at the country view, and no name lies under a marker.
    await expect(map.locator('[data-town="Helsinki"]')).toBeVisible();
    expect(await namesUnderMarkers(map)).toEqual([]);
    await page.screenshot({ path: `.tmp/pwa/offline-map-country-${VIEWPORT.width}.png` });

    // "Near me": the map zooms to the position and the nearest stations.
    await page.getByRole('button', { name: text('en-EU', 'stations.nearMe') }).click();
    await expect(page.locator('[data-position]')).toBeVisible();
    await expect.poll(async () => Number(await map.getAttribute('data-zoom'))).toBeGreaterThanOrEqual(9);
    await expect(map.locator('[data-town]').first()).toBeVisible();
    expect(await namesUnderMarkers(map)).toEqual([]);
    const frame = (await map.boundingBox())!;
    const dot = (await page.locator('[data-position]').boundingBox())!;
    expect(dot.x).toBeGreaterThanOrEqual(frame.x);
    expect(dot.x + dot.width).toBeLessThanOrEqual(frame.x + frame.width);
    expect(dot.y).toBeGreaterThanOrEqual(frame.y);
    expect(dot.y + dot.height).toBeLessThanOrEqual(frame.y + frame.height);
    // The nearest station is drawn on its own: in the brand colour, named on hover and on focus.
    const nearest = [...stations].sort(
      (a, b) =>
        distanceKm({ lat: here.latitude, lng: here.longitude }, a) -
        distanceKm({ lat: here.latitude, lng: here.longitude }, b),
    )[0]!;
    const marker = map.locator(`button[data-station-id="${nearest.id}"]`);
    await expect(marker).toBeVisible();
    await expect(marker).toHaveCSS('background-color', 'rgb(200, 16, 46)');
    const name = marker.locator('.offline-map__station-name');
    await expect(name).toBeHidden();
    await marker.hover();
    await expect(name).toBeVisible();
    await expect(name).toHaveText(nearest.name);
    await page.mouse.move(0, 0);
    await expect(name).toBeHidden();
    await marker.focus();
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Tab');
    await expect(marker).toBeFocused();
    await expect(name).toBeVisible();
    // Towns near the driver are named at this zoom.
    await expect(map.locator('[data-town="Oulu"]')).toBeVisible();
    await page.screenshot({ path: `.tmp/pwa/offline-map-near-me-${VIEWPORT.width}.png` });
    await expectNoSeriousViolations(page);
    await context.close();
  } finally {
    rmSync(profile, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
  }
});
