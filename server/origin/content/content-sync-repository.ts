/**
 * Which content/ the database holds: the hash of the files the last seed or content sync
 * applied, per source (content-sync.ts, docs/operations.md "Content for an existing
 * database").
 */
import type { ContentDb } from './content-tables';

export function createContentSyncRepository(db: ContentDb) {
  return {
    /** The hash recorded for `source`, or undefined when none was. */
    async storedHash(source: string): Promise<string | undefined> {
      const row = await db.selectFrom('content_sync').select('hash').where('source', '=', source).executeTakeFirst();
      return row?.hash;
    },
    /** Records that the database holds the content of `hash` for `source`. */
    async record(source: string, hash: string, now: string): Promise<void> {
      await db
        .insertInto('content_sync')
        .values({ source, hash, synced_at: now })
        .onConflict((conflict) => conflict.column('source').doUpdateSet({ hash, synced_at: now }))
        .execute();
    },
  };
}
