/**
 * The outbox (DESIGN §1): messages to send, written in the same transaction as the
 * change that causes them; a sender (outside this product) delivers and marks them.
 */
import type { Db } from '../db';

export interface OutboxMessage {
  id: number;
  channel: 'email' | 'sms';
  recipient: string;
  subject: string | null;
  body: string;
  createdAt: string;
}

export function createOutboxRepository(database: Db | Db) {
  const db = database;
  return {
    async enqueueEmail(message: { recipient: string; subject: string; body: string }, now = new Date()): Promise<void> {
      await db
        .insertInto('outbox')
        .values({
          channel: 'email',
          recipient: message.recipient,
          subject: message.subject,
          body: message.body,
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
