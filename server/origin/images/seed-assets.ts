/** Seeds the assets table from content/assets when it is empty (also on a database seeded before migration 002). */
import { readFile } from 'node:fs/promises';
import type { Db } from '../db';
import { createAssetsRepository } from './assets-repository';
import { readAssetIndex } from './asset-files';

export async function seedAssetsIfEmpty(db: Db, contentDir: string): Promise<{ seeded: boolean; assets: number }> {
  const existing = await createAssetsRepository(db).count();
  if (existing > 0) return { seeded: false, assets: existing };
  const index = await readAssetIndex(contentDir);
  const items = await Promise.all(
    [...index.values()].map(async (entry) => ({
      asset: entry.asset,
      sourceMime: entry.sourceMime,
      source: await readFile(entry.sourcePath),
    })),
  );
  await db.transaction().execute(async (trx) => {
    const assets = createAssetsRepository(trx);
    for (const item of items) await assets.insert(item);
  });
  return { seeded: true, assets: items.length };
}
