/**
 * Assets (spec §3 Asset) with their source file, so that the origin serves images from
 * its database alone (PostgreSQL or SQLite) and needs no content folder at run time.
 */
import { PostgresAdapter, sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // Binary columns are bytea in PostgreSQL and blob in SQLite.
  const binary = db.getExecutor().adapter instanceof PostgresAdapter ? sql`bytea` : sql`blob`;
  await db.schema
    .createTable('assets')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('title', 'text', (col) => col.notNull())
    .addColumn('alt', 'text', (col) => col.notNull())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('ext', 'text', (col) => col.notNull())
    .addColumn('type', 'text', (col) => col.notNull())
    .addColumn('width', 'integer')
    .addColumn('height', 'integer')
    .addColumn('created', 'text', (col) => col.notNull())
    .addColumn('focal_x', 'real')
    .addColumn('focal_y', 'real')
    .addColumn('tags_json', 'text', (col) => col.notNull())
    .addColumn('copyright', 'text')
    .addColumn('licenses_json', 'text', (col) => col.notNull())
    .addColumn('description', 'text')
    .addColumn('metadata_json', 'text', (col) => col.notNull())
    .addColumn('size', 'integer', (col) => col.notNull())
    .addColumn('source_mime', 'text', (col) => col.notNull())
    .addColumn('source', binary, (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('assets').execute();
}
