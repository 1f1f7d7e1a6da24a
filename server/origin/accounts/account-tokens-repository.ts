/**
 * One-time tokens sent by e-mail: confirming an address (valid 3 days), resetting a
 * password (valid 1 hour) and logging in past the failed-login limit (valid 1 hour). Only hashes are stored; a token is used at most once.
 */
import { timingSafeEqual } from 'node:crypto';
import { newShortCode, newToken, tokenHash } from '../auth/secrets';
import type { CustomerTokensTable } from './account-tables';
import type { AccountsDb } from './account-tables';

type TokenPurpose = CustomerTokensTable['purpose'];

const TOKEN_LIFETIME_MS: Record<TokenPurpose, number> = {
  'confirm-email': 3 * 24 * 60 * 60 * 1000,
  'reset-password': 60 * 60 * 1000,
  'unlock-login': 60 * 60 * 1000,
};

/**
 * Whether a new token ends the older ones. Not for unlock links: an attacker who keeps
 * locking the account would otherwise end the owner's link with every new window's mail.
 */
const NEWEST_ONLY: Record<TokenPurpose, boolean> = {
  'confirm-email': true,
  'reset-password': true,
  'unlock-login': false,
};

/**
 * Wrong codes a mailed code takes before it dies (the link keeps working). With six digits
 * a guesser has 5 in a million per mail; the site's per-address limit slows it further.
 */
const CODE_ATTEMPT_LIMIT = 5;

/** A code is hashed with its customer, so equal codes of two customers differ in the table. */
const codeHash = (customerId: string, code: string) => tokenHash(`${customerId}:${code}`);

/** Issuing tokens (and codes) and ending them. */
function tokenIssues(db: AccountsDb) {
  return {
    /**
     * A new token ends every unused one of the same purpose for the customer first, so only
     * the newest link of a mail works (an old mail left in a mailbox is worth nothing). Call
     * it in a transaction when the two steps must not interleave with another issue.
     */
    async issue(customerId: string, purpose: TokenPurpose, now = new Date()): Promise<string> {
      return (await this.issueToken(customerId, purpose, { withCode: false, now })).token;
    },

    /** A token and a six-digit code for the same link (`consumeCode` uses it). */
    async issueWithCode(
      customerId: string,
      purpose: TokenPurpose,
      now = new Date(),
    ): Promise<{ token: string; code: string }> {
      const issued = await this.issueToken(customerId, purpose, { withCode: true, now });
      return { token: issued.token, code: issued.code! };
    },

    async issueToken(
      customerId: string,
      purpose: TokenPurpose,
      options: { withCode: boolean; now: Date },
    ): Promise<{ token: string; code: string | undefined }> {
      const { now } = options;
      if (NEWEST_ONLY[purpose]) await this.revokeAll(customerId, purpose, now);
      const token = newToken();
      const code = options.withCode ? newShortCode() : undefined;
      await db
        .insertInto('customer_tokens')
        .values({
          token_hash: tokenHash(token),
          customer_id: customerId,
          purpose,
          created_at: now.toISOString(),
          expires_at: new Date(now.getTime() + TOKEN_LIFETIME_MS[purpose]).toISOString(),
          used_at: null,
          code_hash: code ? codeHash(customerId, code) : null,
        })
        .execute();
      return { token, code };
    },

    /**
     * Ends every unused token of one purpose for a customer (marked used now): on a new
     * token of that purpose, and for 'reset-password' on every password change or reset.
     */
    async revokeAll(customerId: string, purpose: TokenPurpose, now = new Date()): Promise<void> {
      await db
        .updateTable('customer_tokens')
        .set({ used_at: now.toISOString() })
        .where('customer_id', '=', customerId)
        .where('purpose', '=', purpose)
        .where('used_at', 'is', null)
        .execute();
    },
  };
}

/** Using a token or its code: checked, or used up once. */
function tokenUses(db: AccountsDb) {
  return {
    /**
     * Uses the customer's newest live token of `purpose` by its six-digit code. Every try
     * spends one of the token's CODE_ATTEMPT_LIMIT tries first, in one conditional update,
     * so that parallel guesses cannot get past the limit; then the code is compared.
     */
    async consumeCode(
      customerId: string,
      code: string,
      purpose: TokenPurpose,
      now = new Date(),
    ): Promise<string | undefined> {
      const live = await db
        .selectFrom('customer_tokens')
        .select(['token_hash', 'code_hash'])
        .where('customer_id', '=', customerId)
        .where('purpose', '=', purpose)
        .where('used_at', 'is', null)
        .where('expires_at', '>', now.toISOString())
        .where('code_hash', 'is not', null)
        .orderBy('created_at', 'desc')
        .executeTakeFirst();
      if (!live?.code_hash) return undefined;
      const spent = await db
        .updateTable('customer_tokens')
        .set((eb) => ({ code_attempts: eb('code_attempts', '+', 1) }))
        .where('token_hash', '=', live.token_hash)
        .where('code_attempts', '<', CODE_ATTEMPT_LIMIT)
        .executeTakeFirst();
      if (Number(spent.numUpdatedRows) !== 1) return undefined;
      const expected = Buffer.from(live.code_hash, 'hex');
      const given = Buffer.from(codeHash(customerId, code), 'hex');
      if (expected.length !== given.length || !timingSafeEqual(expected, given)) return undefined;
      const used = await db
        .updateTable('customer_tokens')
        .set({ used_at: now.toISOString() })
        .where('token_hash', '=', live.token_hash)
        .where('used_at', 'is', null)
        .executeTakeFirst();
      return Number(used.numUpdatedRows) === 1 ? customerId : undefined;
    },

    /** The customer of a usable token (known, unused, unexpired, of this purpose), without using it. */
    async peek(token: string, purpose: TokenPurpose, now = new Date()): Promise<string | undefined> {
      const row = await db
        .selectFrom('customer_tokens')
        .select('customer_id')
        .where('token_hash', '=', tokenHash(token))
        .where('purpose', '=', purpose)
        .where('used_at', 'is', null)
        .where('expires_at', '>', now.toISOString())
        .executeTakeFirst();
      return row?.customer_id;
    },

    /**
     * Marks a token used and returns its customer, or undefined when it is unknown,
     * expired, used or meant for something else. The update is conditional, so two
     * uses of one token cannot both succeed.
     */
    async consume(token: string, purpose: TokenPurpose, now = new Date()): Promise<string | undefined> {
      const hash = tokenHash(token);
      let update = db
        .updateTable('customer_tokens')
        .set({ used_at: now.toISOString() })
        .where('token_hash', '=', hash)
        .where('purpose', '=', purpose)
        .where('used_at', 'is', null)
        .where('expires_at', '>', now.toISOString());
      // Newest only, checked here too: two links issued at the same moment (on PostgreSQL
      // neither issue sees the other's row to end it) leave only the later one usable.
      if (NEWEST_ONLY[purpose])
        update = update.where(({ exists, not, selectFrom }) =>
          not(
            exists(
              selectFrom('customer_tokens as newer')
                .select('newer.token_hash')
                .whereRef('newer.customer_id', '=', 'customer_tokens.customer_id')
                .whereRef('newer.purpose', '=', 'customer_tokens.purpose')
                .whereRef('newer.created_at', '>', 'customer_tokens.created_at'),
            ),
          ),
        );
      const result = await update.executeTakeFirst();
      if (Number(result.numUpdatedRows) !== 1) return undefined;
      const row = await db
        .selectFrom('customer_tokens')
        .select('customer_id')
        .where('token_hash', '=', hash)
        .executeTakeFirst();
      return row?.customer_id;
    },
  };
}

/** The customers' one-time tokens (confirmation, password reset, unlock), over one connection. */
export function createAccountTokensRepository(db: AccountsDb) {
  return { ...tokenIssues(db), ...tokenUses(db) };
}
