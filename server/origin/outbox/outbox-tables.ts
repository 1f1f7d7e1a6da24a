/** The outbox (migrations 004/005, delivery state 011): mail and SMS queued by the shop, accounts and forms, and cache purges. */
import type { Generated, Kysely, Transaction } from 'kysely';

/**
 * pending: waiting for its next attempt; sending: claimed by one worker until
 * `claimed_until`; delivered: accepted by the SMTP server (or written as a .eml file);
 * dead: refused permanently or failed every allowed attempt (docs/accounts.md).
 */
export type OutboxStatus = 'pending' | 'sending' | 'delivered' | 'dead';

export type OutboxChannel = 'email' | 'sms' | 'cache-purge';

interface OutboxTable {
  id: Generated<number>;
  /** cache-purge: surrogate keys (`body`, space-separated) to purge at every CACHE_PURGE_URLS cache. */
  channel: OutboxChannel;
  recipient: string;
  subject: string | null;
  body: string;
  /** The e-mail's HTML alternative (migration 017), null for text-only mails and SMS. */
  html_body: string | null;
  dedupe_key: string | null;
  created_at: string;
  sent_at: string | null;
  /** The locale the message is written in: picks the sender; null for the default sender. */
  locale: Generated<string | null>;
  status: Generated<OutboxStatus>;
  attempts: Generated<number>;
  /** Not before this time (ISO); null: at once. */
  next_attempt_at: Generated<string | null>;
  /** The claim of the worker sending it now; only that claim may record the outcome. */
  claim_token: Generated<string | null>;
  /** When a claim whose worker died may be taken over (ISO). */
  claimed_until: Generated<string | null>;
  last_error: Generated<string | null>;
}

/** Surrogate keys whose pages changed (migration 021), read by the site servers' render caches. */
interface PageChangesTable {
  /** From page_change_counter, taken in the change's transaction (migration 021 says why). */
  seq: number;
  /** Space-separated surrogate keys, as a purge names them. */
  keys: string;
  created_at: string;
}

export interface OutboxTables {
  outbox: OutboxTable;
  page_changes: PageChangesTable;
  page_change_counter: { id: number; seq: number };
}

/**
 * What a outbox repository is built on: the database or a transaction, typed with this
 * domain's tables only, so that naming another domain's table is a compile error.
 */
export type OutboxDb = Kysely<OutboxTables> | Transaction<OutboxTables>;
