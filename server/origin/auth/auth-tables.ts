/** Table types of the customer sessions (migration 004-accounts). */
import type { Kysely, Transaction } from 'kysely';

interface CustomerSessionsTable {
  token_hash: string;
  customer_id: string;
  created_at: string;
  expires_at: string;
  revoked_at: string | null;
}

export interface AuthTables {
  customer_sessions: CustomerSessionsTable;
}

/**
 * What a auth repository is built on: the database or a transaction, typed with this
 * domain's tables only, so that naming another domain's table is a compile error.
 */
export type AuthDb = Kysely<AuthTables> | Transaction<AuthTables>;
