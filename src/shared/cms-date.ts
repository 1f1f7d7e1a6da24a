import type { Block, KnownBlockOf, Page } from './content-schema';
import { LOCALE_INFO, type Locale } from './locales';

/**
 * A CMS date ('2026-03-14' or an ISO timestamp) as a long date in the locale's language,
 * e.g. '14. maaliskuuta 2026'. A plain date is a calendar day, not an instant, so it is
 * printed as is (UTC); an invalid value comes back unchanged.
 */
export function formatCmsDate(value: string, locale: Locale): string {
  const dateOnly = /^\d{4}-\d{2}-\d{2}$/.test(value);
  const date = new Date(dateOnly ? `${value}T00:00:00Z` : value);
  if (Number.isNaN(date.getTime())) return value;
  // The locale table's format and zone, so that server and browser print the same day.
  const { formatLocale, timeZone } = LOCALE_INFO[locale];
  return new Intl.DateTimeFormat(formatLocale, {
    dateStyle: 'long',
    timeZone: dateOnly ? 'UTC' : timeZone,
  }).format(date);
}

/** A block that read as an article list (one whose fields did not fit is 'invalid:articleList'). */
const isArticleList = (block: Block): block is KnownBlockOf<'articleList'> => block.type === 'articleList';

/**
 * Every CMS date a page shows (an article's created date, the articles of its lists), as
 * the server prints them: the payload carries them (`PagePayload.dates`) so that the
 * browser renders the page without formatting one itself. A page's first Intl formatter
 * pays the browser's ICU set-up in one piece (90–150 ms at Lighthouse's 4× CPU slowdown in
 * Chromium 156), which on an article page fell inside hydration. Undefined when the page
 * shows none.
 */
export function cmsDatesOf(page: Page, locale: Locale): Record<string, string> | undefined {
  const values = new Set<string>();
  if (page.content.created) values.add(page.content.created);
  for (const block of page.content.body) {
    if (isArticleList(block)) for (const item of block.items) values.add(item.created);
  }
  if (values.size === 0) return undefined;
  return Object.fromEntries([...values].map((value) => [value, formatCmsDate(value, locale)]));
}
