/**
 * Age is always visible and never misread (docs/stations.md "EV charging", issue 29 item 3),
 * in the installed app: a persistent Chromium profile installed online (the Finnish list
 * stored with its charger statuses), closed, and relaunched offline 40 minutes later.
 * - The locator's cards say the charger status is unknown and how old it is, never
 *   "0/3 free".
 * - "Fast charger available now" says why it cannot answer (the statuses are 40 minutes
 *   old) and lists the stations with a fast charger instead of "no stations found".
 * - A station page says each charger's status is unknown, with what was last reported and when,
 *   and shows its price (per kWh, VAT included) and the 20→80 % estimate from the stored list.
 * Checked with axe at 390 px.
 */
import { expect, test, type BrowserContext, type TestInfo } from '@playwright/test';
import { chargeEstimate, hasFastCharger, maxPowerKw } from '#shared/charge-points';
import { waitForHydration } from './support/page-helpers';
import {
  firstPage,
  launchProfile,
  newProfile,
  savedPages,
  storedStationCount,
  waitForServiceWorkerControl,
} from './support/pwa';
import { stationList, text } from './support/stations';
import { expectNoSeriousViolations } from './support/axe';

const VIEWPORT = { width: 390, height: 844 };
const LATER_MS = 40 * 60_000;

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

test('relaunched offline 40 minutes later: charger statuses read as unknown with their age, and the fast filter says why', async ({
  browserName: _browser,
}, testInfo) => {
  test.setTimeout(150_000);
  const profile = newProfile();
  try {
    let context = await launch(testInfo, profile.dir, false);
    let page = await firstPage(context);
    const stations = await stationList(page, 'FI');
    await page.goto('/asemahaku');
    await waitForHydration(page);
    await waitForServiceWorkerControl(page);
    await expect.poll(() => storedStationCount(page, 'FI'), { timeout: 30_000 }).toBe(stations.length);
    // The worker has saved the start pages (the locator among them) before the browser closes.
    await expect.poll(() => savedPages(page), { timeout: 15_000 }).toContain('/asemahaku');
    await context.close();

    context = await launch(testInfo, profile.dir, true);
    page = await firstPage(context);
    // The device's clock 40 minutes on: every stored status is older than 15 minutes.
    await page.clock.install({ time: new Date(Date.now() + LATER_MS) });
    await page.goto('/asemahaku?charger=fast');
    await waitForHydration(page);
    const fast = stations.filter((station) => hasFastCharger(station));
    expect(fast.length).toBeGreaterThan(0);
    const notice = page.locator('[data-notice="stale-chargers"]');
    await expect(notice).toBeVisible();
    const [before] = text('fi-FI', 'stations.chargers.staleFilter', { age: '\u0000' }).split('\u0000');
    await expect(notice).toContainText(before!.trim());
    await expect(notice).toContainText(/\d+ (min|t) sitten/);
    await expect(page.locator('.station-locator__count')).toHaveText(new RegExp(`^${fast.length}\\b`));
    // No card claims a charger busy or free: the status is unknown, with its age.
    const first = page.locator('.station-list > li').first();
    const chargers = first.locator('.station-item__chargers');
    await expect(chargers).toHaveAttribute('data-chargers', 'unknown');
    await expect(chargers).toContainText(/tila \d+ (min|t) sitten/);
    await expect(page.locator('.station-item__chargers[data-chargers="known"]')).toHaveCount(0);
    await expect(page.locator('.station-badge--charger')).toHaveCount(0);
    await notice.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `.tmp/live-age/locator-stale-${VIEWPORT.width}.png` });
    await page.setViewportSize({ width: 1280, height: 900 });
    await notice.scrollIntoViewIfNeeded();
    await page.screenshot({ path: '.tmp/live-age/locator-stale-1280.png' });
    await page.setViewportSize(VIEWPORT);
    await expectNoSeriousViolations(page, 'offline locator with stale charger statuses');

    // The station page of the first card: each charger unknown, with what was last reported.
    const id = await first.getAttribute('data-station-id');
    const station = stations.find((item) => item.id === id)!;
    await first.getByRole('link', { name: station.name, exact: true }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(station.name);
    const charger = page.locator(`.station-charger[data-evse="${station.chargePoints![0]!.uid}"]`);
    await expect(charger).toHaveAttribute('data-status', 'UNKNOWN');
    await expect(charger).toContainText(text('fi-FI', 'stations.charger.status.UNKNOWN'));
    await expect(charger).toContainText(/\d+ (min|t) sitten/);
    // Its price from the stored list: per kWh with VAT, and the 20→80 % estimate, offline too.
    const tariff = station.chargePoints![0]!.tariff!;
    const euros = new Intl.NumberFormat('fi-FI', { style: 'currency', currency: 'EUR', minimumFractionDigits: 2 });
    await expect(charger.locator('.station-charger__prices')).toContainText(
      text('fi-FI', 'stations.tariff.perKwh', { price: euros.format(tariff.kwh!) }),
    );
    const estimate = chargeEstimate(tariff, maxPowerKw(station.chargePoints![0]!))!;
    await expect(charger.locator('.station-charger__estimate')).toHaveText(
      text('fi-FI', 'stations.tariff.estimate', { cost: euros.format(estimate.cost), minutes: estimate.minutes }),
    );
    await expect(page.locator('.station-chargers__note')).toHaveText(text('fi-FI', 'stations.tariff.note'));
    await charger.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `.tmp/live-age/station-tariffs-${VIEWPORT.width}.png` });
    await expectNoSeriousViolations(page, 'offline station page with stale charger statuses');
    await context.close();
  } finally {
    profile.remove();
  }
});
