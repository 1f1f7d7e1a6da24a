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
import type { DatabaseSchema, Db } from './database-schema';

export type { Db };

/**
 * Connections of one origin process's PostgreSQL pool. PostgreSQL's max_connections
 * (100 by default, a few reserved) divided by this is how many origin processes one
 * server takes (docs/operations.md "Capacity").
 */
export const POSTGRES_POOL_SIZE = 10;

export function openDatabase(options: { dataDir: string; databaseUrl?: string | undefined; fileName?: string }): Db {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: POSTGRES_POOL_SIZE });
    // An idle connection ended by the server (PostgreSQL restarted or failed over) is an
    // 'error' event of the pool; unheard, it would end the process (issue 27, the fault
    // suite). The pool drops that connection and opens a new one when next needed.
    pool.on('error', (error) => console.error(`Database: an idle connection failed (${error.message}), dropped`));
    return new Kysely<DatabaseSchema>({ dialect: new PostgresDialect({ pool }) });
  }
  mkdirSync(options.dataDir, { recursive: true });
  const sqlite = new Database(join(options.dataDir, options.fileName ?? 'origin.sqlite'));
  // WAL lets readers go on while the seed or an editor writes.
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  return new Kysely<DatabaseSchema>({ dialect: new SqliteDialect({ database: withPreparedStatements(sqlite) }) });
}
