/**
 * A data folder whose database holds `total` stations (the product seeds only an empty one
 * with today's 1,300), for the benchmarks that measure the station feature at scale. The
 * caller starts the product on it (DATA_DIR) and removes it after.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { openDatabase } from '../../server/origin/db';
import { createOriginUnitOfWork } from '../../server/origin/origin-unit-of-work';
import { migrateToLatest } from '../../server/origin/migrate';
import { seedStationsIfEmpty } from '../../server/origin/stations/seed/stations-seed';

const root = resolve(import.meta.dirname, '../..');

export async function seededDataDir(total: number, name: string): Promise<string> {
  const dataDir = mkdtempSync(join(tmpdir(), `st1-bench-${name}-${total}-`));
  const db = openDatabase({ dataDir });
  try {
    await migrateToLatest(db);
    await seedStationsIfEmpty(createOriginUnitOfWork(db).transaction, join(root, 'content'), { total });
  } finally {
    await db.destroy();
  }
  return dataDir;
}
