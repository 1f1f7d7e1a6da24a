import type { Kysely } from 'kysely';

/**
 * What content/ the database last took in (docs/operations.md "Content for an existing
 * database"): one row per synced source, with the hash of its files, so that `npm start`
 * runs the content sync only when the files changed since.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('content_sync')
    .addColumn('source', 'text', (col) => col.primaryKey())
    .addColumn('hash', 'text', (col) => col.notNull())
    .addColumn('synced_at', 'text', (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('content_sync').execute();
}
