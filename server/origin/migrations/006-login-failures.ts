/**
 * Failed logins per account (docs/accounts.md, "Rate limits"): one row per normalised
 * e-mail, whether or not a customer has it, so that an unknown address is limited like a
 * known one and the answers stay alike. The origin owns this count rather than the site
 * server, which keeps no state and may run in several copies (DESIGN §1).
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('login_failures')
    /** Trimmed and lower-cased, as customers.email. */
    .addColumn('email', 'text', (col) => col.primaryKey())
    /** Attempts counted in the current window; cleared by a right password. */
    .addColumn('failures', 'integer', (col) => col.notNull())
    /** ISO time of the window's first counted attempt (a fixed window, as @fastify/rate-limit's). */
    .addColumn('window_started_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('login_failures_window').on('login_failures').column('window_started_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('login_failures').execute();
}
