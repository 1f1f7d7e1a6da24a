/**
 * The screenshots of the web app manifests (`screenshots`: Chromium's richer install
 * sheet): the station locator of each locale, narrow (a 390 px phone) and wide (1280 px),
 * taken from the production build in Debian's Chromium and written as small WebP files to
 * public/screenshots/<locale>-<narrow|wide>.webp (committed, so builds need no browser).
 * Run after a visible change to the locator: `npm run build && npx tsx
 * scripts/generate-manifest-screenshots.ts` (SCREENSHOT_PORT, default 3231).
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import sharp from 'sharp';
import { LOCALES } from '#shared/locales';
import { MANIFEST_SCREENSHOTS, screenshotFile } from '../server/site/web-app-manifest';
import { CHROMIUM_ARGS, chromiumPath, VISITOR_USER_AGENT } from '../tests/e2e/support/chromium';
import { startProduct } from './start-product';

const PORT = Number(process.env.SCREENSHOT_PORT ?? 3231);
const OUT = join(import.meta.dirname, '..', 'public');

const product = await startProduct({ port: PORT, name: 'screenshots' });
const browser = await chromium.launch({
  executablePath: chromiumPath(),
  args: CHROMIUM_ARGS,
});
try {
  mkdirSync(join(OUT, 'screenshots'), { recursive: true });
  for (const locale of LOCALES) {
    for (const shot of MANIFEST_SCREENSHOTS) {
      const context = await browser.newContext({
        viewport: { width: shot.width, height: shot.height },
        userAgent: VISITOR_USER_AGENT,
        locale,
        serviceWorkers: 'block',
      });
      const page = await context.newPage();
      await page.goto(`${product.url}${shot.path(locale)}`);
      // The consent banner of a first visit (shown after hydration) is not part of the app.
      const banner = page.locator('.consent-banner');
      await banner.waitFor({ state: 'visible', timeout: 15_000 });
      await banner.getByRole('button').nth(1).click();
      await banner.waitFor({ state: 'detached' });
      await page.waitForLoadState('networkidle');
      // The search and the list of stations at the top, as a driver uses it.
      await page
        .locator('.station-locator')
        .evaluate((section) => window.scrollTo(0, (section as HTMLElement).offsetTop - 8));
      await page.waitForTimeout(300);
      const png = await page.screenshot({ fullPage: false });
      const file = join(OUT, screenshotFile(locale, shot.formFactor));
      const info = await sharp(png).webp({ quality: 60, effort: 6 }).toFile(file);
      console.log(`${file}: ${info.width}×${info.height}, ${info.size} bytes`);
      await context.close();
    }
  }
} finally {
  await browser.close();
  product.stop();
}
