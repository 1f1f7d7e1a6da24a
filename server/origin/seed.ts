/** Seeds an empty database from content/ (DESIGN §1: "seeds an empty database"). */
import type { Db } from './db';
import { readSeedLayouts, readSeedPages } from './content-files';
import { seedAssetsIfEmpty } from './images/seed-assets';
import { createLayoutsRepository } from './repositories/layouts-repository';
import { createPagesRepository } from './repositories/pages-repository';

/** Seeds in one transaction, so a failed seed leaves the database empty and retryable. */
export async function seedIfEmpty(db: Db, contentDir: string): Promise<{ seeded: boolean; pages: number }> {
  // Assets first and on their own: a database seeded before migration 002 gets them too.
  await seedAssetsIfEmpty(db, contentDir);
  const existing = await createPagesRepository(db).count();
  if (existing > 0) return { seeded: false, pages: existing };
  const [seedPages, layouts] = await Promise.all([readSeedPages(contentDir), readSeedLayouts(contentDir)]);
  await db.transaction().execute(async (trx) => {
    const pages = createPagesRepository(trx);
    const layoutsRepository = createLayoutsRepository(trx);
    for (const [locale, layout] of layouts) await layoutsRepository.upsert(locale, layout);
    for (const page of seedPages) await pages.insert(page);
  });
  return { seeded: true, pages: seedPages.length };
}
