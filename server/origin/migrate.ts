/** Versioned migrations, listed here in order so that no directory scan is needed. */
import { Migrator, type Migration, type MigrationProvider } from 'kysely';
import type { Db } from './db';
import * as content001 from './migrations/001-content';
import * as assets002 from './migrations/002-assets';

const migrations: Record<string, Migration> = {
  '001-content': content001,
  '002-assets': assets002,
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

export async function migrateToLatest(db: Db): Promise<void> {
  const { error, results } = await new Migrator({ db, provider }).migrateToLatest();
  const failed = results?.find((result) => result.status === 'Error');
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
  }
}
