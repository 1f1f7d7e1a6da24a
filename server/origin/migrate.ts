/** Versioned migrations, listed here in order so that no directory scan is needed. */
import { Migrator, type Migration, type MigrationProvider } from 'kysely';
import type { Db } from './db';
import * as content001 from './migrations/001-content';

const migrations: Record<string, Migration> = {
  '001-content': content001,
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

export async function migrateToLatest(db: Db): Promise<void> {
  const { error, results } = await new Migrator({ db, provider }).migrateToLatest();
  const failed = results?.find((result) => result.status === 'Error');
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
  }
}
