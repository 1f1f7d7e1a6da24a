/** Data access for CMS pages: lookup by slug or alias, siblings, lists, search, writes. */
import type { ArticleListItem, PageContent } from '#shared/content-schema';
import { isLocale, slugToPath, type Locale } from '#shared/locales';
import type { ContentDb } from './content-tables';
import { preparedQuery } from './prepared-query';
import { PAGE_COLUMNS, toStoredPage, toStoredPages, type CheckedContent, type StoredPage } from './page-rows';
import { createPageSearch, pageSearchText } from './page-search';

export interface NewPage {
  groupKey: string;
  locale: Locale;
  status: 'published' | 'draft';
  aliases: string[];
  content: PageContent;
}

/** One page by slug or alias, with its siblings in the other locales: the reads of every render. */
function pageLookups(db: ContentDb, checked: CheckedContent) {
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
        .select(PAGE_COLUMNS)
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
  };
}

/** Lists of pages: the sitemap's and the articleList block's. */
function pageLists(db: ContentDb, checked: CheckedContent) {
  return {
    /** Published, indexable pages of a locale with their siblings, for the sitemap. */
    async listIndexable(
      locale: Locale,
    ): Promise<Array<{ page: StoredPage; alternates: Partial<Record<Locale, string>> }>> {
      const rows = await db
        .selectFrom('pages')
        .select(PAGE_COLUMNS)
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
     * Published article pages of a locale for an articleList block, newest first (by
     * `created`, else the last update), optionally only those tagged `tag`.
     */
    async listArticles(
      locale: Locale,
      options: { tag?: string | undefined; limit?: number | undefined } = {},
    ): Promise<ArticleListItem[]> {
      const rows = await db
        .selectFrom('pages')
        .select(PAGE_COLUMNS)
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
  };
}

/** Writing pages: the seed's inserts and the content sync's changes. */
function pageWrites(db: ContentDb) {
  /** Inserts a page and its aliases; callers wrap several inserts in one transaction. */
  async function insert(page: NewPage, now = new Date().toISOString()): Promise<void> {
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
  }

  return {
    insert,

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
        await insert(page, now);
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
  };
}

/**
 * Data access for CMS pages, one object over one connection: lookups, lists, search
 * (page-search.ts) and writes, sharing the checked content of the rows they read.
 */
export function createPagesRepository(db: ContentDb) {
  const checked: CheckedContent = new Map();
  return {
    ...pageLookups(db, checked),
    ...pageLists(db, checked),
    ...createPageSearch(db, checked),
    ...pageWrites(db),
  };
}

export type PagesRepository = ReturnType<typeof createPagesRepository>;
