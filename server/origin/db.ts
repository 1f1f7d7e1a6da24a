/**
 * The origin's database: SQLite under DATA_DIR by default, PostgreSQL when DATABASE_URL
 * is set. Kysely speaks both, so repositories are written once (DESIGN §1).
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import { withPreparedStatements } from './sqlite-statements';

/**
 * The whole schema. Each domain declares its tables beside its repositories and merges
 * them in here (`declare module '../db'` in its *-tables.ts), so this module imports no
 * domain, and no repository casts between database types.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by declaration merging
export interface DatabaseSchema {}

export type Db = Kysely<DatabaseSchema>;

/**
 * Connections of one origin process's PostgreSQL pool. PostgreSQL's max_connections
 * (100 by default, a few reserved) divided by this is how many origin processes one
 * server takes (docs/operations.md "Capacity").
 */
export const POSTGRES_POOL_SIZE = 10;

export function openDatabase(options: { dataDir: string; databaseUrl?: string | undefined; fileName?: string }): Db {
  if (options.databaseUrl) {
    return new Kysely<DatabaseSchema>({
      dialect: new PostgresDialect({
        pool: new pg.Pool({ connectionString: options.databaseUrl, max: POSTGRES_POOL_SIZE }),
      }),
    });
  }
  mkdirSync(options.dataDir, { recursive: true });
  const sqlite = new Database(join(options.dataDir, options.fileName ?? 'origin.sqlite'));
  // WAL lets readers go on while the seed or an editor writes.
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  return new Kysely<DatabaseSchema>({ dialect: new SqliteDialect({ database: withPreparedStatements(sqlite) }) });
}
