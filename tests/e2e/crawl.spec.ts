/**
 * Crawling the running site from each locale root finds no broken
 * internal link or image, and every page has a title, a description and exactly one h1.
 * The crawl runs on plain HTTP against the server-rendered HTML (what a search engine
 * sees); other origins are never fetched.
 */
import { expect, test } from '@playwright/test';
import { LOCALES, getHref, type Locale } from '#shared/locales';
import { brokenReason, crawl, describeResources, localeOfUrl, type CrawlResult, type Resource } from './support/crawl';

const ROOTS = LOCALES.map((locale) => getHref(locale, '/'));
/**
 * Not a target, a guard against a vacuous pass: a crawl that stops at the root (links
 * lost in rendering, a redirect loop) must fail. Every locale has far more pages than this.
 */
const MIN_PAGES_PER_LOCALE = 10;

function pages(result: CrawlResult): Resource[] {
  return [...result.resources.values()].filter((resource) => resource.facts);
}

/** One check over every HTML page; a soft assertion so that every category is reported. */
function checkPages(result: CrawlResult, name: string, failing: (page: Resource) => string | null) {
  const bad = pages(result).filter((page) => failing(page) !== null);
  expect.soft(bad.length, `${name} — failing pages:\n${describeResources(bad, (page) => failing(page)!)}`).toBe(0);
}

// One crawl for all four roots: the locales link to each other (switcher, hreflang), so
// separate crawls would fetch the same pages four times.
test('crawl from every locale root: no broken link or image; title, description, one h1', async ({ baseURL }) => {
  // ~10–40 s on an idle 2-core machine (images are resized on first request); room for a loaded one.
  test.setTimeout(180_000);
  const result = await crawl({ baseURL: baseURL!, roots: ROOTS });
  const all = [...result.resources.values()];
  console.log(
    `crawl: ${all.length} URLs (${pages(result).length} HTML pages), ${result.external.size} external links not fetched, ${(result.ms / 1000).toFixed(1)} s`,
  );

  // Guards against a vacuous pass: the crawl must really have covered the site.
  expect(result.truncated, 'the crawl hit its URL cap: a link generator?').toBe(false);
  for (const root of ROOTS) {
    const resource = all.find((candidate) => new URL(candidate.url).pathname === root);
    expect(resource?.status, `${root} answered`).toBe(200);
  }
  const perLocale = new Map<Locale, number>(LOCALES.map((locale) => [locale, 0]));
  for (const page of pages(result)) perLocale.set(localeOfUrl(page.url), perLocale.get(localeOfUrl(page.url))! + 1);
  for (const [locale, count] of perLocale) {
    expect.soft(count, `HTML pages found in ${locale}`).toBeGreaterThanOrEqual(MIN_PAGES_PER_LOCALE);
  }

  const broken = all.filter((resource) => brokenReason(resource));
  expect
    .soft(
      broken.length,
      `Broken internal URLs (path: reason ← linked from):\n${describeResources(broken, (r) => brokenReason(r)!)}`,
    )
    .toBe(0);

  // A redirect is fine (legacy addresses), but its target must be on this site.
  const offsite = all.filter((r) => r.location && new URL(r.location).origin !== new URL(r.url).origin);
  expect
    .soft(offsite.length, `Redirects to other origins:\n${describeResources(offsite, (r) => `→ ${r.location}`)}`)
    .toBe(0);

  checkPages(result, 'non-empty <title>', (page) =>
    page.facts!.title ? null : page.facts!.title === null ? 'no <title>' : 'empty <title>',
  );
  checkPages(result, 'one non-empty meta description', (page) => {
    const { descriptions } = page.facts!;
    if (descriptions.length === 0) return 'no <meta name="description">';
    if (descriptions.length > 1) return `${descriptions.length} meta descriptions`;
    return descriptions[0]!.trim() ? null : 'empty meta description';
  });
  checkPages(result, 'exactly one <h1>', (page) =>
    page.facts!.h1Count === 1 ? null : `${page.facts!.h1Count} h1 elements`,
  );
  checkPages(result, 'every <img> has width and height attributes (no layout shift)', (page) =>
    page.facts!.unsizedImages.length ? `unsized: ${page.facts!.unsizedImages.join(', ')}` : null,
  );
});
