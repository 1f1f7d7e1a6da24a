/**
 * Customer accounts (docs/accounts.md): customers, their sessions, one-time tokens for
 * e-mail confirmation and password reset, fuel and business cards, form submissions,
 * and the outbox of e-mails to send. Only hashes of session and one-time tokens are
 * stored, so a copy of the database logs nobody in.
 */
import { PostgresAdapter, type ColumnDefinitionBuilder, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const serialType = postgres ? 'serial' : 'integer';
  const serialKey = (col: ColumnDefinitionBuilder) => (postgres ? col.primaryKey() : col.primaryKey().autoIncrement());

  await db.schema
    .createTable('customers')
    .addColumn('id', 'text', (col) => col.primaryKey())
    /** Lower-cased, so that Matti@Example.fi and matti@example.fi are one account. */
    .addColumn('email', 'text', (col) => col.notNull().unique())
    .addColumn('password_hash', 'text', (col) => col.notNull())
    .addColumn('first_name', 'text', (col) => col.notNull())
    .addColumn('last_name', 'text', (col) => col.notNull())
    /** E.164, e.g. +358401234567; '' when not given. */
    .addColumn('phone_number', 'text', (col) => col.notNull())
    .addColumn('marketing_json', 'text', (col) => col.notNull())
    .addColumn('customer_type', 'text', (col) => col.notNull())
    .addColumn('locale', 'text', (col) => col.notNull())
    .addColumn('email_confirmed_at', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();

  await db.schema
    .createTable('customer_sessions')
    /** SHA-256 of the session token; the token itself lives only in the browser's cookie. */
    .addColumn('token_hash', 'text', (col) => col.primaryKey())
    .addColumn('customer_id', 'text', (col) => col.notNull().references('customers.id'))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('expires_at', 'text', (col) => col.notNull())
    .addColumn('revoked_at', 'text')
    .execute();
  await db.schema.createIndex('customer_sessions_customer').on('customer_sessions').column('customer_id').execute();

  await db.schema
    .createTable('customer_tokens')
    .addColumn('token_hash', 'text', (col) => col.primaryKey())
    .addColumn('customer_id', 'text', (col) => col.notNull().references('customers.id'))
    .addColumn('purpose', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('expires_at', 'text', (col) => col.notNull())
    .addColumn('used_at', 'text')
    .execute();
  await db.schema.createIndex('customer_tokens_customer').on('customer_tokens').column('customer_id').execute();

  await db.schema
    .createTable('customer_cards')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('customer_id', 'text', (col) => col.notNull().references('customers.id'))
    .addColumn('kind', 'text', (col) => col.notNull())
    /** Only the last four digits are kept (the card issuer holds the number). */
    .addColumn('last_four', 'text', (col) => col.notNull())
    .addColumn('holder', 'text', (col) => col.notNull())
    .addColumn('expires', 'text', (col) => col.notNull())
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('customer_cards_customer').on('customer_cards').column('customer_id').execute();

  await db.schema
    .createTable('form_submissions')
    .addColumn('id', serialType, serialKey)
    .addColumn('form', 'text', (col) => col.notNull())
    .addColumn('locale', 'text', (col) => col.notNull())
    .addColumn('fields_json', 'text', (col) => col.notNull())
    .addColumn('customer_id', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();

  // The outbox of messages to send. The shop's migration 005 creates the same table
  // "if not exists"; the columns must stay identical to its definition.
  await db.schema
    .createTable('outbox')
    .ifNotExists()
    .addColumn('id', serialType, serialKey)
    .addColumn('channel', 'text', (col) => col.notNull())
    .addColumn('recipient', 'text', (col) => col.notNull())
    .addColumn('subject', 'text')
    .addColumn('body', 'text', (col) => col.notNull())
    .addColumn('dedupe_key', 'text', (col) => col.unique())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('sent_at', 'text')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['form_submissions', 'customer_cards', 'customer_tokens', 'customer_sessions', 'customers']) {
    await db.schema.dropTable(table).execute();
  }
}
