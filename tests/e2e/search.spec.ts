/**
 * Site search (the siteSearch block): a word from an article's body finds the article,
 * the query lives in ?q= (the form submits there without JavaScript too), and the empty
 * and error states show; all at 390 px and 1280 px, the body-word search in every locale.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { getHref, LOCALES, slugToPath, type Locale } from '#shared/locales';
import { message, repoRoot } from './support/content';
import { waitForHydration } from './support/page-helpers';
import { expectNoSeriousViolations } from './support/axe';

interface SeedFile {
  contentType: string;
  locales: Partial<
    Record<Locale, { slug: string; title: string; status?: string; body: Array<Record<string, unknown>> }>
  >;
}

function seedFiles(): SeedFile[] {
  const dir = join(repoRoot, 'content', 'pages');
  return readdirSync(dir)
    .filter((name) => name.endsWith('.json'))
    .map((name) => JSON.parse(readFileSync(join(dir, name), 'utf8')) as SeedFile);
}

function searchPagePath(locale: Locale): string {
  const file = seedFiles().find((candidate) =>
    candidate.locales[locale]?.body.some((block) => block.type === 'siteSearch'),
  );
  if (!file) throw new Error(`No ${locale} page has a siteSearch block`);
  return getHref(locale, slugToPath(file.locales[locale]!.slug));
}

/** A published article and the longest word of its rich-text body (likely rare elsewhere). */
function articleAndBodyWord(locale: Locale): { title: string; path: string; word: string } {
  for (const file of seedFiles()) {
    const page = file.locales[locale];
    if (file.contentType !== 'articlePage' || !page || page.status === 'draft') continue;
    const text = page.body
      .filter((block) => block.type === 'richText' && typeof block.html === 'string')
      .map((block) => (block.html as string).replace(/<[^>]*>/g, ' '))
      .join(' ');
    const words = text.split(/[^\p{L}]+/u).filter((word) => word.length >= 6);
    const word = words.sort((a, b) => b.length - a.length)[0];
    if (word) return { title: page.title, path: slugToPath(page.slug), word };
  }
  throw new Error(`No ${locale} article has a rich-text body`);
}

// Checked on a phone and on a desktop, where the layouts differ.
const VIEWPORTS = [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
];

for (const viewport of VIEWPORTS) {
  test.describe(`${viewport.width} px`, () => {
    test.use({ viewport });

    for (const locale of LOCALES) {
      test(`${locale}: a word from an article's body finds the article`, async ({ page }) => {
        const { title, path, word } = articleAndBodyWord(locale);
        await page.goto(searchPagePath(locale));
        await waitForHydration(page);
        const field = page.getByRole('searchbox', { name: message(locale, 'search.label') });
        await field.fill(word);
        await field.press('Enter');
        await expect(page).toHaveURL(new RegExp(`[?&]q=${encodeURIComponent(word)}`));
        const results = page.locator('.site-search__list');
        const hit = results.getByRole('link', { name: title, exact: true });
        await expect(hit).toBeVisible();
        await expect(page.locator('.site-search__count')).toBeVisible();
        await hit.click();
        await expect(page).toHaveURL(new RegExp(`${getHref(locale, path).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`));
      });
    }

    test('a result page loads from its address, and the page passes axe', async ({ page }) => {
      const { title, word } = articleAndBodyWord('en-EU');
      await page.goto(`${searchPagePath('en-EU')}?q=${encodeURIComponent(word)}`);
      await waitForHydration(page);
      await expect(page.getByRole('searchbox')).toHaveValue(word);
      await expect(page.locator('.site-search__list').getByRole('link', { name: title, exact: true })).toBeVisible();
      await expectNoSeriousViolations(page, word);
    });

    test('without JavaScript the form submits the query in ?q= and the server renders the results', async ({
      browser,
    }) => {
      const { title, word } = articleAndBodyWord('en-EU');
      const context = await browser.newContext({ javaScriptEnabled: false, viewport });
      const page = await context.newPage();
      const path = searchPagePath('en-EU');
      await page.goto(path);
      await page.getByRole('searchbox').fill(word);
      await page.getByRole('searchbox').press('Enter');
      await expect(page).toHaveURL(new RegExp(`${path}\\?q=${encodeURIComponent(word)}$`));
      await expect(page.locator('.site-search__list').getByRole('link', { name: title, exact: true })).toBeVisible();
      await expect(page.getByRole('searchbox')).toHaveValue(word);
      await context.close();
    });

    test('a query nothing matches shows the empty state', async ({ page }) => {
      await page.goto(`${searchPagePath('en-EU')}?q=zzqxjv`);
      await waitForHydration(page);
      await expect(page.getByText(message('en-EU', 'search.noResults', { query: 'zzqxjv' }))).toBeVisible();
    });

    test('a failing search shows the error state', async ({ page }) => {
      await page.route('**/proxy/cms-view/v1/search**', (route) => route.fulfill({ status: 503, body: '{}' }));
      await page.goto(searchPagePath('en-EU'));
      await waitForHydration(page);
      const field = page.getByRole('searchbox', { name: message('en-EU', 'search.label') });
      await field.fill('charging');
      await field.press('Enter');
      await expect(page.getByRole('alert')).toHaveText(message('en-EU', 'search.error'));
    });
  });
}
