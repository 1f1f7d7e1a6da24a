/**
 * The header after the launch audit: second-level navigation as a disclosure
 * menu (WAI-ARIA APG) by keyboard, mouse and touch at 1280 and 390 px; the site search
 * entry in every locale; the locale switcher that lands on the chosen language even in a
 * browser of another one, and that offers every locale on a page that exists in one.
 */
import { expect, test } from '@playwright/test';
import { LOCALE_INFO, LOCALES, LOCALIZED_PATHS, getHref } from '#shared/locales';
import { heroTitle, message, seedPage } from './support/content';
import { urlPath, waitForHydration } from './support/page-helpers';
import { seriousViolations } from './support/axe';

const MAIN_NAV = message('fi-FI', 'nav.mainNavigation');
const SUBMENU = message('fi-FI', 'nav.submenu', { name: 'Yksityisille' });

test.use({ locale: 'fi-FI' });

test.describe('1280 px navigation', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('a submenu opens and closes by keyboard, Escape returns focus, and axe finds nothing serious', async ({
    page,
  }) => {
    await page.goto('/yrityksille');
    await waitForHydration(page);
    const nav = page.getByRole('navigation', { name: MAIN_NAV });
    const button = nav.getByRole('button', { name: SUBMENU });
    const loyalty = nav.getByRole('link', { name: 'Kanta-asiakkuus', exact: true });
    await expect(button).toHaveAttribute('aria-expanded', 'false');
    await expect(loyalty).toBeHidden();

    // Tab from the first-level link reaches its submenu button; Enter opens the submenu.
    await nav.getByRole('link', { name: 'Yksityisille', exact: true }).focus();
    await page.keyboard.press('Tab');
    await expect(button).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(button).toHaveAttribute('aria-expanded', 'true');
    await expect(loyalty).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);

    // The next Tab stops go through the submenu's links.
    await page.keyboard.press('Tab');
    await expect(nav.getByRole('link', { name: 'Tuotteet', exact: true })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(loyalty).toBeFocused();

    // Escape closes it and puts focus back on its button; Space opens it again.
    await page.keyboard.press('Escape');
    await expect(button).toHaveAttribute('aria-expanded', 'false');
    await expect(loyalty).toBeHidden();
    await expect(button).toBeFocused();
    await page.keyboard.press('Space');
    await expect(loyalty).toBeVisible();

    // Enter on a second-level link navigates, and the submenu closes.
    await loyalty.focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(urlPath('/yksityisille/kanta-asiakkuus'));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      heroTitle(seedPage('fi-FI', '/yksityisille/kanta-asiakkuus')),
    );
    await expect(button).toHaveAttribute('aria-expanded', 'false');
  });

  test('arrow keys, Home and End move as in the APG disclosure navigation example', async ({ page }) => {
    await page.goto('/yrityksille');
    await waitForHydration(page);
    const nav = page.getByRole('navigation', { name: MAIN_NAV });
    const link = (name: string) => nav.getByRole('link', { name, exact: true });
    const submenu = (name: string) => nav.getByRole('button', { name: message('fi-FI', 'nav.submenu', { name }) });
    const privateButton = submenu('Yksityisille');

    // Between the first-level links and buttons, in order; the ends stop there.
    await link('Asemahaku').focus();
    await page.keyboard.press('ArrowLeft');
    await expect(link('Asemahaku')).toBeFocused();
    await page.keyboard.press('ArrowRight');
    await expect(submenu('Asemahaku')).toBeFocused();
    await page.keyboard.press('ArrowRight');
    await expect(link('Yksityisille')).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(privateButton).toBeFocused();
    await page.keyboard.press('ArrowUp');
    await expect(link('Yksityisille')).toBeFocused();
    await page.keyboard.press('End');
    const lastFirstLevel = nav.locator('.nav__list--level-1 > .nav__item > .nav__row > :is(a, button)').last();
    await expect(lastFirstLevel).toBeFocused();
    await expect(lastFirstLevel).not.toHaveText('Yksityisille');
    await page.keyboard.press('Home');
    await expect(link('Asemahaku')).toBeFocused();

    // Down on a closed submenu's button moves on; on an open one it enters the submenu.
    await privateButton.focus();
    await page.keyboard.press('Enter');
    await expect(privateButton).toHaveAttribute('aria-expanded', 'true');
    await page.keyboard.press('ArrowDown');
    await expect(link('Tuotteet')).toBeFocused();
    await page.keyboard.press('End');
    await expect(link('Asiakaspalvelu')).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(link('Asiakaspalvelu')).toBeFocused();
    await page.keyboard.press('ArrowUp');
    await expect(link('Kanta-asiakkuus')).toBeFocused();
    await page.keyboard.press('ArrowRight');
    await expect(link('Asiakaspalvelu')).toBeFocused();
    await page.keyboard.press('ArrowLeft');
    await expect(link('Kanta-asiakkuus')).toBeFocused();
    await page.keyboard.press('Home');
    await expect(link('Tuotteet')).toBeFocused();
    await page.keyboard.press('ArrowUp');
    await expect(link('Tuotteet')).toBeFocused();
    // The page does not scroll under the keys the menu uses.
    expect(await page.evaluate(() => window.scrollY)).toBe(0);

    // Escape closes the submenu and returns to its button; Down from there moves on.
    await page.keyboard.press('Escape');
    await expect(privateButton).toBeFocused();
    await expect(privateButton).toHaveAttribute('aria-expanded', 'false');
    await page.keyboard.press('ArrowDown');
    await expect(link('Yrityksille')).toBeFocused();
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('by mouse: one submenu at a time, and a click outside closes it', async ({ page }) => {
    await page.goto('/');
    await waitForHydration(page);
    const nav = page.getByRole('navigation', { name: MAIN_NAV });
    const privateButton = nav.getByRole('button', { name: SUBMENU });
    const businessButton = nav.getByRole('button', { name: message('fi-FI', 'nav.submenu', { name: 'Yrityksille' }) });
    await privateButton.click();
    await expect(nav.getByRole('link', { name: 'Kanta-asiakkuus', exact: true })).toBeVisible();
    await businessButton.click();
    await expect(privateButton).toHaveAttribute('aria-expanded', 'false');
    await expect(nav.getByRole('link', { name: 'Kanta-asiakkuus', exact: true })).toBeHidden();
    await expect(nav.getByRole('link', { name: 'Energiatuotteet', exact: true })).toBeVisible();
    // Its left end: the open submenu hangs over the heading's middle.
    await page.getByRole('heading', { level: 1 }).click({ position: { x: 10, y: 10 } });
    await expect(businessButton).toHaveAttribute('aria-expanded', 'false');
    await expect(nav.getByRole('link', { name: 'Energiatuotteet', exact: true })).toBeHidden();
  });
});

// At 1280 px the English navigation's fifth item ("Careers") wrapped onto a row of its own.
test('at 1280 px every locale keeps its navigation, "My stations" and the languages on one line', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  for (const path of ['/', '/en-EU', '/sv-SE', '/no-NO']) {
    await page.goto(path);
    const lines = await page.evaluate(() => {
      const parts = document.querySelectorAll(
        '.nav__list--level-1 > .nav__item, .site-header__my-stations, .site-header__panel .locale-switcher li',
      );
      return new Set([...parts].map((part) => Math.round(part.getBoundingClientRect().top))).size;
    });
    expect(lines, path).toBe(1);
  }
});

test('a client navigation replaces the JSON-LD of the head without any CSP violation', async ({ page }) => {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as Window & { __cspViolations?: string[] }).__cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (event) => seen.push(event.violatedDirective));
  });
  await page.goto('/');
  await waitForHydration(page);
  const types = () =>
    page.evaluate(() =>
      [...document.querySelectorAll('head script[type="application/ld+json"]')].map(
        (script) => (JSON.parse(script.textContent ?? '{}') as { '@type'?: string })['@type'],
      ),
    );
  expect(await types()).toEqual(['Organization']);
  await page
    .getByRole('navigation', { name: MAIN_NAV })
    .getByRole('link', { name: 'Yrityksille', exact: true })
    .click();
  await expect(page).toHaveURL(urlPath('/yrityksille'));
  await expect.poll(types).toEqual(['BreadcrumbList']);
  expect(await page.evaluate(() => (window as Window & { __cspViolations?: string[] }).__cspViolations ?? [])).toEqual(
    [],
  );
});

test.describe('390 px navigation', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });

  test('in the open menu a submenu opens by tap and by keyboard; Escape closes the submenu, then the menu', async ({
    page,
  }) => {
    await page.goto('/');
    await waitForHydration(page);
    const menu = page.getByRole('banner').locator('details');
    await menu.locator('summary').tap();
    const nav = page.getByRole('navigation', { name: MAIN_NAV });
    const button = nav.getByRole('button', { name: SUBMENU });
    const loyalty = nav.getByRole('link', { name: 'Kanta-asiakkuus', exact: true });
    await expect(loyalty).toBeHidden();
    await button.tap();
    await expect(button).toHaveAttribute('aria-expanded', 'true');
    await expect(loyalty).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);

    await loyalty.focus();
    await page.keyboard.press('Escape');
    await expect(loyalty).toBeHidden();
    await expect(button).toBeFocused();
    await expect(menu).toHaveAttribute('open', '');
    await page.keyboard.press('Enter');
    await expect(loyalty).toBeVisible();
    await page.keyboard.press('Escape');
    await page.keyboard.press('Escape');
    await expect(menu).not.toHaveAttribute('open');

    await menu.locator('summary').tap();
    await button.tap();
    await loyalty.tap();
    await expect(page).toHaveURL(urlPath('/yksityisille/kanta-asiakkuus'));
  });
});

test.describe('1280 px without JavaScript', () => {
  test.use({ viewport: { width: 1280, height: 800 }, javaScriptEnabled: false });

  test('second-level links show on hover and keyboard focus', async ({ page }) => {
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: MAIN_NAV });
    const loyalty = nav.getByRole('link', { name: 'Kanta-asiakkuus', exact: true });
    await expect(loyalty).toBeHidden();
    await nav.getByRole('link', { name: 'Yksityisille', exact: true }).hover();
    await expect(loyalty).toBeVisible();
    await page.mouse.move(640, 700);
    await expect(loyalty).toBeHidden();
    await nav.getByRole('link', { name: 'Yksityisille', exact: true }).focus();
    await expect(loyalty).toBeVisible();
  });
});

test.describe('site search entry', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  for (const locale of LOCALES) {
    test(`the header of ${locale} leads to its search page by keyboard`, async ({ page }) => {
      await page.goto(getHref(locale, '/'));
      await waitForHydration(page);
      const link = page.getByRole('banner').getByRole('link', { name: message(locale, 'header.search'), exact: true });
      await expect(link).toBeVisible();
      await link.focus();
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(urlPath(getHref(locale, LOCALIZED_PATHS.search[locale])));
      await expect(page.getByRole('searchbox').or(page.getByRole('textbox')).first()).toBeVisible();
    });
  }
});

test.describe('locale switcher in a Swedish browser', () => {
  test.use({ locale: 'sv-SE', viewport: { width: 1280, height: 800 } });

  test('"Suomi" on the Swedish front page lands on the Finnish one and remembers it', async ({ page, context }) => {
    await page.goto('/sv-SE');
    await waitForHydration(page);
    expect((await context.cookies()).find((cookie) => cookie.name === 'i18n_redirected')).toBeUndefined();
    await page
      .getByRole('navigation', { name: message('sv-SE', 'nav.languages') })
      .getByRole('link', { name: 'Suomi' })
      .click();
    await expect(page).toHaveURL(urlPath('/'));
    await expect(page.locator('html')).toHaveAttribute('lang', 'fi-FI');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(heroTitle(seedPage('fi-FI', '/')));
    expect((await context.cookies()).find((cookie) => cookie.name === 'i18n_redirected')?.value).toBe('fi-FI');
    // Typed in later, "/" stays Finnish.
    await page.goto('/');
    await expect(page).toHaveURL(urlPath('/'));
    await expect(page.locator('html')).toHaveAttribute('lang', 'fi-FI');
  });

  test.describe('without JavaScript', () => {
    test.use({ javaScriptEnabled: false });

    test('"Suomi" lands on the Finnish front page all the same', async ({ page, context }) => {
      await page.goto('/sv-SE');
      await page
        .getByRole('navigation', { name: message('sv-SE', 'nav.languages') })
        .getByRole('link', { name: 'Suomi' })
        .click();
      await expect(page).toHaveURL(urlPath('/'));
      await expect(page.locator('html')).toHaveAttribute('lang', 'fi-FI');
      expect((await context.cookies()).find((cookie) => cookie.name === 'i18n_redirected')?.value).toBe('fi-FI');
    });
  });
});

test.describe('locale switcher on a page in one locale only', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('offers the other locales’ front pages', async ({ page }) => {
    await page.goto('/vika-ja-hairiotiedotteet');
    const switcher = page.getByRole('navigation', { name: message('fi-FI', 'nav.languages') });
    for (const locale of ['en-EU', 'sv-SE', 'no-NO'] as const) {
      await expect(switcher.getByRole('link', { name: LOCALE_INFO[locale].displayName })).toHaveAttribute(
        'href',
        urlPath(getHref(locale, '/')),
      );
    }
    await switcher.getByRole('link', { name: 'Norsk' }).click();
    await expect(page).toHaveURL(urlPath('/no-NO'));
    await expect(page.locator('html')).toHaveAttribute('lang', 'nb-NO');
  });
});
