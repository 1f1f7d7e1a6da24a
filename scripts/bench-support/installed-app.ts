/**
 * The installed app on a phone, for the benchmarks that cold-start it: Debian's Chromium
 * with the e2e flags on a profile on disk (a persistent context), a phone's window, and a
 * first visit that installs the worker and lets it save the start pages. Each cold start
 * launches the browser again on the same profile. Used by scripts/bench-pwa-lie-fi.ts and
 * scripts/bench-pwa-offline.ts.
 */
import { chromium, type BrowserContext, type Page } from '@playwright/test';
import { CHROMIUM_ARGS, chromiumPath, VISITOR_USER_AGENT } from '../../tests/e2e/support/chromium';

const PHONE_VIEWPORT = { width: 412, height: 823 };

/** A new browser process on `profile` (a folder: fresh for a first visit, installed for a cold start). */
export function launchProfile(profile: string, offline: boolean): Promise<BrowserContext> {
  return chromium.launchPersistentContext(profile, {
    executablePath: chromiumPath(),
    args: CHROMIUM_ARGS,
    userAgent: VISITOR_USER_AGENT,
    locale: 'fi-FI',
    serviceWorkers: 'allow',
    offline,
    viewport: PHONE_VIEWPORT,
  });
}

/** The window the persistent context opened with (a new one if it opened none). */
export const firstPage = async (context: BrowserContext): Promise<Page> => context.pages()[0] ?? context.newPage();

/**
 * A first visit of `base`/ on a good connection: the worker takes control and saves the
 * start page, the locator and the cart; then `settleMs` for the install's background work
 * (precache, the station list). Leaves the browser open for more set-up; the caller closes it.
 */
export async function installApp(profile: string, base: string, settleMs: number): Promise<BrowserContext> {
  const context = await launchProfile(profile, false);
  const page = await firstPage(context);
  await page.goto(`${base}/`);
  await page.evaluate(async () => {
    // A worker that never installs must fail the run, not hang it.
    const timeout = new Promise((_, fail) =>
      setTimeout(() => fail(new Error('The worker did not take control within 60 s')), 60_000),
    );
    await Promise.race([navigator.serviceWorker.ready, timeout]);
    if (!navigator.serviceWorker.controller)
      await Promise.race([
        new Promise((done) => navigator.serviceWorker.addEventListener('controllerchange', done, { once: true })),
        timeout,
      ]);
    for (let attempt = 0; attempt < 150; attempt++) {
      const pages = (await caches.keys()).find((name) => name.startsWith('st1-pages-'));
      if (pages && (await (await caches.open(pages)).keys()).length >= 3) return;
      await new Promise((done) => setTimeout(done, 100));
    }
    throw new Error('The worker did not save the start pages');
  });
  await page.waitForTimeout(settleMs);
  return context;
}

/** The page's first-contentful-paint, in ms from the start of its navigation. */
export function firstContentfulPaint(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((done) => {
        new PerformanceObserver((list, observer) => {
          const paint = list.getEntriesByName('first-contentful-paint')[0];
          if (!paint) return;
          observer.disconnect();
          done(paint.startTime);
        }).observe({ type: 'paint', buffered: true });
      }),
  );
}

export const median = (values: readonly number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};
