/**
 * The origin's database: SQLite under DATA_DIR by default, PostgreSQL when DATABASE_URL
 * is set. Kysely speaks both, so repositories are written once (DESIGN §1).
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import {
  CompiledQuery,
  Kysely,
  PostgresDialect,
  SqliteDialect,
  SqliteDriver,
  type DatabaseConnection,
  type Driver,
  type SqliteDialectConfig,
} from 'kysely';
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

/**
 * SQLite transactions that take the write lock when they begin (`begin immediate`), not at
 * their first write. Kysely's `begin` is deferred: a transaction that read first had a
 * snapshot, and when another connection wrote before its own first write, SQLite refused
 * that write at once ("database is locked", SQLITE_BUSY_SNAPSHOT: no busy wait can help).
 * One origin process has one connection, but `npm run content:sync` and the other CLI
 * commands (cli.ts), and the e2e specs that import prices, open another on the same file
 * while it serves; the e2e import failed so now and then. Taken at the start, the lock is
 * waited for (better-sqlite3's 5 s busy timeout) like any write. Readers are not held up:
 * in WAL mode they never wait for the writer.
 */
class WriteLockingSqliteDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }
}

class WriteLockingSqliteDialect extends SqliteDialect {
  readonly #config: SqliteDialectConfig;

  constructor(config: SqliteDialectConfig) {
    super(config);
    this.#config = config;
  }

  override createDriver(): Driver {
    return new WriteLockingSqliteDriver(this.#config);
  }
}

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
  return new Kysely<DatabaseSchema>({
    dialect: new WriteLockingSqliteDialect({ database: withPreparedStatements(sqlite) }),
  });
}
