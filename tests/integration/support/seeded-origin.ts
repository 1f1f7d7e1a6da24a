/**
 * The embedded origin on a database of its own (test-database.ts: a SQLite file, or a
 * PostgreSQL database on the run's throwaway server; `databaseUrl` chooses one), migrated
 * and seeded from content/ (a copy of the run's seeded template, seeded-template.ts), for
 * integration tests through `app.inject()`. Each test file gets its own folder.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildOriginApp, type OriginAppOptions } from '../../../server/origin/app';
import { openDatabase, type Db } from '../../../server/origin/db';
import { migrateToLatest } from '../../../server/origin/migrate';
import { seedIfEmpty } from '../../../server/origin/seed';
import { TEST_PASSWORD_COST } from './password-cost';
import { freshDatabaseUrl, seededDatabaseUrl } from './test-database';

export interface SeededOrigin {
  db: Db;
  app: FastifyInstance;
  seeded: Awaited<ReturnType<typeof seedIfEmpty>>;
  /** Where the database is, so a test can open a second connection (another process's view). */
  dataDir: string;
  databaseUrl: string | undefined;
  /** Closes the app and the database and deletes the folder. */
  close(): Promise<void>;
}

export async function startSeededOrigin(
  name: string,
  options: { databaseUrl?: string; app?: OriginAppOptions; fromEmpty?: boolean } = {},
): Promise<SeededOrigin> {
  const dataDir = mkdtempSync(join(tmpdir(), `st1-${name}-test-`));
  // The run's database (PostgreSQL in the PostgreSQL run, else SQLite in dataDir): a copy
  // of the run's seeded template, or with `fromEmpty` an empty one that is seeded here.
  const databaseUrl =
    options.databaseUrl ?? (options.fromEmpty ? await freshDatabaseUrl(name) : await seededDatabaseUrl(name, dataDir));
  const db = openDatabase({ dataDir, databaseUrl });
  await migrateToLatest(db);
  const seeded = await seedIfEmpty(db, 'content', { passwordCost: TEST_PASSWORD_COST });
  const app = buildOriginApp(db, { passwordCost: TEST_PASSWORD_COST, ...options.app });
  await app.ready();
  return {
    db,
    app,
    seeded,
    dataDir,
    databaseUrl,
    async close() {
      await app.close();
      await db.destroy();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
