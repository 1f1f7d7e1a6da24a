/**
 * Static routing (issue 31 item 2, sw/start-page-routes.ts): in an installed app, after a
 * browser restart with no network, the landing page and the locator are answered from the
 * start pages' cache by the browser itself, without booting the worker (Navigation Timing
 * says which source served the page); a start page under a query (`?view=map`) and any
 * other page still go through the worker, so nothing becomes the browser's error page. A
 * page the route answered online asks the worker for a fresh copy for the next start.
 */
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { waitForHydration } from './support/page-helpers';
import { cachedPaths, firstPage, installApp, launchProfile, newProfile, storedStationCount } from './support/pwa';
import { expectNoSeriousViolations } from './support/axe';

test.use({ serviceWorkers: 'allow' });

/** Which source the browser says answered this document: 'cache' for a static route, '' for the worker or the network. */
function servedBy(page: Page): Promise<string> {
  return page.evaluate(() => {
    const [entry] = performance.getEntriesByType('navigation') as Array<
      PerformanceNavigationTiming & { workerMatchedSourceType?: string }
    >;
    return entry?.workerMatchedSourceType ?? 'unsupported';
  });
}

/** Which source answered the page's main stylesheet and entry script (Resource Timing). */
function shellFilesServedBy(page: Page): Promise<{ css: string; js: string }> {
  return page.evaluate(() => {
    const entries = performance.getEntriesByType('resource') as Array<
      PerformanceResourceTiming & { workerMatchedSourceType?: string }
    >;
    const source = (pattern: RegExp) =>
      entries.find((entry) => pattern.test(new URL(entry.name).pathname))?.workerMatchedSourceType ?? 'none';
    return { css: source(/^\/assets\/index-[^/]+\.css$/), js: source(/^\/assets\/index-[^/]+\.js$/) };
  });
}

/** When the stored copy of a page was fetched (its Date header), from the start pages' cache. */
function storedAt(page: Page, path: string): Promise<string | null> {
  return page.evaluate(async (wanted) => {
    for (const name of (await caches.keys()).filter((name) => name.startsWith('st1-start-pages-'))) {
      const response = await (await caches.open(name)).match(new URL(wanted, location.origin).href);
      if (response) return `${response.headers.get('date')} ${response.headers.get('vary') ?? 'no vary'}`;
    }
    return null;
  }, path);
}

test('offline after a restart, the start pages open without the worker; other addresses still through it', async ({
  browserName: _browserName,
}, testInfo) => {
  // Three browser launches on one profile, the install syncing the station lists.
  test.setTimeout(90_000);
  const profile = newProfile();
  const launched: BrowserContext[] = [];
  const launch = async (options: Parameters<typeof launchProfile>[2] = {}) => {
    const context = await launchProfile(testInfo, profile.dir, options);
    launched.push(context);
    return context;
  };
  try {
    const online = await launch();
    const installing = await firstPage(online);
    await installApp(installing, '/');
    // The install stored the landing page and the locator for their routes, without Vary.
    await expect.poll(() => cachedPaths(installing, 'st1-start-pages-')).toEqual(['/', '/asemahaku']);
    expect(await storedAt(installing, '/')).toMatch(/no vary$/);
    // The background sync has stored Finland's list (the locator offline shows it).
    await expect.poll(() => storedStationCount(installing, 'FI'), { timeout: 30_000 }).toBeGreaterThan(8);
    await online.close();

    const offline = await launch({ noNetwork: true });
    const page = await firstPage(offline);
    await page.goto('/');
    await waitForHydration(page);
    expect(await servedBy(page)).toBe('cache');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    // The shell's stylesheet and entry script came from the precache by a static route too.
    expect(await shellFilesServedBy(page)).toEqual({ css: 'cache', js: 'cache' });

    await page.goto('/asemahaku');
    await waitForHydration(page);
    expect(await servedBy(page)).toBe('cache');
    // The stored list, not only the few stations the saved page was rendered with.
    await expect.poll(() => page.locator('ol.station-list > li').count(), { timeout: 15_000 }).toBeGreaterThan(8);
    await expectNoSeriousViolations(page, 'the locator started without the worker');

    // The map address is the worker's: it is not the plain address a route matches.
    await page.goto('/asemahaku?view=map');
    await waitForHydration(page);
    expect(await servedBy(page)).toBe('');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

    // A page never saved: the worker's app shell or offline page, not the browser's error page.
    await page.goto('/yrityksille');
    expect(await servedBy(page)).toBe('');
    await expect(page.locator('body')).not.toBeEmpty();
    expect(page.url()).not.toMatch(/^chrome-error:/);
    await offline.close();

    // Online again: the routed page is shown from the cache, and asks for a fresh copy.
    const again = await launch();
    const revisit = await firstPage(again);
    const before = await (async () => {
      await revisit.goto('/yrityksille');
      return storedAt(revisit, '/');
    })();
    // The Date header has a one-second resolution: a fresh copy is a later second.
    await revisit.waitForTimeout(1100);
    await revisit.goto('/');
    await waitForHydration(revisit);
    expect(await servedBy(revisit)).toBe('cache');
    await expect.poll(() => storedAt(revisit, '/'), { timeout: 15_000 }).not.toBe(before);
    await again.close();
  } finally {
    // A browser still running (a failed step) keeps writing to the profile it would remove.
    for (const context of launched) await context.close().catch(() => undefined);
    profile.remove();
  }
});
