/**
 * Prepared statements for SQLite: kysely's SQLite driver asks the database to prepare each
 * query's SQL anew on every call, and parsing and planning the SQL cost more than running
 * the origin's small reads. This wraps the database so that the same SQL text gets the
 * statement prepared the first time. kysely runs one query at a time on its one SQLite
 * connection (a stream holds the connection until it ends), so a statement is never in
 * use twice at once. Queries whose SQL varies (IN lists of any length) are many: the
 * oldest statements beyond the limit are dropped.
 */
import type { Database, Statement } from 'better-sqlite3';

const KEPT_STATEMENTS = 500;

export interface SqliteDatabaseWithStatements {
  prepare(sql: string): Statement;
  close(): void;
}

export function withPreparedStatements(database: Database): SqliteDatabaseWithStatements {
  const statements = new Map<string, Statement>();
  return {
    prepare(sql) {
      const known = statements.get(sql);
      if (known) return known;
      const statement = database.prepare(sql);
      if (statements.size >= KEPT_STATEMENTS) statements.delete(statements.keys().next().value!);
      statements.set(sql, statement);
      return statement;
    },
    close() {
      statements.clear();
      database.close();
    },
  };
}
