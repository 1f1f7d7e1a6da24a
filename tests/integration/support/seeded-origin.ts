/**
 * The embedded origin on a fresh SQLite file (or, with `databaseUrl`, an empty PostgreSQL
 * database: see throwaway-postgres.ts), migrated and seeded from content/, for
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

export interface SeededOrigin {
  db: Db;
  app: FastifyInstance;
  seeded: Awaited<ReturnType<typeof seedIfEmpty>>;
  /** Closes the app and the database and deletes the folder. */
  close(): Promise<void>;
}

export async function startSeededOrigin(
  name: string,
  options: { databaseUrl?: string; app?: OriginAppOptions } = {},
): Promise<SeededOrigin> {
  const dataDir = mkdtempSync(join(tmpdir(), `st1-${name}-test-`));
  const db = openDatabase({ dataDir, databaseUrl: options.databaseUrl });
  await migrateToLatest(db);
  const seeded = await seedIfEmpty(db, 'content');
  const app = buildOriginApp(db, options.app);
  await app.ready();
  return {
    db,
    app,
    seeded,
    async close() {
      await app.close();
      await db.destroy();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
