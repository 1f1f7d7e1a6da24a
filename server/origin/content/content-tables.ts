/** Table types of migration 001-content: pages, their aliases and layouts. */
export interface PagesTable {
  group_key: string;
  locale: string;
  slug: string;
  content_type: string;
  status: 'published' | 'draft';
  content_json: string;
  search_text: string;
  updated_at: string;
}

export interface PageAliasesTable {
  locale: string;
  alias: string;
  slug: string;
}

export interface LayoutsTable {
  locale: string;
  layout_json: string;
  updated_at: string;
}

export interface ContentTables {
  pages: PagesTable;
  page_aliases: PageAliasesTable;
  layouts: LayoutsTable;
}

declare module '../db' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- merges these tables into the schema
  interface DatabaseSchema extends ContentTables {}
}
