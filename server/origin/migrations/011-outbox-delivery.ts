/**
 * Outbox delivery (docs/accounts.md "Mail delivery"): each row gets a delivery state that
 * the outbox worker moves on with conditional updates, so several origin processes on one
 * database deliver each row once: pending → sending (claimed, with a lease) → delivered,
 * or back to pending with a later attempt, or dead after the last allowed attempt.
 * `locale` picks the sender; rows written before this migration have none (the default
 * sender). Rows already marked sent count as delivered.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  const columns: Array<[string, 'text' | 'integer', boolean]> = [
    ['locale', 'text', false],
    ['status', 'text', true],
    ['attempts', 'integer', true],
    ['next_attempt_at', 'text', false],
    ['claim_token', 'text', false],
    ['claimed_until', 'text', false],
    ['last_error', 'text', false],
  ];
  for (const [name, type, required] of columns) {
    await db.schema
      .alterTable('outbox')
      .addColumn(name, type, (col) => (required ? col.notNull().defaultTo(type === 'text' ? 'pending' : 0) : col))
      .execute();
  }
  await sql`update outbox set status = 'delivered' where sent_at is not null`.execute(db);
  // The worker's one query: the due rows of a state, oldest first.
  await db.schema.createIndex('outbox_due').on('outbox').columns(['status', 'next_attempt_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('outbox_due').execute();
  for (const name of ['last_error', 'claimed_until', 'claim_token', 'next_attempt_at', 'attempts', 'status', 'locale'])
    await db.schema.alterTable('outbox').dropColumn(name).execute();
}
