/** Table types of migrations 004-accounts and 006-login-failures. */
import type { Generated, Kysely, Transaction } from 'kysely';

export interface CustomersTable {
  id: string;
  email: string;
  password_hash: string;
  first_name: string;
  last_name: string;
  phone_number: string;
  marketing_json: string;
  customer_type: 'private' | 'business';
  locale: string;
  email_confirmed_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface CustomerTokensTable {
  token_hash: string;
  customer_id: string;
  /** 'unlock-login': the link mailed to a locked-out account (docs/accounts.md "Rate limits"). */
  purpose: 'confirm-email' | 'reset-password' | 'unlock-login';
  created_at: string;
  expires_at: string;
  used_at: string | null;
  /** The hash of the six-digit code mailed with the link (migration 018), if one was. */
  code_hash: string | null;
  /** Wrong codes tried against this token; at CODE_ATTEMPT_LIMIT its code is dead. */
  code_attempts: Generated<number>;
}

export interface CustomerCardsTable {
  id: string;
  customer_id: string;
  kind: 'fuel' | 'business';
  last_four: string;
  holder: string;
  expires: string;
  status: 'active' | 'blocked' | 'expired';
  created_at: string;
}

/** Migration 006: failed logins per normalised e-mail (known or not). */
interface LoginFailuresTable {
  email: string;
  failures: number;
  window_started_at: string;
}

export interface AccountTables {
  customers: CustomersTable;
  customer_tokens: CustomerTokensTable;
  customer_cards: CustomerCardsTable;
  login_failures: LoginFailuresTable;
}

/**
 * What a accounts repository is built on: the database or a transaction, typed with this
 * domain's tables only, so that naming another domain's table is a compile error.
 */
export type AccountsDb = Kysely<AccountTables> | Transaction<AccountTables>;
