/**
 * Failed logins per account (docs/accounts.md, "Rate limits"), keyed by the normalised
 * e-mail whether or not a customer has it. The origin keeps the count because the site
 * server is stateless and may run in several copies (DESIGN §1): a count per copy would
 * give an attacker one allowance per copy.
 */
import { sql } from 'kysely';
import { normaliseEmail } from '#shared/rules/email';
import type { AccountsDb } from './account-tables';

/** 10 failed logins per account in a fixed 15-minute window (the site server's former loginPerAccount). */
export const LOGIN_FAILURE_LIMIT = { max: 10, windowMs: 15 * 60_000 } as const;

/** `firstRefusal`: the first attempt refused in this window (the one that mails the unlock link). */
export type LoginAttempt = { allowed: true } | { allowed: false; retryAfterSeconds: number; firstRefusal: boolean };

export function createLoginFailuresRepository(
  database: AccountsDb,
  limit: { max: number; windowMs: number } = LOGIN_FAILURE_LIMIT,
) {
  const db = database;
  return {
    /**
     * Counts an attempt before its password is checked and says whether it may go on.
     * Counting first, in one atomic upsert, is what makes concurrent guesses safe: each
     * of them takes its own number, so no more than `max` get past in a window however
     * many arrive at once (a read now and a write after the slow hash check would let a
     * burst through). A right password then clears the count, so in effect only refused
     * attempts stay counted. A window that has run out starts again at 1.
     */
    async countAttempt(email: string, now = new Date()): Promise<LoginAttempt> {
      const stamp = now.toISOString();
      const cutoff = new Date(now.getTime() - limit.windowMs).toISOString();
      // Rows of windows that have run out are dropped as we go (indexed), so that
      // guesses at many unknown e-mails do not pile up.
      await db.deleteFrom('login_failures').where('window_started_at', '<=', cutoff).execute();
      // Columns are qualified with the table: PostgreSQL finds a bare name ambiguous
      // beside `excluded`; SQLite accepts both.
      const row = await db
        .insertInto('login_failures')
        .values({ email: normaliseEmail(email), failures: 1, window_started_at: stamp })
        .onConflict((conflict) =>
          conflict.column('email').doUpdateSet({
            failures: sql<number>`case when login_failures.window_started_at <= ${cutoff} then 1 else login_failures.failures + 1 end`,
            window_started_at: sql<string>`case when login_failures.window_started_at <= ${cutoff} then ${stamp} else login_failures.window_started_at end`,
          }),
        )
        .returning(['failures', 'window_started_at'])
        .executeTakeFirstOrThrow();
      if (Number(row.failures) <= limit.max) return { allowed: true };
      const windowEnd = Date.parse(row.window_started_at) + limit.windowMs;
      return {
        allowed: false,
        retryAfterSeconds: Math.max(1, Math.ceil((windowEnd - now.getTime()) / 1000)),
        firstRefusal: Number(row.failures) === limit.max + 1,
      };
    },
    /** A right password: the account's count starts again. */
    async clear(email: string): Promise<void> {
      await db.deleteFrom('login_failures').where('email', '=', normaliseEmail(email)).execute();
    },
    /** The attempts counted for an e-mail in its current window (0 when none). */
    async failures(email: string, now = new Date()): Promise<number> {
      const row = await db
        .selectFrom('login_failures')
        .select('failures')
        .where('email', '=', normaliseEmail(email))
        .where('window_started_at', '>', new Date(now.getTime() - limit.windowMs).toISOString())
        .executeTakeFirst();
      return row ? Number(row.failures) : 0;
    },
  };
}
