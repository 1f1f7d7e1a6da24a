import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from './db';

describe('openDatabase on SQLite', () => {
  let dataDir: string | undefined;
  afterEach(() => {
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('keeps a transaction that read first when another connection writes before its write', async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'st1-db-'));
    const db = openDatabase({ dataDir });
    // Another process on the same file (the CLI while the server runs, an e2e spec's import):
    // no busy wait, so that it answers at once instead of waiting on this thread.
    const other = new Database(join(dataDir, 'origin.sqlite'), { timeout: 0 });
    try {
      await sql`create table counter (n integer not null)`.execute(db);
      await sql`insert into counter (n) values (0)`.execute(db);
      let otherWrote = true;
      await db.transaction().execute(async (trx) => {
        const { rows } = await sql<{ n: number }>`select n from counter`.execute(trx);
        try {
          other.prepare('update counter set n = n + 100').run();
        } catch {
          otherWrote = false; // it waits for this transaction, as a writer with a busy timeout would
        }
        await sql`update counter set n = ${rows[0]!.n + 1}`.execute(trx);
      });
      expect(otherWrote).toBe(false);
      expect(other.prepare('select n from counter').get()).toEqual({ n: 1 });
    } finally {
      other.close();
      await db.destroy();
    }
  });
});
