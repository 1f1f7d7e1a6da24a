import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';

/**
 * The identity of this database's station history (docs/stations.md): a random
 * id made once. A browser sends it back with the version it holds; another id (a database
 * restored from a backup or made anew, whose version numbers mean something else) gets the
 * full list instead of a delta computed against a history it never had.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('station_dataset')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .execute();
  await sql`insert into station_dataset (id) values (${randomUUID()})`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('station_dataset').execute();
}
