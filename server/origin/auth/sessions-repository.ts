/**
 * Customer sessions (docs/accounts.md): a random token per login, of which only the
 * SHA-256 is stored; a fixed lifetime; revoked on logout and, all at once, on a
 * password change or reset.
 */
import { newToken, tokenHash } from './secrets';
import type { AuthDb } from './auth-tables';

/** How long a session lasts after login. */
const SESSION_LIFETIME_MS = 14 * 24 * 60 * 60 * 1000;

export interface ActiveSession {
  customerId: string;
  expiresAt: string;
}

export function createSessionsRepository(database: AuthDb) {
  const db = database;
  return {
    /** Starts a session and returns its token (shown once, never stored). */
    async create(customerId: string, now = new Date()): Promise<{ token: string; expiresAt: string }> {
      const token = newToken();
      const expiresAt = new Date(now.getTime() + SESSION_LIFETIME_MS).toISOString();
      await db
        .insertInto('customer_sessions')
        .values({
          token_hash: tokenHash(token),
          customer_id: customerId,
          created_at: now.toISOString(),
          expires_at: expiresAt,
          revoked_at: null,
        })
        .execute();
      return { token, expiresAt };
    },
    /** The live session of a token, or undefined when unknown, revoked or expired. */
    async find(token: string, now = new Date()): Promise<ActiveSession | undefined> {
      const row = await db
        .selectFrom('customer_sessions')
        .select(['customer_id', 'expires_at'])
        .where('token_hash', '=', tokenHash(token))
        .where('revoked_at', 'is', null)
        .where('expires_at', '>', now.toISOString())
        .executeTakeFirst();
      return row && { customerId: row.customer_id, expiresAt: row.expires_at };
    },
    async revoke(token: string, now = new Date()): Promise<void> {
      await db
        .updateTable('customer_sessions')
        .set({ revoked_at: now.toISOString() })
        .where('token_hash', '=', tokenHash(token))
        .where('revoked_at', 'is', null)
        .execute();
    },
    async revokeAll(customerId: string, now = new Date()): Promise<void> {
      await db
        .updateTable('customer_sessions')
        .set({ revoked_at: now.toISOString() })
        .where('customer_id', '=', customerId)
        .where('revoked_at', 'is', null)
        .execute();
    },
  };
}

export type SessionsRepository = ReturnType<typeof createSessionsRepository>;
