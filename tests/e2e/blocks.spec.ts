/**
 * CMS blocks in the browser: card links open their dialog (closing with Esc and the
 * backdrop), external links open a new tab, brand themes colour the page, and the
 * accordion works from the keyboard. Card, external-link and theme checks run at 390 px
 * and 1280 px. Pages are picked from the seed content by what they
 * contain, so the tests follow the content instead of hard-coding it.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { getHref, LOCALE_INFO, slugToPath, type Locale } from '#shared/locales';
import { THEMES, themeProperties, type ThemeName } from '#shared/themes';
import { message, repoRoot } from './support/content';
import { waitForHydration } from './support/page-helpers';
import { expectNoSeriousViolations } from './support/axe';

const LOCALE: Locale = 'en-EU';

interface Found {
  path: string;
  content: Record<string, unknown>;
}

/** Every en-EU seed page, with its full address on the site. */
function seedPages(): Found[] {
  const dir = join(repoRoot, 'content', 'pages');
  return readdirSync(dir)
    .filter((name) => name.endsWith('.json'))
    .flatMap((name) => {
      const file = JSON.parse(readFileSync(join(dir, name), 'utf8')) as {
        locales: Partial<Record<Locale, Record<string, unknown> & { slug: string; status?: string }>>;
      };
      const content = file.locales[LOCALE];
      if (!content || content.status === 'draft' || name.startsWith('draft')) return [];
      return [{ path: getHref(LOCALE, slugToPath(content.slug)), content }];
    });
}

/** Objects anywhere inside a value that satisfy a test. */
function findObjects(value: unknown, test: (node: Record<string, unknown>) => boolean): Array<Record<string, unknown>> {
  if (Array.isArray(value)) return value.flatMap((item) => findObjects(item, test));
  if (value && typeof value === 'object') {
    const node = value as Record<string, unknown>;
    return [...(test(node) ? [node] : []), ...Object.values(node).flatMap((item) => findObjects(item, test))];
  }
  return [];
}

/** The first seed page whose body holds a matching object, and that object. */
function pageWith(test: (node: Record<string, unknown>) => boolean) {
  for (const page of seedPages()) {
    const [node] = findObjects(page.content.body, test);
    if (node) return { path: page.path, node };
  }
  throw new Error('No seed page has what this test needs');
}

const isLinkOfType = (type: string) => (node: Record<string, unknown>) =>
  typeof node.title === 'string' && (node.url as { type?: string } | undefined)?.type === type;

async function open(page: Page, path: string) {
  await page.goto(path);
  await waitForHydration(page);
}

// Checked on a phone and on a desktop, where the layouts differ.
const VIEWPORTS = [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
];

for (const viewport of VIEWPORTS) {
  test.describe(`card link at ${viewport.width} px`, () => {
    test.use({ viewport });
    const { path, node } = pageWith(isLinkOfType('card'));
    const title = node.title as string;
    const text = (node.url as { value: string }).value;

    test('opens a dialog with the link title and text; Esc closes it', async ({ page }) => {
      await open(page, path);
      const trigger = page.getByRole('button', { name: title, exact: true });
      await trigger.click();
      const dialog = page.getByRole('dialog', { name: title });
      await expect(dialog).toBeVisible();
      await expect(dialog.getByRole('heading', { name: title })).toBeVisible();
      await expect(dialog).toContainText(text);
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
      // The native dialog hands focus back to the button that opened it.
      await expect(trigger).toBeFocused();
      // Closed through Esc, the store is unset too: the button opens it again.
      await trigger.click();
      await expect(dialog).toBeVisible();
    });

    test('closes on a backdrop click but not on a click inside it', async ({ page }) => {
      await open(page, path);
      await page.getByRole('button', { name: title, exact: true }).click();
      const dialog = page.getByRole('dialog', { name: title });
      await expect(dialog).toBeVisible();
      await dialog.getByRole('heading', { name: title }).click();
      await expect(dialog).toBeVisible();
      // The top-left corner of the viewport lies on the backdrop.
      await page.mouse.click(3, 3);
      await expect(dialog).toBeHidden();
    });
  });

  test.describe(`external link at ${viewport.width} px`, () => {
    test.use({ viewport });

    test('opens a new tab with rel noopener, and says so', async ({ page, context }) => {
      const { path, node } = pageWith(
        (candidate) => isLinkOfType('external')(candidate) && candidate.openInNewTab !== false && !candidate.image,
      );
      const href = new URL((node.url as { url: string }).url).href;
      // The external site is never contacted: its host answers from here.
      await context.route(
        (url) => url.origin === new URL(href).origin,
        (route) => route.fulfill({ contentType: 'text/html', body: '<title>External</title>' }),
      );
      await open(page, path);
      // Its name says it opens a new tab (WCAG technique G201; src/ui/new-tab-note.tsx).
      const name = `${node.title as string} (${message(LOCALE, 'link.newTab')})`;
      const link = page.locator('main').getByRole('link', { name, exact: true });
      await expect(link).toHaveAttribute('target', '_blank');
      await expect(link).toHaveAttribute('rel', /noopener/);
      const opened = context.waitForEvent('page');
      await link.click();
      const tab = await opened;
      await expect(tab).toHaveURL(href);
      // The site stays open in its own tab.
      await expect(page).toHaveURL(new RegExp(`${path}$`));
    });
  });
}

// The colours are checked once; axe's contrast checks run at both widths, on one page resized
// from 390 to 1280 px (the layouts differ by media queries only).
test.describe('brand themes', () => {
  const themed = seedPages().filter((page) => typeof page.content.theme === 'string');

  test('content has themed pages', () => {
    expect(themed.length, 'no seed page sets a theme').toBeGreaterThan(0);
  });

  for (const { path, content } of themed) {
    const theme = content.theme as ThemeName;
    test(`${path} wears the ${theme} colours`, async ({ page }) => {
      await page.setViewportSize(VIEWPORTS[0]!);
      await open(page, path);
      const wrapper = page.locator(`main [data-theme="${theme}"]`);
      await expect(wrapper).toHaveCount(1);
      const declared = await wrapper.evaluate((element) => {
        const style = getComputedStyle(element);
        return Object.fromEntries(
          ['primary', 'secondary', 'tertiary'].flatMap((role) => [
            [`--theme-${role}`, style.getPropertyValue(`--theme-${role}`).trim()],
            [`--theme-on-${role}`, style.getPropertyValue(`--theme-on-${role}`).trim()],
          ]),
        );
      });
      // The CSS minifier may shorten #ffffff to #fff: compare full 6-digit forms.
      const sixDigits = (hex: string) =>
        /^#[0-9a-f]{3}$/i.test(hex)
          ? `#${[...hex.slice(1)].map((d) => d + d).join('')}`.toLowerCase()
          : hex.toLowerCase();
      expect(Object.fromEntries(Object.entries(declared).map(([key, value]) => [key, sixDigits(value)]))).toEqual(
        themeProperties(theme),
      );

      // A hero without a colour of its own is painted in the brand's primary colour.
      const body = content.body as Array<Record<string, unknown>>;
      const heroIndex = body.findIndex((block) => block.type === 'hero' && !block.backgroundColor);
      if (heroIndex >= 0) {
        const hero = page.locator('main .hero:not([data-tone])').first();
        const [r, g, b] = [1, 3, 5].map((at) => Number.parseInt(THEMES[theme].primary.slice(at, at + 2), 16));
        await expect(hero).toHaveCSS('background-color', `rgb(${r}, ${g}, ${b})`);
      }

      // Themed text has to stay readable: axe checks the contrast of everything shown.
      for (const viewport of VIEWPORTS) {
        await page.setViewportSize(viewport);
        await expectNoSeriousViolations(page, `${path} in the ${theme} theme at ${viewport.width} px`);
      }
    });
  }
});
test('the accordion works from the keyboard', async ({ page }) => {
  const { path, node } = pageWith(
    (candidate) => candidate.type === 'accordion' && Array.isArray(candidate.items) && candidate.items.length >= 2,
  );
  const items = node.items as Array<{ title: string }>;
  await open(page, path);
  const first = page.getByRole('button', { name: items[0]!.title, exact: true });
  const second = page.getByRole('button', { name: items[1]!.title, exact: true });
  await expect(first).toHaveAttribute('aria-expanded', 'false');
  const panel = page.locator(`#${await first.getAttribute('aria-controls')}`);
  await expect(panel).toBeHidden();

  await first.focus();
  await page.keyboard.press('Enter');
  await expect(first).toHaveAttribute('aria-expanded', 'true');
  await expect(panel).toBeVisible();

  await page.keyboard.press('ArrowDown');
  await expect(second).toBeFocused();
  await page.keyboard.press('Space');
  await expect(second).toHaveAttribute('aria-expanded', 'true');

  await page.keyboard.press('Home');
  await expect(first).toBeFocused();
  await page.keyboard.press('Space');
  await expect(first).toHaveAttribute('aria-expanded', 'false');
  await expect(panel).toBeHidden();
  await page.keyboard.press('ArrowUp');
  await expect(page.getByRole('button', { name: items.at(-1)!.title, exact: true })).toBeFocused();
});

test('an article page has one h1 (its title), byline, date in the locale, tags and passes axe', async ({ page }) => {
  const article = seedPages().find(
    (candidate) =>
      (candidate.content.body as Array<{ type: string }>)[0]?.type === 'article' && candidate.content.created,
  );
  if (!article) throw new Error('No en-EU article page starts with an article block');
  const { title, byline, created, tags } = article.content as {
    title: string;
    byline?: string;
    created: string;
    tags?: string[];
  };
  await open(page, article.path);
  await expect(page.locator('h1')).toHaveCount(1);
  await expect(page.locator('h1')).toHaveText(title);
  // In the locale table's format and zone (en-EU: English with euro conventions, Helsinki).
  const { formatLocale, timeZone } = LOCALE_INFO['en-EU'];
  const date = new Intl.DateTimeFormat(formatLocale, { dateStyle: 'long', timeZone }).format(
    new Date(`${created.slice(0, 10)}T00:00:00Z`),
  );
  await expect(page.locator(`main time[datetime="${created}"]`)).toContainText(date);
  if (byline) await expect(page.locator('main .article-meta')).toContainText(byline);
  // The list keys pressRelease and story show as words (docs/content-model.md "Article tags").
  const shown = (tag: string) =>
    ['pressRelease', 'story'].includes(tag) ? message('en-EU', `article.tag.${tag}`) : tag;
  for (const tag of tags ?? []) await expect(page.locator('main .article-tags')).toContainText(shown(tag));
  await expect(page.locator('main .article-tags')).not.toContainText(/pressRelease|story/);
  await expectNoSeriousViolations(page, article.path);
});

test('an article list shows the newest published articles as links to them', async ({ page }) => {
  const list = pageWith((node) => node.type === 'articleList' && node.tag === undefined);
  const articles = seedPages()
    .filter((candidate) => (candidate.content.body as Array<{ type: string }>)[0]?.type === 'article')
    .sort((a, b) => String(b.content.created).localeCompare(String(a.content.created)));
  await open(page, list.path);
  const newest = articles[0]!;
  const link = page
    .locator('main .article-list')
    .getByRole('link', { name: newest.content.title as string })
    .first();
  await expect(link).toHaveAttribute('href', newest.path);
  await link.click();
  await expect(page).toHaveURL(new RegExp(`${newest.path}$`));
  await expect(page.locator('h1')).toHaveText(newest.content.title as string);
});

test.describe('every block kind passes axe', () => {
  // One page per kind, the first that has it; a page that shows several kinds is checked once.
  const kindsByPath = new Map<string, string[]>();
  const seen = new Set<string>();
  for (const { path, content } of seedPages())
    for (const block of content.body as Array<{ type: string }>)
      if (!seen.has(block.type)) {
        seen.add(block.type);
        kindsByPath.set(path, [...(kindsByPath.get(path) ?? []), block.type]);
      }

  // A themed page is scanned whole, at both widths, by its brand-theme test above.
  const themedPaths = new Set(
    seedPages().flatMap((page) => (typeof page.content.theme === 'string' ? [page.path] : [])),
  );
  for (const [path, kinds] of kindsByPath) {
    if (themedPaths.has(path)) continue;
    test(`${kinds.join(', ')} on ${path}`, async ({ page }) => {
      await open(page, path);
      await expectNoSeriousViolations(page, path);
    });
  }
});
