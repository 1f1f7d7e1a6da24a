/**
 * The origin's database: SQLite under DATA_DIR by default, PostgreSQL when DATABASE_URL
 * is set. Kysely speaks both, so repositories are written once (DESIGN §1).
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import type { AccountTables } from './accounts/account-tables';
import type { ContentTables } from './content/content-tables';
import type { FormTables } from './forms/form-tables';
import type { AssetTables } from './images/assets-repository';
import type { OutboxTables } from './outbox/outbox-tables';
import type { ShopTables } from './shop/shop-tables';
import type { StationTables } from './stations/stations-repository';

/**
 * The whole schema: each domain declares its tables beside its repositories, and the one
 * Kysely type is their union, so no repository casts between database types.
 */
export type DatabaseSchema = ContentTables &
  AssetTables &
  StationTables &
  ShopTables &
  AccountTables &
  FormTables &
  OutboxTables;

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
