/**
 * No page breaks our Content-Security-Policy (server/site/plugins/security.ts). A refused
 * eval or inline script is swallowed by the code that tried it, so nothing fails visibly;
 * the browser only fires `securitypolicyviolation` (and Lighthouse marks best practices
 * down). Zod's JIT probe was such a case (src/shared/zod.ts).
 */
import { expect, test, type Page } from '@playwright/test';
import { storedStationCount, waitForServiceWorkerControl } from './support/pwa';
import { waitForHydration } from './support/page-helpers';

test.use({ serviceWorkers: 'allow' });

async function recordViolations(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as Window & { __cspViolations?: string[] }).__cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (event) =>
      seen.push(`${event.violatedDirective} ${event.blockedURI} ${event.sourceFile}:${event.lineNumber}`),
    );
  });
  return () => page.evaluate(() => (window as Window & { __cspViolations?: string[] }).__cspViolations ?? []);
}

// Three tests, not one: as one they took 24–31 s of the default 30 s in fresh-clone CIs
// beside the crawl (12 s on an idle machine), and one ran out while the last page hydrated.
// The install is budgeted as in landing-budget.spec.ts: it waits for the first idle moment
// and downloads the whole precache before the station sync starts.
test('the landing page, its background station sync and the locator on the stored stations break no CSP rule', async ({
  page,
}) => {
  test.slow();
  const violations = await recordViolations(page);
  await page.goto('/');
  await waitForHydration(page);
  await waitForServiceWorkerControl(page);
  // The worker's control starts the background sync of the station list, which parses it.
  await expect.poll(() => storedStationCount(page, 'FI'), { timeout: 15_000 }).toBeGreaterThan(0);
  expect(await violations()).toEqual([]);

  await page.goto('/asemahaku?q=espoo');
  await waitForHydration(page);
  await page.waitForLoadState('networkidle');
  expect(await violations()).toEqual([]);
});

for (const path of ['/yksityisille/tuotteet/autopesu', '/oma-tili/kirjaudu']) {
  test(`${path} breaks no CSP rule`, async ({ page }) => {
    const violations = await recordViolations(page);
    await page.goto(path);
    await waitForHydration(page);
    await page.waitForLoadState('networkidle');
    expect(await violations()).toEqual([]);
  });
}
