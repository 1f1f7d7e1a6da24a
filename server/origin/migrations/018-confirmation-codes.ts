/**
 * A short confirmation code beside the e-mail link (docs/accounts.md "Confirmation code"):
 * six digits a person can type, stored hashed with the token they belong to, with a count
 * of wrong tries so that a code dies after a few (the link keeps working).
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('customer_tokens').addColumn('code_hash', 'text').execute();
  await db.schema
    .alterTable('customer_tokens')
    .addColumn('code_attempts', 'integer', (column) => column.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('customer_tokens').dropColumn('code_attempts').execute();
  await db.schema.alterTable('customer_tokens').dropColumn('code_hash').execute();
}
