/**
 * A first visit whose station-list sync fails (a 503 from an origin that is restarting)
 * says so, and tries again by itself after a short wait while the page stays open: the
 * whole list comes without a reload or a change of connection.
 */
import { expect, test } from '@playwright/test';
import { waitForHydration } from './support/page-helpers';
import { text } from './support/stations';

test('a failed first sync is tried again and the list comes without a reload', async ({ page }) => {
  let answered = 0;
  await page.route('**/proxy/cms-view/v1/station-facts?**', async (route) => {
    answered += 1;
    if (answered === 1)
      await route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: '{"status":503,"code":"SERVICE_UNAVAILABLE","message":"Restarting"}',
      });
    else await route.continue();
  });
  await page.goto('/asemahaku');
  await waitForHydration(page);
  const failed = page.getByText(text('fi-FI', 'stations.syncFailed'));
  await expect(failed).toBeVisible();
  // The first retry comes 5 s after the failure (use-station-list.ts retryDelayMs).
  await expect(failed).toBeHidden({ timeout: 20_000 });
  expect(answered).toBeGreaterThanOrEqual(2);
  await expect(page.locator('.station-locator__count')).toHaveText(/^\d{3,}\b/);
});
