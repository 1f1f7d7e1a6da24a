/** Table types of migrations 001-content (pages, their aliases and layouts) and 014 (content sync). */
import type { Kysely, Transaction } from 'kysely';
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

/** Migration 014: the hash of the content/ the database last took in. */
export interface ContentSyncTable {
  source: string;
  hash: string;
  synced_at: string;
}

export interface ContentTables {
  pages: PagesTable;
  page_aliases: PageAliasesTable;
  layouts: LayoutsTable;
  content_sync: ContentSyncTable;
}

/**
 * What a content repository is built on: the database or a transaction, typed with this
 * domain's tables only, so that naming another domain's table is a compile error.
 */
export type ContentDb = Kysely<ContentTables> | Transaction<ContentTables>;
