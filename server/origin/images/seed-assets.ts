/** Seeds the assets table from content/assets when it is empty (also on a database seeded before migration 002). */
import { readFile } from 'node:fs/promises';
import type { Transact } from '../unit-of-work';
import { readAssetIndex } from './asset-files';

export async function seedAssetsIfEmpty(
  transaction: Transact,
  contentDir: string,
): Promise<{ seeded: boolean; assets: number }> {
  const existing = await transaction((tx) => tx.images.assets.count());
  if (existing > 0) return { seeded: false, assets: existing };
  const index = await readAssetIndex(contentDir);
  const items = await Promise.all(
    [...index.values()].map(async (entry) => ({
      asset: entry.asset,
      sourceMime: entry.sourceMime,
      source: await readFile(entry.sourcePath),
    })),
  );
  await transaction(async (tx) => {
    for (const item of items) await tx.images.assets.insert(item);
  });
  return { seeded: true, assets: items.length };
}
