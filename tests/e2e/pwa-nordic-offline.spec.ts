/**
 * Every Nordic station offline (docs/stations.md "Offline", issue 29 item 2), in a persistent
 * Chromium profile at 390 px: the Finnish app installed online stores Finland's stations
 * first and then Sweden's and Norway's in the background; the locator names the countries
 * stored and when each was updated. Relaunched offline, a Swedish and a Norwegian station
 * page open (never visited), and the English locator, never visited either, lists the
 * stored stations. Checked with axe.
 */
import { expect, test, type BrowserContext, type TestInfo } from '@playwright/test';
import { getHref, LOCALIZED_PATHS } from '#shared/locales';
import { waitForHydration } from './support/page-helpers';
import { firstPage, launchProfile, newProfile, storedStationCount, waitForServiceWorkerControl } from './support/pwa';
import { stationList, text } from './support/stations';
import { expectNoSeriousViolations } from './support/axe';

const VIEWPORT = { width: 390, height: 844 };

async function launch(testInfo: TestInfo, profile: string, offline: boolean): Promise<BrowserContext> {
  // Offline: no network at all (a restarted worker escapes the emulation, support/pwa.ts).
  const context = await launchProfile(testInfo, profile, { noNetwork: offline, viewport: VIEWPORT });
  if (offline) {
    // Offline emulation does not reach a worker started after it; fail every request as with no signal.
    await context.setOffline(true);
    await context.route(/.*/, (route) => route.abort('internetdisconnected'));
  }
  await context.addCookies([
    { name: 'st1_consent', value: 'v1.necessary', url: testInfo.project.use.baseURL ?? 'http://127.0.0.1' },
  ]);
  return context;
}

test('a Finnish install keeps all three countries: Swedish and Norwegian pages and the English locator open offline', async ({
  browserName: _browser,
}, testInfo) => {
  test.setTimeout(180_000);
  const profile = newProfile();
  try {
    let context = await launch(testInfo, profile.dir, false);
    let page = await firstPage(context);
    const lists = {
      FI: await stationList(page, 'FI'),
      SE: await stationList(page, 'SE'),
      NO: await stationList(page, 'NO'),
    };
    await page.goto('/');
    await waitForHydration(page);
    await waitForServiceWorkerControl(page);
    // The locale's country first, then the others in the background.
    for (const country of ['FI', 'NO', 'SE'] as const)
      await expect
        .poll(() => storedStationCount(page, country), { timeout: 45_000, message: country })
        .toBe(lists[country].length);

    // The locator names what is stored and when, in the locator's country order.
    await page.goto(LOCALIZED_PATHS.stationLocator['fi-FI']);
    await waitForHydration(page);
    const stored = page.locator('[data-stored-countries]');
    await expect(stored).toContainText(text('fi-FI', 'stations.stored.label'));
    await expect(stored.locator('[data-country]')).toHaveCount(3);
    expect(
      await stored.locator('[data-country]').evaluateAll((items) => items.map((item) => item.dataset.country)),
    ).toEqual(['FI', 'NO', 'SE']);
    await expect(stored.locator('[data-country="SE"]')).toContainText(
      text('fi-FI', 'stations.stored.country', { country: text('fi-FI', 'stations.country.SE'), time: 'X' }).split(
        ' (',
      )[0]!,
    );
    await expectNoSeriousViolations(page, 'locator with the stored countries');
    await context.close();

    context = await launch(testInfo, profile.dir, true);
    page = await firstPage(context);
    await page.goto('/');
    await waitForHydration(page);
    await expect(page.locator('.site-header__offline')).not.toBeEmpty();

    // A Swedish and a Norwegian station page, never visited, in Finnish.
    for (const station of [lists.SE[5]!, lists.NO[7]!]) {
      await page.goto(`/asemat/${station.slug}`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(station.name);
      await expect(page.locator('.station-page__address')).toContainText(station.city);
    }
    await expectNoSeriousViolations(page, 'Norwegian station page offline');

    // The English locator, never visited: built on the device from the stored lists.
    await page.goto(getHref('en-EU', LOCALIZED_PATHS.stationLocator['en-EU']));
    await waitForHydration(page);
    await expect(page.locator('.station-locator__count')).toHaveText(new RegExp(`^${lists.FI.length}\\b`));
    await expect(page.locator('.offline-notice')).toHaveCount(0);
    await page.getByLabel(text('en-EU', 'stations.country.label')).selectOption('NO');
    await expect(page.locator('.station-locator__count')).toHaveText(new RegExp(`^${lists.NO.length}\\b`));
    await page.getByLabel(text('en-EU', 'stations.search.label')).fill(lists.NO[7]!.name);
    await expect(page.locator(`.station-list > li[data-station-id="${lists.NO[7]!.id}"]`)).toBeVisible();
    await page.screenshot({ path: `.tmp/nordic/en-locator-offline-${VIEWPORT.width}.png`, fullPage: true });
    await expectNoSeriousViolations(page, 'English locator built offline');
    await context.close();
  } finally {
    profile.remove();
  }
});
