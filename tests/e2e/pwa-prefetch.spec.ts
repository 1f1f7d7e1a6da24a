/**
 * Prefetch (spec §4, §9): 1000 ms after load the payloads of the internal links in
 * view are fetched, at most 4 at a time, on a fast connection; never when the connection
 * reports Save-Data, slow-2g or 2g. The background sync of the station list follows the
 * same connection rule.
 */
import { expect, test, type Page } from '@playwright/test';
import { waitForHydration } from './support/page-helpers';
import { fakeConnection, waitForServiceWorkerControl } from './support/pwa';

test.use({ serviceWorkers: 'allow', locale: 'fi-FI', viewport: { width: 1280, height: 800 } });

/** Payload requests the page makes (the worker's own fetches are not the page's). */
function watchPayloadRequests(page: Page) {
  const seen: Array<{ path: string; at: number }> = [];
  let inFlight = 0;
  let maxInFlight = 0;
  const isPayload = (url: string) => new URL(url).pathname.endsWith('/_payload.json');
  page.on('request', (request) => {
    if (!isPayload(request.url())) return;
    seen.push({ path: new URL(request.url()).pathname, at: Date.now() });
    inFlight++;
    maxInFlight = Math.max(maxInFlight, inFlight);
  });
  const done = (request: { url(): string }) => {
    if (isPayload(request.url())) inFlight--;
  };
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  return { seen, maxInFlight: () => maxInFlight };
}

/** Either channel of the station list (docs/stations.md "Two channels"). */
const isStationList = (url: string) => /^\/proxy\/cms-view\/v1\/station-(?:facts|live)$/.test(new URL(url).pathname);

/**
 * Records, inside the page, every payload fetch the page's scripts make (prefetch uses the
 * global fetch): when it started and how many were running at once. Counted in the page
 * because the queue starts its first fetches in one task, before any can finish, so a
 * missing limit shows as more than 4 at once whatever the network does.
 */
async function recordPayloadFetches(page: Page) {
  await page.addInitScript(() => {
    performance.setResourceTimingBufferSize(1000);
    const record = { starts: [] as Array<{ path: string; at: number }>, active: 0, maxActive: 0 };
    (window as unknown as { __payloadFetches: typeof record }).__payloadFetches = record;
    const original = window.fetch.bind(window);
    window.fetch = async (input, init) => {
      const url = new URL(input instanceof Request ? input.url : String(input), window.location.href);
      if (!url.pathname.endsWith('/_payload.json')) return original(input, init);
      record.starts.push({ path: url.pathname, at: performance.now() });
      record.active++;
      record.maxActive = Math.max(record.maxActive, record.active);
      try {
        const response = await original(input, init);
        // The prefetch reads the body to the end; so does this count.
        return new Response(await response.arrayBuffer(), response);
      } finally {
        record.active--;
      }
    };
  });
}

async function payloadFetches(page: Page) {
  return page.evaluate(() => {
    const record = (
      window as unknown as { __payloadFetches: { starts: Array<{ path: string; at: number }>; maxActive: number } }
    ).__payloadFetches;
    const navigation = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
    return { starts: record.starts, maxActive: record.maxActive, loadAt: navigation.loadEventStart };
  });
}

/** Distinct paths of internal links in view, other than the page itself. */
async function internalLinksInView(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const paths = new Set<string>();
    for (const anchor of document.querySelectorAll<HTMLAnchorElement>('a[href]')) {
      const url = new URL(anchor.href);
      if (url.origin !== window.location.origin || url.pathname === window.location.pathname) continue;
      const box = anchor.getBoundingClientRect();
      if (box.bottom > 0 && box.top < window.innerHeight && box.width > 0) paths.add(url.pathname);
    }
    return [...paths];
  });
}

test('a fast connection prefetches the payloads of links in view, from 1000 ms after load, at most 4 at a time', async ({
  page,
}) => {
  // The worker's install (the whole precache) and the station sync happen in it, and two
  // visits with a drained queue each: 11.7 s idle, 12.4–15.5 s in fresh-clone CIs, half
  // the default 30 s. The budget of csp.spec.ts and landing-budget.spec.ts, whose install
  // is the same.
  test.slow();
  await fakeConnection(page, { saveData: false, effectiveType: '4g' });
  await recordPayloadFetches(page);
  // First visit: prefetch waits for the worker to take control, long after 1000 ms. The
  // same rule lets the station list be stored in the background.
  const stationList = page.waitForRequest((request) => isStationList(request.url()));
  await page.goto('/');
  await waitForHydration(page);
  await waitForServiceWorkerControl(page);
  await expect.poll(async () => (await payloadFetches(page)).starts.length, { timeout: 10_000 }).toBeGreaterThan(0);
  expect(new URL((await stationList).url()).searchParams.get('country')).toBe('FI');

  // The load that counts: the worker controls the page from its first request, so only
  // the 1000 ms delay stands between the load event and the first prefetch. In a new
  // session: within one, a payload is prefetched only once (pwa-slow-links.spec.ts).
  await page.waitForTimeout(1500);
  await page.evaluate(() => sessionStorage.clear());
  await page.reload();
  await waitForHydration(page);
  expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  const inView = await internalLinksInView(page);
  // More candidates than the limit, or "at most 4 at a time" would prove nothing.
  expect(inView.length).toBeGreaterThan(4);
  await expect.poll(async () => (await payloadFetches(page)).starts.length, { timeout: 10_000 }).toBeGreaterThan(4);
  // Give the queue time to drain, then check what it did.
  await page.waitForTimeout(1500);
  const { starts, maxActive, loadAt } = await payloadFetches(page);
  const delays = starts.map((start) => start.at - loadAt);
  expect(Math.min(...delays)).toBeGreaterThanOrEqual(1000);
  // No upper bound on the delay: on a loaded 2-core machine the first start came 2.5 s
  // after load once (CI), and speed is for the benchmarks, not the tests.
  // The links in view arrived together: the first 4 started at once, the rest waited.
  expect(maxActive).toBe(4);
  const fetched = starts.map((start) => start.path);
  // Each payload once; links to the station locator (in the header, in view) among them.
  expect(new Set(fetched).size).toBe(fetched.length);
  expect(fetched).toContain('/asemahaku/_payload.json');
  // Nothing below the fold: every prefetched page has a link in view.
  for (const path of fetched) expect(inView.map((link) => `${link === '/' ? '' : link}/_payload.json`)).toContain(path);

  // Following a prefetched link shows the page from the worker's cache.
  const payload = page.waitForResponse((response) => response.url().endsWith('/asemahaku/_payload.json'));
  await page.locator('.site-header__quick').click();
  expect((await payload).fromServiceWorker()).toBe(true);
});

for (const connection of [
  { name: 'Save-Data', facts: { saveData: true, effectiveType: '4g' } },
  { name: '2g', facts: { saveData: false, effectiveType: '2g' } },
  { name: 'slow-2g', facts: { saveData: false, effectiveType: 'slow-2g' } },
]) {
  test(`a connection that reports ${connection.name} prefetches nothing`, async ({ page }) => {
    await fakeConnection(page, connection.facts);
    const requests = watchPayloadRequests(page);
    const stationLists: string[] = [];
    page.on('request', (request) => {
      if (isStationList(request.url())) stationLists.push(request.url());
    });
    await page.goto('/');
    await waitForHydration(page);
    await waitForServiceWorkerControl(page);
    // Well past the 1000 ms delay, with the worker in control: the fast case prefetches by now.
    await page.waitForTimeout(3000);
    expect(requests.seen).toEqual([]);
    // Nor is the station list stored in the background (src/features/stations/background-sync.ts).
    expect(stationLists).toEqual([]);
    // The links are there: it is the connection that stopped it.
    await expect(page.locator('.site-header__quick')).toBeVisible();
  });
}
