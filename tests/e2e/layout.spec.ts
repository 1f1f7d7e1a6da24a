/**
 * The layout of spec §2 on a phone (390 px) and a desktop (1280 px): the header menu with
 * and without JavaScript, and the footer — collapsing link groups on phones with the
 * 500 ms height transition (spec §9), always-open groups on desktops, app download
 * blocks, social links, copyright and extra links. Expected texts come from the seed
 * layout in content/layout and the message catalogs.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import type { Locale } from '#shared/locales';
import { HEIGHT_TRANSITION_MS } from '#shared/rules/limits';
import { heroTitle, message, repoRoot, seedPage } from './support/content';
import { urlPath, waitForHydration } from './support/page-helpers';

interface SeedNavItem {
  text: string;
  url: string;
  visibleInNavigation: boolean;
  children: SeedNavItem[];
}
interface SeedLink {
  title: string;
  url: { type: string; url?: string };
}
interface SeedLayout {
  navigation: SeedNavItem[];
  footerLinks: { title: string; links: SeedLink[] }[];
  downloadLinks: SeedLink[];
  someLinks: { kind: string; title: string; url?: string }[];
  extraLinks: SeedLink[];
}

function seedLayout(locale: Locale): SeedLayout {
  return JSON.parse(readFileSync(join(repoRoot, 'content', 'layout', `${locale}.json`), 'utf8')) as SeedLayout;
}

/** Texts of items hidden by visibleInNavigation false, and of everything below them. */
function hiddenNavTexts(items: SeedNavItem[], parentHidden = false): string[] {
  return items.flatMap((item) => {
    const hidden = parentHidden || !item.visibleInNavigation;
    return [...(hidden ? [item.text] : []), ...hiddenNavTexts(item.children, hidden)];
  });
}
function visibleNavTexts(items: SeedNavItem[]): string[] {
  return items
    .filter((item) => item.visibleInNavigation)
    .flatMap((item) => [item.text, ...visibleNavTexts(item.children)]);
}

const layout = seedLayout('fi-FI');
const MAIN_NAV = message('fi-FI', 'nav.mainNavigation');

/** Routes the tag manager away so that no test can reach the internet. */
async function blockTagManager(page: Page) {
  await page.route('https://www.googletagmanager.com/**', (route) => route.abort());
}

function footerGroup(page: Page, title: string) {
  return page
    .getByRole('contentinfo')
    .locator('.site-footer__group')
    .filter({ has: page.getByRole('heading', { name: title, exact: true }) });
}

test.use({ locale: 'fi-FI' });

test.describe('390 px', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the header has the logo, the station locator, the user label and a closed menu', async ({ page }) => {
    await blockTagManager(page);
    await page.goto('/yrityksille');
    await waitForHydration(page);
    const banner = page.getByRole('banner');
    await expect(banner.getByRole('link', { name: 'St1:n päälogo' })).toHaveAttribute('href', '/');
    await expect(banner.getByRole('link', { name: message('fi-FI', 'nav.stationLocator') })).toHaveAttribute(
      'href',
      '/asemahaku',
    );
    await expect(banner.getByText(message('fi-FI', 'header.login'))).toBeVisible();
    await expect(page.getByRole('navigation', { name: MAIN_NAV })).toBeHidden();
  });

  test('the menu opens, shows the visible navigation tree only, and navigates', async ({ page }) => {
    await blockTagManager(page);
    await page.goto('/');
    await waitForHydration(page);
    await page.getByRole('banner').locator('summary').click();
    const nav = page.getByRole('navigation', { name: MAIN_NAV });
    await expect(nav).toBeVisible();

    // Second-level links are in the tree but hidden until their submenu button opens them.
    for (const text of visibleNavTexts(layout.navigation)) {
      await expect(nav.getByRole('link', { name: text, exact: true, includeHidden: true }).first()).toBeAttached();
    }
    const hidden = hiddenNavTexts(layout.navigation).filter(
      (text) => !visibleNavTexts(layout.navigation).includes(text),
    );
    expect(hidden.length, 'the seed layout hides some items').toBeGreaterThan(0);
    for (const text of hidden) {
      await expect(nav.getByRole('link', { name: text, exact: true, includeHidden: true })).toHaveCount(0);
    }

    // A second-level item, shown by its parent's submenu button, navigates on the client
    // and closes the menu.
    await nav.getByRole('button', { name: message('fi-FI', 'nav.submenu', { name: 'Yksityisille' }) }).click();
    await nav.getByRole('link', { name: 'Kanta-asiakkuus', exact: true }).click();
    await expect(page).toHaveURL(urlPath('/yksityisille/kanta-asiakkuus'));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      heroTitle(seedPage('fi-FI', '/yksityisille/kanta-asiakkuus')),
    );
    await expect(page.getByRole('banner').locator('details')).not.toHaveAttribute('open');
  });

  test('the locale switcher in the menu keeps the page', async ({ page }) => {
    await blockTagManager(page);
    await page.goto('/yrityksille');
    await waitForHydration(page);
    await page.getByRole('banner').locator('summary').click();
    await page
      .getByRole('navigation', { name: message('fi-FI', 'nav.languages') })
      .getByRole('link', { name: 'Svenska' })
      .click();
    await expect(page).toHaveURL(urlPath('/sv-SE/foretag'));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(heroTitle(seedPage('sv-SE', '/foretag')));
  });

  test('footer link groups collapse behind their headings and open with the height transition', async ({ page }) => {
    await blockTagManager(page);
    await page.goto('/');
    await waitForHydration(page);
    const footer = page.getByRole('contentinfo');
    for (const group of layout.footerLinks) {
      const toggle = footer.getByRole('button', { name: group.title, exact: true });
      await expect(toggle).toHaveAttribute('aria-expanded', 'false');
      await expect(footer.getByRole('link', { name: group.links[0]!.title, exact: true })).toBeHidden();
    }

    const group = layout.footerLinks[1]!;
    const toggle = footer.getByRole('button', { name: group.title, exact: true });
    const region = page.locator(`[id="${await toggle.getAttribute('aria-controls')}"]`);
    // Records, at each state change of the region, the time and the content's overflow, and
    // the time of the press. The 500 ms are timed from the press: a MutationObserver's
    // callback runs only once the press's task has ended, so timing from the first sample
    // started late by whatever React did after the change in that task (12.5 ms once in a
    // loaded run: 487.5 ms measured for a transition that kept its 500).
    await region.evaluate((element) => {
      const samples: { state: string | undefined; overflow: string; at: number }[] = [];
      (window as unknown as { heightSamples: typeof samples }).heightSamples = samples;
      window.addEventListener(
        'click',
        () => ((window as unknown as { pressedAt: number }).pressedAt = performance.now()),
        {
          capture: true,
          once: true,
        },
      );
      const inner = element.querySelector('.height-transition__inner')!;
      new MutationObserver(() =>
        samples.push({
          state: (element as HTMLElement).dataset.state,
          overflow: getComputedStyle(inner).overflow,
          at: performance.now(),
        }),
      ).observe(element, { attributes: true, attributeFilter: ['data-state'] });
    });
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect(region).toHaveAttribute('data-state', 'open');
    const { samples, pressedAt } = await page.evaluate(() => {
      const recorded = window as unknown as {
        heightSamples: { state: string; overflow: string; at: number }[];
        pressedAt: number;
      };
      return { samples: recorded.heightSamples, pressedAt: recorded.pressedAt };
    });
    // Spec §9: overflow stays hidden while it opens, for 500 ms, and is released afterwards.
    expect(samples.map(({ state, overflow }) => ({ state, overflow }))).toEqual([
      { state: 'opening', overflow: 'hidden' },
      { state: 'open', overflow: 'visible' },
    ]);
    // The timer starts after the press's listener ran, so the open state can come no sooner
    // (1 ms for the clocks' rounding).
    expect(samples[1]!.at - pressedAt).toBeGreaterThanOrEqual(HEIGHT_TRANSITION_MS - 1);
    for (const link of group.links) {
      await expect(region.getByRole('link', { name: link.title, exact: true })).toBeVisible();
    }
    // The other groups stay closed.
    await expect(footer.getByRole('button', { name: layout.footerLinks[0]!.title, exact: true })).toHaveAttribute(
      'aria-expanded',
      'false',
    );

    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(region.getByRole('link', { name: group.links[0]!.title, exact: true })).toBeHidden();
  });

  test('a footer link in an opened group navigates', async ({ page }) => {
    await blockTagManager(page);
    await page.goto('/');
    await waitForHydration(page);
    const footer = page.getByRole('contentinfo');
    await footer.getByRole('button', { name: 'Yrityksille', exact: true }).click();
    await footer.getByRole('link', { name: 'St1 Business -kortti', exact: true }).click();
    await expect(page).toHaveURL(urlPath('/yrityksille/st1-business-kortti'));
  });
});

test.describe('390 px without JavaScript', () => {
  test.use({ viewport: { width: 390, height: 844 }, javaScriptEnabled: false });

  test('the menu opens and navigates', async ({ page }) => {
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: MAIN_NAV });
    await expect(nav).toBeHidden();
    await page.getByRole('banner').locator('summary').click();
    await expect(nav).toBeVisible();
    await nav.getByRole('link', { name: 'Yrityksille', exact: true }).click();
    await expect(page).toHaveURL(urlPath('/yrityksille'));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(heroTitle(seedPage('fi-FI', '/yrityksille')));
  });

  test('every footer link is shown and no consent banner or settings button appears', async ({ page }) => {
    await page.goto('/');
    const footer = page.getByRole('contentinfo');
    for (const group of layout.footerLinks) {
      await expect(footer.getByRole('heading', { name: group.title, exact: true })).toBeVisible();
      for (const link of group.links) {
        await expect(footerGroup(page, group.title).getByRole('link', { name: link.title, exact: true })).toBeVisible();
      }
    }
    await expect(footer.getByRole('button')).toHaveCount(0);
    await expect(page.getByRole('region', { name: message('fi-FI', 'consent.title') })).toHaveCount(0);
  });
});

test.describe('1280 px', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('the navigation shows without opening a menu', async ({ page }) => {
    await blockTagManager(page);
    await page.goto('/');
    await waitForHydration(page);
    await expect(page.getByRole('banner').locator('summary')).toBeHidden();
    const nav = page.getByRole('navigation', { name: MAIN_NAV });
    await expect(nav.getByRole('link', { name: 'Yrityksille', exact: true })).toBeVisible();
    await nav.getByRole('link', { name: 'Yrityksille', exact: true }).click();
    await expect(page).toHaveURL(urlPath('/yrityksille'));
  });

  test('footer link groups are always open, with plain headings', async ({ page }) => {
    await blockTagManager(page);
    await page.goto('/');
    await waitForHydration(page);
    const footer = page.getByRole('contentinfo');
    for (const group of layout.footerLinks) {
      await expect(footer.getByRole('heading', { name: group.title, exact: true })).toBeVisible();
      await expect(footer.getByRole('button', { name: group.title, exact: true })).toHaveCount(0);
      for (const link of group.links) {
        await expect(footerGroup(page, group.title).getByRole('link', { name: link.title, exact: true })).toBeVisible();
      }
    }
  });

  test('narrowing the window turns the footer headings into buttons after the resize debounce', async ({ page }) => {
    await blockTagManager(page);
    await page.goto('/');
    await waitForHydration(page);
    const title = layout.footerLinks[0]!.title;
    const footer = page.getByRole('contentinfo');
    await expect(footer.getByRole('button', { name: title, exact: true })).toHaveCount(0);
    await page.setViewportSize({ width: 390, height: 800 });
    await expect(footer.getByRole('button', { name: title, exact: true })).toHaveAttribute('aria-expanded', 'false');
    await page.setViewportSize({ width: 1280, height: 800 });
    await expect(footer.getByRole('button', { name: title, exact: true })).toHaveCount(0);
  });

  test('the footer has the logo icons, app blocks, social links with a URL, copyright and extra links', async ({
    page,
  }) => {
    await blockTagManager(page);
    await page.goto('/');
    await waitForHydration(page);
    const footer = page.getByRole('contentinfo');

    await expect(footer.locator('.site-footer__icons img')).toHaveCount(3);

    // Download links 1–2 are the app block, 3–4 the business-app block.
    const apps = footer.locator('.site-footer__app');
    await expect(apps).toHaveCount(2);
    await expect(apps.nth(0).getByRole('heading')).toHaveText(message('fi-FI', 'footer.appDownloads'));
    // Each opens a new tab and says so (WCAG technique G201; src/ui/new-tab-note.tsx).
    const newTab = (title: string) => `${title} (${message('fi-FI', 'link.newTab')})`;
    await expect(apps.nth(0).getByRole('link')).toHaveText(
      layout.downloadLinks.slice(0, 2).map((link) => newTab(link.title)),
    );
    await expect(apps.nth(1).getByRole('heading')).toHaveText(message('fi-FI', 'footer.businessApp'));
    await expect(apps.nth(1).getByRole('link')).toHaveText(
      layout.downloadLinks.slice(2, 4).map((link) => newTab(link.title)),
    );
    await expect(apps.nth(1).getByRole('link').first()).toHaveAttribute('target', '_blank');

    const social = footer.locator('.site-footer__social');
    const withUrl = layout.someLinks.filter((link) => link.url);
    expect(withUrl.length, 'the seed layout has a social link without a URL').toBeLessThan(layout.someLinks.length);
    await expect(social.getByRole('link')).toHaveText(withUrl.map((link) => newTab(link.title)));
    for (const link of withUrl) {
      await expect(social.getByRole('link', { name: newTab(link.title), exact: true })).toHaveAttribute(
        'href',
        link.url!,
      );
    }

    await expect(footer).toContainText(message('fi-FI', 'footer.copyright', { year: new Date().getFullYear() }));
    const extra = footer.locator('.site-footer__extra');
    for (const link of layout.extraLinks) await expect(extra.getByRole('link', { name: link.title })).toBeVisible();
    await expect(extra.getByRole('button', { name: message('fi-FI', 'footer.cookieSettings') })).toBeVisible();
  });
});

test.describe('1280 px without JavaScript', () => {
  test.use({ viewport: { width: 1280, height: 800 }, javaScriptEnabled: false });

  test('the navigation is shown and works', async ({ page }) => {
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: MAIN_NAV });
    await expect(nav.getByRole('link', { name: 'Yrityksille', exact: true })).toBeVisible();
    await nav.getByRole('link', { name: 'Yrityksille', exact: true }).click();
    await expect(page).toHaveURL(urlPath('/yrityksille'));
  });
});
