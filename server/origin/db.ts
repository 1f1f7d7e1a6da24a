/**
 * The origin's database: SQLite under DATA_DIR by default, PostgreSQL when DATABASE_URL
 * is set. Kysely speaks both, so repositories are written once (DESIGN §1).
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';

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

export interface DatabaseSchema {
  pages: PagesTable;
  page_aliases: PageAliasesTable;
  layouts: LayoutsTable;
}

export type Db = Kysely<DatabaseSchema>;

export function openDatabase(options: { dataDir: string; databaseUrl?: string | undefined; fileName?: string }): Db {
  if (options.databaseUrl) {
    return new Kysely<DatabaseSchema>({
      dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: options.databaseUrl, max: 10 }) }),
    });
  }
  mkdirSync(options.dataDir, { recursive: true });
  const sqlite = new Database(join(options.dataDir, options.fileName ?? 'origin.sqlite'));
  // WAL lets readers go on while the seed or an editor writes.
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  return new Kysely<DatabaseSchema>({ dialect: new SqliteDialect({ database: sqlite }) });
}
