/** The outbox (migration 005-shop): mail and SMS queued by the shop, accounts and forms. */
import type { Generated } from 'kysely';

export interface OutboxTable {
  id: Generated<number>;
  channel: 'email' | 'sms';
  recipient: string;
  subject: string | null;
  body: string;
  /** The e-mail's HTML alternative (migration 017), null for text-only mails and SMS. */
  html_body: string | null;
  dedupe_key: string | null;
  created_at: string;
  sent_at: string | null;
}

export interface OutboxTables {
  outbox: OutboxTable;
}

declare module '../db' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- merges these tables into the schema
  interface DatabaseSchema extends OutboxTables {}
}
