/**
 * The log of page changes (docs/operations.md "A cache in front"): every change that purges
 * surrogate keys (a content sync, a layout, a station import) also writes the keys here, in
 * its own transaction, whether or not a cache is configured. The site servers read it
 * (`GET /cms-view/v1/page-changes?after=<seq>`) to drop the renders they keep of those
 * pages, so that their render cache can keep a page until it changes.
 *
 * A change's number comes from the one row of `page_change_counter`, bumped in the
 * change's transaction (as the station version, migration 013): on PostgreSQL the update
 * holds the row's lock until commit, so changes commit in the order of their numbers and a
 * reader that has seen number n never gets a smaller one later.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('page_changes')
    .addColumn('seq', 'integer', (col) => col.primaryKey())
    .addColumn('keys', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createTable('page_change_counter')
    .addColumn('id', 'integer', (col) => col.primaryKey())
    .addColumn('seq', 'integer', (col) => col.notNull())
    .execute();
  await sql`insert into page_change_counter (id, seq) values (1, 0)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('page_change_counter').execute();
  await db.schema.dropTable('page_changes').execute();
}
