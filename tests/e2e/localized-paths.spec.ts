/**
 * Spec §2 "Localized paths": every localized path of every locale is a real page with
 * the locale's <html lang>, one h1 (the first hero title of its seed content), a title,
 * a meta description and a canonical link.
 */
import { expect, test } from '@playwright/test';
import {
  LOCALE_INFO,
  LOCALES,
  LOCALIZED_PATHS,
  getHref,
  slugToPath,
  type Locale,
  type PagePurpose,
} from '#shared/locales';
import { documentTitle, heroTitle, seedPage } from './support/content';

// Browser language fi-FI, so that "/" is not redirected by first-visit detection.
test.use({ locale: 'fi-FI' });

/** Spec §2 spells two Norwegian paths differently from the route table; both must serve. */
const EXTRA_PATHS: Partial<Record<Locale, string[]>> = { 'no-NO': ['/befrift', '/privat/kundservice'] };

function pathsOf(locale: Locale): string[] {
  const purposes = (Object.keys(LOCALIZED_PATHS) as PagePurpose[]).filter((purpose) => purpose !== 'search');
  return [...purposes.map((purpose) => LOCALIZED_PATHS[purpose][locale]), ...(EXTRA_PATHS[locale] ?? [])];
}

for (const locale of LOCALES) {
  test(`${locale}: every localized path is a complete page`, async ({ page, baseURL }) => {
    const { htmlLang } = LOCALE_INFO[locale];
    for (const path of pathsOf(locale)) {
      const url = getHref(locale, path);
      await test.step(url, async () => {
        const seed = seedPage(locale, path);
        const response = await page.goto(url);
        expect(response, `${url}: no response`).not.toBeNull();
        expect(response!.status(), `${url}: status`).toBe(200);
        // Served in place, not through a redirect.
        expect(response!.request().redirectedFrom(), `${url}: was redirected`).toBeNull();

        await expect(page.locator('html'), `${url}: <html lang>`).toHaveAttribute('lang', htmlLang);
        const h1 = page.getByRole('heading', { level: 1 });
        await expect(h1, `${url}: exactly one h1`).toHaveCount(1);
        await expect(h1, `${url}: h1 text`).toHaveText(heroTitle(seed));

        await expect(page, `${url}: <title>`).toHaveTitle(documentTitle(seed));
        const description = page.locator('meta[name="description"]');
        await expect(description, `${url}: one meta description`).toHaveCount(1);
        await expect(description, `${url}: meta description`).toHaveAttribute('content', seed.description);
        const canonical = page.locator('link[rel="canonical"]');
        await expect(canonical, `${url}: one canonical link`).toHaveCount(1);
        // An alias (/befrift) names the page's own slug as canonical.
        await expect(canonical, `${url}: canonical`).toHaveAttribute(
          'href',
          `${baseURL}${getHref(locale, slugToPath(seed.slug))}`,
        );
      });
    }
  });
}
