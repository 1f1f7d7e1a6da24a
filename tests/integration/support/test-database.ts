/**
 * The database of this test run. The integration suite runs twice from the same files
 * (vite.config.ts, projects "integration" and "integration-postgres"): on SQLite files,
 * and with TEST_DATABASE=postgres on one throwaway PostgreSQL server started for the whole
 * run by postgres-global-setup.ts, where every origin gets a fresh database of its own.
 */
import { randomBytes } from 'node:crypto';
import { inject } from 'vitest';
import { createDatabaseAt } from './throwaway-postgres';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The maintenance database of the run's throwaway PostgreSQL server (postgres-global-setup.ts). */
    postgresAdminUrl: string;
  }
}

export type TestDatabaseName = 'SQLite' | 'PostgreSQL';

export const testDatabase: TestDatabaseName = process.env.TEST_DATABASE === 'postgres' ? 'PostgreSQL' : 'SQLite';

/**
 * A fresh, empty PostgreSQL database for one origin when this run is on PostgreSQL (its
 * URL, for DATABASE_URL), else undefined: the origin then uses SQLite under its DATA_DIR.
 */
export async function freshDatabaseUrl(name: string): Promise<string | undefined> {
  if (testDatabase === 'SQLite') return undefined;
  const base = name
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '_')
    .slice(0, 30);
  return createDatabaseAt(inject('postgresAdminUrl'), `t_${base}_${randomBytes(4).toString('hex')}`);
}

/** The origin's database variables for this run: `{ DATABASE_URL }` on PostgreSQL, else nothing. */
export async function databaseEnv(name: string): Promise<Record<string, string>> {
  const url = await freshDatabaseUrl(name);
  return url ? { DATABASE_URL: url } : {};
}
