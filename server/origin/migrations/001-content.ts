import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('pages')
    .addColumn('group_key', 'text', (col) => col.notNull())
    .addColumn('locale', 'text', (col) => col.notNull())
    .addColumn('slug', 'text', (col) => col.notNull())
    .addColumn('content_type', 'text', (col) => col.notNull())
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('content_json', 'text', (col) => col.notNull())
    .addColumn('search_text', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('pages_pk', ['locale', 'slug', 'status'])
    .execute();
  await db.schema.createIndex('pages_group').on('pages').columns(['group_key', 'status']).execute();

  await db.schema
    .createTable('page_aliases')
    .addColumn('locale', 'text', (col) => col.notNull())
    .addColumn('alias', 'text', (col) => col.notNull())
    .addColumn('slug', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('page_aliases_pk', ['locale', 'alias'])
    .execute();

  await db.schema
    .createTable('layouts')
    .addColumn('locale', 'text', (col) => col.primaryKey())
    .addColumn('layout_json', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('layouts').execute();
  await db.schema.dropTable('page_aliases').execute();
  await db.schema.dropTable('pages').execute();
}
