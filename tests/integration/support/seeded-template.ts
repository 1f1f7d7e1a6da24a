/**
 * The run's seeded template: one database migrated and seeded from content/ the way
 * `npm start` does it (server/origin/start.ts: migrate, seed, record the content hash), made
 * once per test run by a Vitest globalSetup and copied for every origin that starts on a
 * seeded database (test-database.ts `seededDatabaseUrl`). Seeding from content/ (650
 * stations per country, their price history, demo accounts with password hashes) took
 * 6–9 s per origin on the shared 2-core machine, and the integration suite starts about
 * 60 of them per database; a copy takes milliseconds (docs/performance.md "Test suite").
 * The seed itself stays covered: tests/integration/origin.test.ts seeds an empty
 * database, and the start-up, multi-instance and content-sync tests start on empty ones.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { contentHash, recordContentHash } from '../../../server/origin/content-sync';
import { openDatabase, type Db } from '../../../server/origin/db';
import { migrateToLatest } from '../../../server/origin/migrate';
import { seedIfEmpty } from '../../../server/origin/seed';
import type { ScryptCost } from '../../../server/origin/auth/secrets';
import { TEST_PASSWORD_COST } from './password-cost';

const CONTENT_DIR = 'content';

/**
 * Migrates and seeds an empty database as the origin's start does; the demo customers'
 * hashes at the tests' cost (password-cost.ts), as the origins started on copies hash.
 */
async function seedAsAtStart(db: Db, passwordCost: ScryptCost = TEST_PASSWORD_COST): Promise<void> {
  await migrateToLatest(db);
  const seeded = await seedIfEmpty(db, CONTENT_DIR, { passwordCost });
  if (!seeded.seeded) throw new Error('The seeded template must start from an empty database');
  await recordContentHash(db, await contentHash(CONTENT_DIR));
}

/**
 * A seeded SQLite file in a folder of its own: `file`, one self-contained file (no WAL
 * beside it), ready to be copied as a data folder's origin.sqlite.
 */
export async function makeSqliteTemplate(
  options: { passwordCost?: ScryptCost } = {},
): Promise<{ file: string; remove(): void }> {
  const folder = mkdtempSync(join(tmpdir(), 'st1-seeded-template-'));
  const db = openDatabase({ dataDir: folder });
  try {
    await seedAsAtStart(db, options.passwordCost);
  } finally {
    await db.destroy();
  }
  const file = join(folder, 'origin.sqlite');
  // Back from WAL to a rollback journal: everything is in the one file, so a plain copy is
  // a whole database (openDatabase turns WAL on again for each copy).
  const sqlite = new Database(file);
  sqlite.pragma('journal_mode = DELETE');
  sqlite.close();
  return { file, remove: () => rmSync(folder, { recursive: true, force: true }) };
}

/** Seeds the (empty) PostgreSQL database at `url`, to be used as a TEMPLATE for others. */
export async function seedPostgresTemplate(url: string): Promise<void> {
  const db = openDatabase({ dataDir: tmpdir(), databaseUrl: url });
  try {
    await seedAsAtStart(db);
  } finally {
    // CREATE DATABASE … TEMPLATE refuses a template that has open connections.
    await db.destroy();
  }
}
