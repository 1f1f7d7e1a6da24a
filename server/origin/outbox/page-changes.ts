/**
 * The log of page changes (migration 021): the surrogate keys of every purge, kept whether
 * or not a cache is configured, for the site servers' render caches to read
 * (`GET /cms-view/v1/page-changes`, docs/operations.md "A cache in front"). Only the newest
 * KEEP_CHANGES rows are kept: a site server further behind drops all it keeps.
 */
import type { OutboxDb } from './outbox-tables';

/** Rows kept: at one change a second, over an hour, far more than a site server lags by. */
const KEEP_CHANGES = 5000;

export interface PageChanges {
  /** The newest change's number (0: none yet). */
  latest: number;
  /** The keys changed after the asked-for number, or null: too far behind, drop everything. */
  keys: string[] | null;
}

export function pageChangesRepository(db: OutboxDb) {
  return {
    /** Logs a change of these keys (space-separated), in the caller's transaction; prunes the oldest. */
    async logPageChange(keys: string, now = new Date()): Promise<void> {
      // The counter's row lock (PostgreSQL) is held until the caller commits: numbers commit in order.
      const { seq } = await db
        .updateTable('page_change_counter')
        .set((eb) => ({ seq: eb('seq', '+', 1) }))
        .where('id', '=', 1)
        .returning('seq')
        .executeTakeFirstOrThrow();
      await db.insertInto('page_changes').values({ seq, keys, created_at: now.toISOString() }).execute();
      if (seq % 100 === 0)
        await db
          .deleteFrom('page_changes')
          .where('seq', '<=', seq - KEEP_CHANGES)
          .execute();
    },

    /** The changes after `after` (at most `limit` rows; more, or some pruned: null keys). */
    async pageChangesAfter(after: number, limit: number): Promise<PageChanges> {
      const newest = await db
        .selectFrom('page_changes')
        .select((eb) => [eb.fn.max('seq').as('latest'), eb.fn.min('seq').as('oldest')])
        .executeTakeFirst();
      const latest = Number(newest?.latest ?? 0);
      const oldest = Number(newest?.oldest ?? 0);
      if (after >= latest) return { latest, keys: [] };
      // A site server that starts (after < 0) or lags past what is kept knows nothing it keeps is current.
      if (after < 0 || after < oldest - 1) return { latest, keys: null };
      const rows = await db
        .selectFrom('page_changes')
        .select(['seq', 'keys'])
        .where('seq', '>', after)
        .orderBy('seq')
        .limit(limit + 1)
        .execute();
      if (rows.length > limit) return { latest, keys: null };
      return { latest, keys: [...new Set(rows.flatMap((row) => row.keys.split(' ')))] };
    },
  };
}
