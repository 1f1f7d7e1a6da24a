/** Data access for CMS pages: lookup by slug or alias, siblings, search, sitemap. */
import { pageContentSchema, type ArticleListItem, type PageContent } from '#shared/content-schema';
import { isLocale, slugToPath, type Locale } from '#shared/locales';
import { foldText } from '#shared/search-text';
import type { ContentDb } from './content-tables';
import { preparedQuery } from './prepared-query';
import { holdsTerm, prepareText, queryTerms, termsForPages, type PreparedText } from '../search-language';

export interface StoredPage {
  groupKey: string;
  locale: Locale;
  slug: string;
  status: 'published' | 'draft';
  content: PageContent;
  updatedAt: string;
}

export interface NewPage {
  groupKey: string;
  locale: Locale;
  status: 'published' | 'draft';
  aliases: string[];
  content: PageContent;
}

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
type CheckedContent = Map<string, { json: string; content: PageContent }>;
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

function toStoredPage(row: PageRow, checked: CheckedContent): StoredPage {
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
function toStoredPages(rows: PageRow[], checked: CheckedContent): StoredPage[] {
  return rows.flatMap((row) => {
    try {
      return [toStoredPage(row, checked)];
    } catch {
      return [];
    }
  });
}

/** The words a page is found by: title, description and the text of its blocks. */
function pageSearchText(content: PageContent): string {
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

// eslint-disable-next-line max-lines-per-function -- a repository object: short query methods that share one connection; the length is their number, not one procedure
export function createPagesRepository(db: ContentDb) {
  const columns = ['group_key', 'locale', 'slug', 'status', 'content_json', 'updated_at'] as const;
  const checked: CheckedContent = new Map();
  const statusesOf = (preview: boolean): Array<'published' | 'draft'> =>
    preview ? ['draft', 'published'] : ['published'];

  // The reads of every page render, prepared once (./prepared-query.ts); a preview reads drafts too.
  const aliasTarget = preparedQuery(db, 2, (locale, alias) =>
    db.selectFrom('page_aliases').select('slug').where('locale', '=', locale).where('alias', '=', alias),
  );
  const pageRows = (preview: boolean) =>
    preparedQuery(db, 2, (locale, slug) =>
      db
        .selectFrom('pages')
        .select(columns)
        .where('locale', '=', locale)
        .where('slug', '=', slug)
        .where('status', 'in', statusesOf(preview)),
    );
  const siblingRows = (preview: boolean) =>
    preparedQuery(db, 1, (groupKey) =>
      db
        .selectFrom('pages')
        .select(['locale', 'slug'])
        .where('group_key', '=', groupKey)
        .where('status', 'in', statusesOf(preview)),
    );
  const readPage = { published: pageRows(false), preview: pageRows(true) };
  const readSiblings = { published: siblingRows(false), preview: siblingRows(true) };

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

  async function resolveSlug(locale: Locale, slug: string): Promise<string> {
    const [alias] = await aliasTarget(locale, slug);
    return alias?.slug ?? slug;
  }

  return {
    async count(): Promise<number> {
      const row = await db.selectFrom('pages').select(db.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /** A page by slug or alias. With preview, a draft wins over the published version. */
    async find(locale: Locale, slug: string, options: { preview: boolean }): Promise<StoredPage | undefined> {
      const canonical = await resolveSlug(locale, slug);
      const rows = await readPage[options.preview ? 'preview' : 'published'](locale, canonical);
      const row = rows.find((candidate) => candidate.status === 'draft') ?? rows[0];
      return row ? toStoredPage(row, checked) : undefined;
    },

    /** Locale-relative paths of the page in every locale that has it. */
    async localizedPaths(groupKey: string, options: { preview: boolean }): Promise<Partial<Record<Locale, string>>> {
      const rows = await readSiblings[options.preview ? 'preview' : 'published'](groupKey);
      const paths: Partial<Record<Locale, string>> = {};
      for (const row of rows) if (isLocale(row.locale)) paths[row.locale] = slugToPath(row.slug);
      return paths;
    },

    /** Published, indexable pages of a locale with their siblings, for the sitemap. */
    async listIndexable(
      locale: Locale,
    ): Promise<Array<{ page: StoredPage; alternates: Partial<Record<Locale, string>> }>> {
      const rows = await db
        .selectFrom('pages')
        .select(columns)
        .where('status', '=', 'published')
        .orderBy('slug')
        .execute();
      const pages = toStoredPages(rows, checked).filter((page) => !page.content.noIndex);
      const byGroup = new Map<string, Partial<Record<Locale, string>>>();
      for (const page of pages) {
        const alternates = byGroup.get(page.groupKey) ?? {};
        alternates[page.locale] = slugToPath(page.slug);
        byGroup.set(page.groupKey, alternates);
      }
      return pages
        .filter((page) => page.locale === locale)
        .map((page) => ({ page, alternates: byGroup.get(page.groupKey) ?? {} }));
    },

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
        .select(columns)
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

    /**
     * Published article pages of a locale for an articleList block, newest first (by
     * `created`, else the last update), optionally only those tagged `tag`.
     */
    async listArticles(
      locale: Locale,
      options: { tag?: string | undefined; limit?: number | undefined } = {},
    ): Promise<ArticleListItem[]> {
      const rows = await db
        .selectFrom('pages')
        .select(columns)
        .where('locale', '=', locale)
        .where('status', '=', 'published')
        .where('content_type', '=', 'articlePage')
        .execute();
      const tag = options.tag?.toLocaleLowerCase(locale);
      return toStoredPages(rows, checked)
        .filter(
          (page) => tag === undefined || (page.content.tags ?? []).some((t) => t.toLocaleLowerCase(locale) === tag),
        )
        .map((page) => ({ page, created: page.content.created ?? page.updatedAt }))
        .sort((a, b) => Date.parse(b.created) - Date.parse(a.created) || a.page.slug.localeCompare(b.page.slug))
        .slice(0, options.limit ?? 12)
        .map(({ page, created }) => {
          const lead = page.content.body.find((block) => block.type === 'article');
          const excerptText =
            lead && 'lead' in lead && typeof lead.lead === 'string' ? lead.lead : page.content.description;
          return {
            title: page.content.title,
            path: slugToPath(page.slug),
            created,
            excerpt: excerptText,
            ...(page.content.image ? { image: page.content.image } : {}),
          };
        });
    },

    /**
     * Brings one page of content/ into the database (content sync): added when its locale,
     * slug and status are new, replaced when its group, content or aliases differ.
     */
    async applyFromContent(page: NewPage, now = new Date().toISOString()): Promise<'added' | 'changed' | 'same'> {
      const key = { locale: page.locale, slug: page.content.slug, status: page.status };
      const row = await db
        .selectFrom('pages')
        .select(['group_key', 'content_json'])
        .where('locale', '=', key.locale)
        .where('slug', '=', key.slug)
        .where('status', '=', key.status)
        .executeTakeFirst();
      const aliases = await db
        .selectFrom('page_aliases')
        .select('alias')
        .where('locale', '=', key.locale)
        .where('slug', '=', key.slug)
        .execute();
      const contentJson = JSON.stringify(page.content);
      const sameAliases =
        JSON.stringify(aliases.map((alias) => alias.alias).sort()) === JSON.stringify([...page.aliases].sort());
      if (!row) {
        await this.insert(page, now);
        return 'added';
      }
      if (row.group_key === page.groupKey && row.content_json === contentJson && sameAliases) return 'same';
      await db
        .updateTable('pages')
        .set({
          group_key: page.groupKey,
          content_type: page.content.contentType,
          content_json: contentJson,
          search_text: pageSearchText(page.content),
          updated_at: now,
        })
        .where('locale', '=', key.locale)
        .where('slug', '=', key.slug)
        .where('status', '=', key.status)
        .execute();
      if (!sameAliases) {
        await db.deleteFrom('page_aliases').where('locale', '=', key.locale).where('slug', '=', key.slug).execute();
        for (const alias of page.aliases)
          await db.insertInto('page_aliases').values({ locale: key.locale, alias, slug: key.slug }).execute();
      }
      return 'changed';
    },

    /** Inserts a page and its aliases; callers wrap several inserts in one transaction. */
    async insert(page: NewPage, now = new Date().toISOString()): Promise<void> {
      await db
        .insertInto('pages')
        .values({
          group_key: page.groupKey,
          locale: page.locale,
          slug: page.content.slug,
          content_type: page.content.contentType,
          status: page.status,
          content_json: JSON.stringify(page.content),
          search_text: pageSearchText(page.content),
          updated_at: now,
        })
        .execute();
      for (const alias of page.aliases) {
        await db.insertInto('page_aliases').values({ locale: page.locale, alias, slug: page.content.slug }).execute();
      }
    },
  };
}

export type PagesRepository = ReturnType<typeof createPagesRepository>;
