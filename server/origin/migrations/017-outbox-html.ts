/**
 * An e-mail's HTML form beside its text (docs/shop.md "Receipt"): the receipt is sent as
 * text and HTML alternatives. Rows without one (account mails, SMS) are text only.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('outbox').addColumn('html_body', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('outbox').dropColumn('html_body').execute();
}
