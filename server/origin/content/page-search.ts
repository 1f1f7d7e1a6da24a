/**
 * The site search over pages: the words a page is found by (stored with it), an index of
 * each locale's stemmed page texts, and the hits with their excerpts.
 */
import type { PageContent } from '#shared/content-schema';
import { slugToPath, type Locale } from '#shared/locales';
import { foldText } from '#shared/search-text';
import type { ContentDb } from './content-tables';
import { PAGE_COLUMNS, toStoredPages, type CheckedContent, type StoredPage } from './page-rows';
import { holdsTerm, prepareText, queryTerms, termsForPages, type PreparedText } from '../search-language';

/** The words a page is found by: title, description and the text of its blocks. */
export function pageSearchText(content: PageContent): string {
  const blockText = content.body
    .map((block) =>
      Object.values(block)
        .filter((value): value is string => typeof value === 'string')
        .join(' '),
    )
    .join(' ')
    .replace(/<[^>]*>/g, ' ');
  return foldText(`${content.title} ${content.description} ${blockText}`);
}

/** Plain text of a page for search excerpts. */
function plainText(content: PageContent): string {
  return content.body
    .map((block) =>
      'html' in block && typeof block.html === 'string'
        ? block.html
        : 'text' in block && typeof block.text === 'string'
          ? block.text
          : '',
    )
    .join(' ')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&[a-z]+;/gi, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

function excerpt(content: PageContent, terms: string[], length = 160): string {
  const text = plainText(content) || content.description;
  const folded = foldText(text);
  const at = Math.min(
    ...terms.map((term) => folded.indexOf(term)).filter((index) => index >= 0),
    Number.MAX_SAFE_INTEGER,
  );
  const start = at === Number.MAX_SAFE_INTEGER ? 0 : Math.max(0, at - 40);
  const slice = text.slice(start, start + length).trim();
  return `${start > 0 ? '…' : ''}${slice}${start + length < text.length ? '…' : ''}`;
}

/** The search of the pages repository, reading rows checked through `checked` (page-rows.ts). */
export function createPageSearch(db: ContentDb, checked: CheckedContent) {
  /**
   * The stemmed words of each published page of a locale, kept until a page of that locale
   * is added, removed or updated (its count or newest update time changes): stemming every
   * page's text for every query would cost more than the search itself.
   */
  const indexes = new Map<Locale, { key: string; entries: Array<{ slug: string; text: PreparedText }> }>();
  async function searchIndex(locale: Locale): Promise<Array<{ slug: string; text: PreparedText }>> {
    const stamp = await db
      .selectFrom('pages')
      .select([db.fn.countAll<number>().as('n'), db.fn.max('updated_at').as('newest')])
      .where('locale', '=', locale)
      .where('status', '=', 'published')
      .executeTakeFirstOrThrow();
    const key = `${stamp.n}|${String(stamp.newest)}`;
    const cached = indexes.get(locale);
    if (cached?.key === key) return cached.entries;
    const rows = await db
      .selectFrom('pages')
      .select(['slug', 'search_text'])
      .where('locale', '=', locale)
      .where('status', '=', 'published')
      .execute();
    const entries = rows.map((row) => ({ slug: row.slug, text: prepareText(locale, row.search_text) }));
    indexes.set(locale, { key, entries });
    return entries;
  }

  return {
    /**
     * Published pages of a locale whose text holds every word of the query, each word in
     * any of its inflected forms or synonyms (search-language.ts); title hits first.
     */
    async search(
      locale: Locale,
      query: string,
      limit = 20,
    ): Promise<Array<{ path: string; title: string; excerpt: string }>> {
      const terms = termsForPages(queryTerms(locale, query));
      if (terms.length === 0) return [];
      const index = await searchIndex(locale);
      const slugs = index.filter((entry) => terms.every((term) => holdsTerm(entry.text, term))).map((e) => e.slug);
      if (slugs.length === 0) return [];
      const rows = await db
        .selectFrom('pages')
        .select(PAGE_COLUMNS)
        .where('locale', '=', locale)
        .where('status', '=', 'published')
        .where('slug', 'in', slugs.slice(0, 200))
        .execute();
      const pages = toStoredPages(rows, checked).filter((page) => !page.content.noIndex);
      const score = (page: StoredPage) => {
        const title = prepareText(locale, page.content.title);
        return terms.filter((term) => holdsTerm(title, term)).length;
      };
      const words = terms.flatMap((term) => [term.word, ...term.stems]);
      // Among equal title hits the shorter title first: "Maalämpö" is the page about it, an
      // article whose title also holds the word is about something more.
      const titleWords = (page: StoredPage) => page.content.title.split(/\s+/).length;
      return pages
        .sort((a, b) => score(b) - score(a) || titleWords(a) - titleWords(b) || a.slug.localeCompare(b.slug))
        .slice(0, limit)
        .map((page) => ({
          path: slugToPath(page.slug),
          title: page.content.title,
          excerpt: excerpt(page.content, words),
        }));
    },
  };
}
