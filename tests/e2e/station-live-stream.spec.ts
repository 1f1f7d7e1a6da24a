/**
 * Live while open (decision 017, issue 29 item 5), in a persistent Chromium profile: two
 * site servers on one origin and one Redis (support/live-pair.ts). The installed app's
 * Finnish list is stored from site server B; a station page stays open on B; a new price
 * is imported at the origin (whose site server A the browser never met) and appears on the
 * page without a reload, through B's live stream. Checked with axe at 390 px.
 */
import { expect, test } from '@playwright/test';
import type { StationList } from '#shared/stations';
import { formatFuelPrice } from '../../src/features/stations/live-data-format';
import { waitForHydration } from './support/page-helpers';
import { redisSkipReason, startLivePair, type LivePair } from './support/live-pair';
import { firstPage, launchProfile, newProfile, storedStationCount } from './support/pwa';
import { expectNoSeriousViolations } from './support/axe';

const skip = redisSkipReason();
let pair: LivePair | undefined;

test.describe.configure({ mode: 'serial' });
test.skip(skip !== undefined, skip);

test.beforeAll(async () => {
  test.setTimeout(120_000);
  pair = await startLivePair('e2e-live-stream');
});

test.afterAll(async () => {
  await pair?.stop();
});

test('a station page open on site server B shows a price imported at the origin without a reload', async ({
  browserName: _browser,
}, testInfo) => {
  test.setTimeout(150_000);
  const { b } = pair!;
  const profile = newProfile();
  const context = await launchProfile(testInfo, profile.dir, { viewport: { width: 390, height: 844 } });
  try {
    await context.addCookies([{ name: 'st1_consent', value: 'v1.necessary', url: b }]);
    const page = await firstPage(context);
    const list = (await (await page.request.get(`${b}/proxy/cms-view/v1/stations?country=FI`)).json()) as StationList;
    const station = list.stations.find((entry) => entry.prices?.some((price) => price.grade === '95'))!;
    // The locator stores the Finnish list, as the installed app does in the background.
    await page.goto(`${b}/asemahaku`);
    await waitForHydration(page);
    await expect.poll(() => storedStationCount(page, 'FI'), { timeout: 60_000 }).toBe(list.stations.length);

    const streamOpened = page.waitForResponse((response) => response.url().includes('/api/v1/stations/live-stream'));
    await page.goto(`${b}/asemat/${station.slug}`);
    await waitForHydration(page);
    expect((await streamOpened).status()).toBe(200);
    const prices = page.locator('.station-page__prices');
    const before = (await prices.textContent()) ?? '';
    // A price the page cannot show yet: not today's, and new on each run; three decimals
    // exactly (1.5 + 0.123 in binary floating point has more, and the import refuses it).
    const price = Math.round((1.5 + (Date.now() % 400) / 1000) * 1000) / 1000;
    const shown = formatFuelPrice(price, 'EUR', 'fi-FI');
    expect(before).not.toContain(shown);
    const navigations: string[] = [];
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) navigations.push(frame.url());
    });

    await pair!.importPrice(station.id, price);
    // Origin → Redis → B → this tab: the 30 s at most (the bench measures how fast).
    await expect(prices).toContainText(shown, { timeout: 30_000 });
    expect(navigations).toEqual([]);

    await expectNoSeriousViolations(page, 'the station page after live changes');
  } finally {
    await context.close();
    profile.remove();
  }
});
