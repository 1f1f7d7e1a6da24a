/**
 * The installed app on a phone, for the benchmarks that cold-start it: Debian's Chromium
 * with the e2e flags on a profile on disk (a persistent context), a phone's window, and a
 * first visit that installs the worker and lets it save the start pages. Each cold start
 * launches the browser again on the same profile. Used by scripts/bench-pwa-lie-fi.ts and
 * scripts/bench-pwa-offline.ts.
 *
 * The browser starts with the end-to-end tests' flags (E2E_CHROMIUM_ARGS), without the
 * address bar's suggestion popup: Chromium 156 loads that popup's two WebUI pages for
 * every window, headless too, and they took their share of the 2 cores at every cold
 * start. A phone's installed app has no address bar at all. Until 2026-11-30 the
 * benchmarks started with CHROMIUM_ARGS (the popup on); WITH_ADDRESS_BAR_POPUP keeps that
 * method for side-by-side runs (docs/performance.md "Installed app offline").
 */
import { chromium, type BrowserContext, type Page } from '@playwright/test';
import { CHROMIUM_ARGS, chromiumPath, E2E_CHROMIUM_ARGS, VISITOR_USER_AGENT } from '../../tests/e2e/support/chromium';

const PHONE_VIEWPORT = { width: 412, height: 823 };

/** The installed app's browser: no address bar popup (see above). */
export const PHONE_APP_ARGS: readonly string[] = E2E_CHROMIUM_ARGS;
/** The benchmarks' method before 2026-11-30: the address bar's popup loaded in every window. */
export const WITH_ADDRESS_BAR_POPUP: readonly string[] = CHROMIUM_ARGS;

/** A new browser process on `profile` (a folder: fresh for a first visit, installed for a cold start). */
export function launchProfile(
  profile: string,
  offline: boolean,
  args: readonly string[] = PHONE_APP_ARGS,
): Promise<BrowserContext> {
  return chromium.launchPersistentContext(profile, {
    executablePath: chromiumPath(),
    args: [...args],
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
export async function installApp(
  profile: string,
  base: string,
  settleMs: number,
  args: readonly string[] = PHONE_APP_ARGS,
): Promise<BrowserContext> {
  const context = await launchProfile(profile, false, args);
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
