/**
 * Page rows as the content domain reads them: the columns, and stored content checked once
 * per row text (a page is read on every render).
 */
import { pageContentSchema, type PageContent } from '#shared/content-schema';
import { isLocale, type Locale } from '#shared/locales';

export interface StoredPage {
  groupKey: string;
  locale: Locale;
  slug: string;
  status: 'published' | 'draft';
  content: PageContent;
  updatedAt: string;
}

/** The columns a page is read with. */
export const PAGE_COLUMNS = ['group_key', 'locale', 'slug', 'status', 'content_json', 'updated_at'] as const;

type PageRow = {
  group_key: string;
  locale: string;
  slug: string;
  status: 'published' | 'draft';
  content_json: string;
  updated_at: string;
};

/**
 * Stored content checked once: the checked content of each row, kept with the stored text it
 * came from. While a row's text is the same it is neither parsed nor checked again (a page is
 * read on every render); any change of the text checks it anew.
 */
export type CheckedContent = Map<string, { json: string; content: PageContent }>;
/** More rows than any site has pages in every locale and status: past it, start again. */
const CHECKED_CONTENT_LIMIT = 5000;

function checkedContent(row: PageRow, checked: CheckedContent): PageContent {
  const key = `${row.locale}|${row.slug}|${row.status}`;
  const known = checked.get(key);
  if (known?.json === row.content_json) return known.content;
  const content = pageContentSchema.parse(JSON.parse(row.content_json));
  if (checked.size >= CHECKED_CONTENT_LIMIT) checked.clear();
  checked.set(key, { json: row.content_json, content });
  return content;
}

export function toStoredPage(row: PageRow, checked: CheckedContent): StoredPage {
  // Stored data is checked on the way out too: a corrupt row is an error, not a crash.
  const content = checkedContent(row, checked);
  if (!isLocale(row.locale)) throw new Error(`Page ${row.slug} has an unknown locale ${row.locale}`);
  return {
    groupKey: row.group_key,
    locale: row.locale,
    slug: row.slug,
    status: row.status,
    content,
    updatedAt: row.updated_at,
  };
}

/** Rows for listings: a corrupt row is left out, so that it does not break every other page's listing. */
export function toStoredPages(rows: PageRow[], checked: CheckedContent): StoredPage[] {
  return rows.flatMap((row) => {
    try {
      return [toStoredPage(row, checked)];
    } catch {
      return [];
    }
  });
}

