/**
 * The outbox (DESIGN §1): messages to send, written in the same transaction as the
 * change that causes them; the outbox worker (outbox-worker.ts) delivers them. Every
 * change of a row's delivery state is one conditional update, so that several origin
 * processes on one database never deliver a row twice (docs/accounts.md "Mail delivery").
 */
import { randomBytes } from 'node:crypto';
import type { ExpressionBuilder } from 'kysely';
import type { OutboxChannel, OutboxDb, OutboxStatus, OutboxTables } from './outbox-tables';
import { pageChangesRepository } from './page-changes';

interface OutboxMessage {
  id: number;
  channel: OutboxChannel;
  recipient: string;
  subject: string | null;
  body: string;
  createdAt: string;
}

/** A row one worker has claimed: only `claimToken` may record how its delivery went. */
export interface ClaimedMessage {
  id: number;
  recipient: string;
  subject: string;
  body: string;
  /** The HTML alternative (receipts), sent beside the text. */
  html: string | null;
  locale: string | null;
  createdAt: string;
  attempts: number;
  claimToken: string;
}

/**
 * An e-mail a worker may take at `at`: pending and due, or claimed by a worker whose lease
 * ran out (it died mid-send). The one condition of both the search and the claim.
 */
function isDue(eb: ExpressionBuilder<OutboxTables, 'outbox'>, at: string, channel: OutboxChannel) {
  return eb.and([
    eb('channel', '=', channel),
    eb.or([
      eb.and([
        eb('status', '=', 'pending'),
        eb.or([eb('next_attempt_at', 'is', null), eb('next_attempt_at', '<=', at)]),
      ]),
      eb.and([eb('status', '=', 'sending'), eb('claimed_until', '<=', at)]),
    ]),
  ]);
}

/** The row this claim took, as the worker sends it; undefined when another claim holds it now. */
async function readClaimed(db: OutboxDb, id: number, claimToken: string): Promise<ClaimedMessage | undefined> {
  const row = await db
    .selectFrom('outbox')
    .select(['id', 'recipient', 'subject', 'body', 'html_body', 'locale', 'created_at', 'attempts', 'claim_token'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  if (row.claim_token !== claimToken) return undefined;
  return {
    id: row.id,
    recipient: row.recipient,
    subject: row.subject ?? '',
    body: row.body,
    html: row.html_body,
    locale: row.locale,
    createdAt: row.created_at,
    attempts: row.attempts,
    claimToken,
  };
}

/** Delivery: a worker claims a due row, and only that claim records how it went. */
function outboxDelivery(db: OutboxDb) {
  async function finish(
    message: ClaimedMessage,
    values: { status: OutboxStatus; sent_at?: string; next_attempt_at?: string | null; last_error?: string | null },
  ): Promise<boolean> {
    const result = await db
      .updateTable('outbox')
      .set({ ...values, claim_token: null, claimed_until: null })
      .where('id', '=', message.id)
      .where('claim_token', '=', message.claimToken)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  return {
    /**
     * Claims the oldest due e-mail for `leaseMs`, or answers undefined when none is due.
     * The claim is a conditional update that repeats the "due" condition: of several
     * workers that picked the same row, exactly one update matches it (PostgreSQL re-checks
     * the condition after the row lock of the first; SQLite runs writes one at a time).
     */
    async claimNext(now: Date, leaseMs: number, channel: OutboxChannel = 'email'): Promise<ClaimedMessage | undefined> {
      const at = now.toISOString();
      for (let tries = 0; tries < 5; tries += 1) {
        const candidates = await db
          .selectFrom('outbox')
          .select('id')
          .where((eb) => isDue(eb, at, channel))
          .orderBy('id')
          .limit(5)
          .execute();
        if (candidates.length === 0) return undefined;
        for (const { id } of candidates) {
          const claimToken = randomBytes(16).toString('hex');
          const result = await db
            .updateTable('outbox')
            .set((eb) => ({
              status: 'sending',
              claim_token: claimToken,
              claimed_until: new Date(now.getTime() + leaseMs).toISOString(),
              attempts: eb('attempts', '+', 1),
            }))
            .where('id', '=', id)
            .where((eb) => isDue(eb, at, channel))
            .executeTakeFirst();
          if (Number(result.numUpdatedRows) !== 1) continue; // another worker took it
          const claimed = await readClaimed(db, id, claimToken);
          if (claimed) return claimed;
        }
      }
      return undefined;
    },

    /** The SMTP server accepted it (or it was written to a file). False: the claim was lost. */
    markDelivered(message: ClaimedMessage, now: Date): Promise<boolean> {
      return finish(message, { status: 'delivered', sent_at: now.toISOString(), last_error: null });
    },

    /** Another attempt at `nextAttemptAt`. */
    markForRetry(message: ClaimedMessage, nextAttemptAt: Date, error: string): Promise<boolean> {
      return finish(message, { status: 'pending', next_attempt_at: nextAttemptAt.toISOString(), last_error: error });
    },

    /** No more attempts: kept with its last error for a person to look at. */
    markDead(message: ClaimedMessage, error: string): Promise<boolean> {
      return finish(message, { status: 'dead', last_error: error });
    },
  };
}

/** Queueing: what the domains write in the transaction of the change that causes it. */
function outboxQueue(db: OutboxDb) {
  return {
    async enqueueEmail(
      message: { recipient: string; subject: string; body: string; locale?: string },
      now = new Date(),
    ): Promise<void> {
      await db
        .insertInto('outbox')
        .values({
          channel: 'email',
          recipient: message.recipient,
          subject: message.subject,
          body: message.body,
          locale: message.locale ?? null,
          dedupe_key: null,
          created_at: now.toISOString(),
          sent_at: null,
        })
        .execute();
    },

    /** A message queued once per `dedupeKey` (a receipt: the order is paid once, its mail sent once). */
    async enqueueOnce(
      message: {
        channel: 'email' | 'sms';
        recipient: string;
        subject: string | null;
        body: string;
        html?: string;
        dedupeKey: string;
        locale: string;
      },
      now: string,
    ) {
      await db
        .insertInto('outbox')
        .values({
          channel: message.channel,
          recipient: message.recipient,
          subject: message.subject,
          body: message.body,
          html_body: message.html ?? null,
          dedupe_key: message.dedupeKey,
          locale: message.locale,
          created_at: now,
          sent_at: null,
        })
        .onConflict((conflict) => conflict.column('dedupe_key').doNothing())
        .execute();
    },

    /** A purge of surrogate keys at every configured cache (cache-purges.ts), delivered like mail. */
    async enqueuePurge(keys: string, now = new Date()): Promise<void> {
      await db
        .insertInto('outbox')
        .values({
          channel: 'cache-purge',
          recipient: 'caches',
          subject: null,
          body: keys,
          dedupe_key: null,
          created_at: now.toISOString(),
          sent_at: null,
        })
        .execute();
    },

    /** The newest messages to one recipient (for tests and support tools). */
    async listFor(recipient: string, limit = 20): Promise<OutboxMessage[]> {
      const rows = await db
        .selectFrom('outbox')
        .select(['id', 'channel', 'recipient', 'subject', 'body', 'created_at'])
        .where('recipient', '=', recipient)
        .orderBy('id', 'desc')
        .limit(limit)
        .execute();
      return rows.map((row) => ({ ...row, createdAt: row.created_at }));
    },
  };
}

/** What the outbox holds: for the metrics, logs and tests. */
function outboxCounts(db: OutboxDb) {
  return {
    /** When the oldest mail still to be delivered (pending or being sent) was queued; null when none is. */
    async oldestUndelivered(): Promise<Date | null> {
      const row = await db
        .selectFrom('outbox')
        .select((eb) => eb.fn.min('created_at').as('oldest'))
        .where('channel', '=', 'email')
        .where('status', 'in', ['pending', 'sending'])
        .executeTakeFirst();
      return row?.oldest ? new Date(row.oldest) : null;
    },

    /** How many rows of a channel are in each delivery state (for logs, tests and the metrics). */
    async countByStatus(channel: OutboxChannel = 'email'): Promise<Record<OutboxStatus, number>> {
      const rows = await db
        .selectFrom('outbox')
        .select((eb) => ['status', eb.fn.countAll<number | string>().as('count')])
        .where('channel', '=', channel)
        .groupBy('status')
        .execute();
      const counts: Record<OutboxStatus, number> = { pending: 0, sending: 0, delivered: 0, dead: 0 };
      for (const row of rows) counts[row.status] = Number(row.count);
      return counts;
    },
  };
}

/**
 * The outbox's data access, one object over one connection (the database or a transaction):
 * queueing, delivery, counts and the log of page changes.
 */
export function createOutboxRepository(db: OutboxDb) {
  return { ...outboxQueue(db), ...outboxDelivery(db), ...outboxCounts(db), ...pageChangesRepository(db) };
}

export type OutboxRepository = ReturnType<typeof createOutboxRepository>;
