/**
 * First-visit locale detection (spec §2, §4; DESIGN §2) and the locale switcher.
 */
import { expect, test } from '@playwright/test';
import { heroTitle, message, seedPage } from './support/content';
import { urlPath } from './support/page-helpers';

const YEAR_S = 365 * 24 * 60 * 60;

test.describe('browser language sv-SE', () => {
  test.use({ locale: 'sv-SE' });

  test('"/" redirects to /sv-SE and remembers the locale in a cookie', async ({ page, context, baseURL }) => {
    const response = await page.goto('/');
    await expect(page).toHaveURL(urlPath('/sv-SE'));
    expect(response?.status()).toBe(200);
    const redirect = await response!.request().redirectedFrom()?.response();
    expect(redirect?.status(), 'a temporary redirect').toBe(307);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(heroTitle(seedPage('sv-SE', '/')));
    await expect(page.locator('html')).toHaveAttribute('lang', 'sv-SE');

    const cookies = await context.cookies();
    const cookie = cookies.find((c) => c.name === 'i18n_redirected');
    expect(cookie, JSON.stringify(cookies)).toBeDefined();
    expect(cookie!.value).toBe('sv-SE');
    expect(cookie!.path).toBe('/');
    expect(cookie!.sameSite).toBe('Lax');
    const lifetime = cookie!.expires - Date.now() / 1000;
    expect(lifetime, 'cookie lifetime in seconds').toBeGreaterThan(YEAR_S - 3600);
    expect(lifetime, 'cookie lifetime in seconds').toBeLessThan(YEAR_S + 3600);

    // A later visit with the cookie set to fi-FI is not redirected.
    await context.addCookies([{ name: 'i18n_redirected', value: 'fi-FI', url: `${baseURL}/` }]);
    const second = await page.goto('/');
    expect(second?.status()).toBe(200);
    expect(second?.request().redirectedFrom()).toBeNull();
    await expect(page).toHaveURL(urlPath('/'));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(heroTitle(seedPage('fi-FI', '/')));
    await expect(page.locator('html')).toHaveAttribute('lang', 'fi-FI');

    // The cookie comes first (spec §2): a visitor who chose English and types "/" gets English.
    await context.addCookies([{ name: 'i18n_redirected', value: 'en-EU', url: `${baseURL}/` }]);
    const third = await page.goto('/');
    expect(
      await third!
        .request()
        .redirectedFrom()
        ?.response()
        .then((r) => r?.status()),
    ).toBe(307);
    await expect(page).toHaveURL(urlPath('/en-EU'));
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  });

  test('detection happens only on "/": a prefixed page is served as asked', async ({ page }) => {
    await page.goto('/yrityksille');
    await expect(page).toHaveURL(urlPath('/yrityksille'));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(heroTitle(seedPage('fi-FI', '/yrityksille')));
  });
});

test.describe('browser language nb-NO', () => {
  test.use({ locale: 'nb-NO' });

  test('"/" redirects to /no-NO', async ({ page, context }) => {
    await page.goto('/');
    await expect(page).toHaveURL(urlPath('/no-NO'));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(heroTitle(seedPage('no-NO', '/')));
    await expect(page.locator('html')).toHaveAttribute('lang', 'nb-NO');
    const cookie = (await context.cookies()).find((c) => c.name === 'i18n_redirected');
    expect(cookie?.value).toBe('no-NO');
  });
});

test.describe('browser language de-DE', () => {
  test.use({ locale: 'de-DE' });

  test('"/" stays on the fi-FI fallback', async ({ page }) => {
    const response = await page.goto('/');
    expect(response?.status()).toBe(200);
    expect(response?.request().redirectedFrom()).toBeNull();
    await expect(page).toHaveURL(urlPath('/'));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(heroTitle(seedPage('fi-FI', '/')));
    await expect(page.locator('html')).toHaveAttribute('lang', 'fi-FI');
  });
});

test.describe('locale switcher', () => {
  test.use({ locale: 'fi-FI' });

  test('/yrityksille links to the business page of every other locale', async ({ page }) => {
    await page.goto('/yrityksille');
    const switcher = page.getByRole('navigation', { name: message('fi-FI', 'nav.languages') });
    await expect(switcher.getByText('Suomi')).toHaveAttribute('aria-current', 'true');
    await expect(switcher.getByRole('link', { name: 'Suomi' })).toHaveCount(0);
    await expect(switcher.getByRole('link', { name: 'English' })).toHaveAttribute('href', urlPath('/en-EU/company'));
    await expect(switcher.getByRole('link', { name: 'Svenska' })).toHaveAttribute('href', urlPath('/sv-SE/foretag'));
    await expect(switcher.getByRole('link', { name: 'Norsk' })).toHaveAttribute('href', urlPath('/no-NO/bedrift'));
    await expect(switcher.getByRole('link', { name: 'English' })).toHaveAttribute('hreflang', 'en');

    await switcher.getByRole('link', { name: 'English' }).click();
    await expect(page).toHaveURL(urlPath('/en-EU/company'));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(heroTitle(seedPage('en-EU', '/company')));
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    const englishSwitcher = page.getByRole('navigation', { name: message('en-EU', 'nav.languages') });
    await expect(englishSwitcher.getByText('English')).toHaveAttribute('aria-current', 'true');
    await expect(englishSwitcher.getByRole('link', { name: 'Suomi' })).toHaveAttribute('href', urlPath('/yrityksille'));
  });
});

test.describe('crawlers', () => {
  test.use({ locale: 'sv-SE', userAgent: 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)' });

  test('"/" is served as it is to a crawler, whatever its languages', async ({ page }) => {
    const response = await page.goto('/');
    expect(response?.status()).toBe(200);
    expect(new URL(page.url()).pathname).toBe('/');
    await expect(page.locator('html')).toHaveAttribute('lang', 'fi-FI');
  });
});
