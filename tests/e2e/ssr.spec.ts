/**
 * Server rendering (DESIGN §3): the document carries the page without JavaScript, and a
 * normal load hydrates it without console errors or hydration mismatches.
 */
import { expect, test } from '@playwright/test';
import { heroText, heroTitle, message, seedPage } from './support/content';
import { collectErrors, waitForHydration } from './support/page-helpers';

test.use({ locale: 'fi-FI' });

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the landing page is server-rendered', async ({ page }) => {
    const seed = seedPage('fi-FI', '/');
    const response = await page.goto('/');
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(heroTitle(seed));
    await expect(page.getByRole('main')).toContainText(heroText(seed));
    // Rich text, the link list and the shell are in the document too.
    await expect(page.getByRole('heading', { level: 2, name: 'Palvelut yhdeltä asemalta' })).toBeVisible();
    await expect(
      page.getByRole('navigation', { name: 'Pikalinkit' }).getByRole('link', { name: 'Yrityksille' }),
    ).toHaveAttribute('href', '/yrityksille');
    // The menu is a closed <details> disclosure (its summary is hidden on a wide screen),
    // and its navigation is shown on a wide screen anyway.
    await expect(page.getByRole('banner').locator('details')).not.toHaveAttribute('open');
    await expect(page.getByRole('banner').locator('summary .site-header__menu-label--open')).toHaveText(
      message('fi-FI', 'nav.openMenu'),
    );
    await expect(page.getByRole('navigation', { name: message('fi-FI', 'nav.mainNavigation') })).toBeVisible();
    await expect(page.getByRole('contentinfo')).toContainText(`© ${new Date().getFullYear()} St1`);
  });

  test('/en-EU/company is server-rendered in English', async ({ page }) => {
    const seed = seedPage('en-EU', '/company');
    const response = await page.goto('/en-EU/company');
    expect(response?.status()).toBe(200);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(heroTitle(seed));
    await expect(page.getByRole('main')).toContainText(heroText(seed));
    await expect(page.getByRole('link', { name: message('en-EU', 'nav.skipToContent') })).toHaveAttribute(
      'href',
      '#main',
    );
  });
});

test.describe('with JavaScript', () => {
  test('the landing page loads without console errors', async ({ page }) => {
    const errors = collectErrors(page);
    await page.goto('/');
    await waitForHydration(page);
    await page.waitForLoadState('networkidle');
    expect(errors, errors.join('\n')).toEqual([]);
  });

  for (const path of [
    '/',
    '/yrityksille',
    '/en-EU/company',
    '/sv-SE/foretag',
    '/no-NO/artikkel/lading-av-elbil-om-vinteren',
  ]) {
    test(`${path} hydrates without a mismatch`, async ({ page }) => {
      const errors = collectErrors(page);
      await page.goto(path);
      await waitForHydration(page);
      // The DocumentHead effect runs after the hydration commit; once the title is the
      // page's, React has committed and any recoverable (mismatch) error is reported.
      await page.waitForFunction(() => document.readyState === 'complete');
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 50))));
      const hydrationErrors = errors.filter((text) =>
        /hydrat|did not match|mismatch|server rendered|#418|#419|#423|#425/i.test(text),
      );
      expect(hydrationErrors, hydrationErrors.join('\n')).toEqual([]);
      expect(errors, errors.join('\n')).toEqual([]);
      // React owns the server-rendered nodes (no client re-render replaced <main>).
      await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
    });
  }
});
