/**
 * The database of this test run. The integration suite runs twice from the same files
 * (vite.config.ts, projects "integration" and "integration-postgres"): on SQLite files,
 * and with TEST_DATABASE=postgres on one throwaway PostgreSQL server started for the whole
 * run by postgres-global-setup.ts, where every origin gets a fresh database of its own.
 */
import { randomBytes } from 'node:crypto';
import { copyFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { inject } from 'vitest';
import { createDatabaseAt } from './throwaway-postgres';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The maintenance database of the run's throwaway PostgreSQL server (postgres-global-setup.ts). */
    postgresAdminUrl: string;
    /** The seeded template database on that server (seeded-template.ts). */
    postgresTemplate: string;
    /** The seeded template SQLite file of the SQLite run (sqlite-global-setup.ts). */
    sqliteTemplate: string;
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
  return createDatabaseAt(inject('postgresAdminUrl'), databaseName(name));
}

/**
 * A database already migrated and seeded from content/ for one origin, copied from the
 * run's seeded template (seeded-template.ts): on PostgreSQL a new database made from the
 * template (its URL); on SQLite the template file copied to `dataDir`/origin.sqlite
 * (undefined: the origin then opens that file). The origin's start finds it seeded, with
 * the content hash recorded, exactly as after its own first start.
 */
export async function seededDatabaseUrl(name: string, dataDir: string): Promise<string | undefined> {
  if (testDatabase === 'SQLite') {
    mkdirSync(dataDir, { recursive: true });
    copyFileSync(inject('sqliteTemplate'), join(dataDir, 'origin.sqlite'));
    return undefined;
  }
  return createDatabaseAt(inject('postgresAdminUrl'), databaseName(name), inject('postgresTemplate'));
}

/** The origin's variables for a seeded database of this run (seededDatabaseUrl): DATA_DIR, and DATABASE_URL on PostgreSQL. */
export async function seededDatabaseEnv(name: string, dataDir: string): Promise<Record<string, string>> {
  const url = await seededDatabaseUrl(name, dataDir);
  return { DATA_DIR: dataDir, ...(url ? { DATABASE_URL: url } : {}) };
}

function databaseName(name: string): string {
  const base = name
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '_')
    .slice(0, 30);
  return `t_${base}_${randomBytes(4).toString('hex')}`;
}

/** The origin's database variables for this run: `{ DATABASE_URL }` on PostgreSQL, else nothing. */
export async function databaseEnv(name: string): Promise<Record<string, string>> {
  const url = await freshDatabaseUrl(name);
  return url ? { DATABASE_URL: url } : {};
}
