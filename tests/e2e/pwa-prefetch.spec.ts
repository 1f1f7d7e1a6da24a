/**
 * Issue 4, prefetch (spec §4, §9): 1000 ms after load the payloads of the internal links in
 * view are fetched, at most 4 at a time, on a fast connection; never when the connection
 * reports Save-Data, slow-2g or 2g.
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

async function loadedAt(page: Page): Promise<number> {
  return page.evaluate(() => performance.timeOrigin + performance.getEntriesByType('navigation')[0]!.toJSON().loadEventEnd);
}

test('a fast connection prefetches the payloads of links in view, from 1000 ms after load, at most 4 at a time', async ({
  page,
}) => {
  await fakeConnection(page, { saveData: false, effectiveType: '4g' });
  const requests = watchPayloadRequests(page);
  await page.goto('/');
  await waitForHydration(page);
  await waitForServiceWorkerControl(page);
  await expect.poll(() => requests.seen.length, { timeout: 10_000 }).toBeGreaterThan(0);
  // Give the queue time to drain, then check what it did.
  await page.waitForTimeout(1500);
  const loaded = await loadedAt(page);
  const inView = await page.evaluate(() => {
    const paths = new Set<string>();
    for (const anchor of document.querySelectorAll<HTMLAnchorElement>('main a[href], header a[href]')) {
      const box = anchor.getBoundingClientRect();
      if (box.bottom > 0 && box.top < window.innerHeight && box.width > 0) paths.add(new URL(anchor.href).pathname);
    }
    return [...paths];
  });
  const fetched = requests.seen.map((request) => request.path);
  for (const request of requests.seen) expect(request.at - loaded).toBeGreaterThanOrEqual(1000);
  expect(requests.maxInFlight()).toBeLessThanOrEqual(4);
  // Each payload once; links to the station locator (in the header, in view) among them.
  expect(new Set(fetched).size).toBe(fetched.length);
  expect(fetched).toContain('/asemahaku/_payload.json');
  // Nothing below the fold: every prefetched page has a link in view (or came into view).
  expect(fetched.length).toBeLessThanOrEqual(inView.length + 4);

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
    await page.goto('/');
    await waitForHydration(page);
    await waitForServiceWorkerControl(page);
    // Well past the 1000 ms delay, with the worker in control: the fast case prefetches by now.
    await page.waitForTimeout(3000);
    expect(requests.seen).toEqual([]);
    // The links are there: it is the connection that stopped it.
    await expect(page.locator('.site-header__quick')).toBeVisible();
  });
}
