/** Seeds an empty database from content/ (DESIGN §1: "seeds an empty database"). */
import type { Db } from './db';
import { readSeedLayouts, readSeedPages } from './content-files';
import { seedAssetsIfEmpty } from './images/seed-assets';
import { seedAccountsIfEmpty } from './accounts/seed-accounts';
import { seedShopIfEmpty } from './shop/seed-shop';
import { createLayoutsRepository } from './content/layouts-repository';
import { createPagesRepository } from './content/pages-repository';
import { seedLiveDataIfEmpty, seedTariffsIfEmpty } from './stations/seed/live-data-seed';
import { seedStationsIfEmpty } from './stations/seed/stations-seed';

/** Seeds in one transaction, so a failed seed leaves the database empty and retryable. */
export async function seedIfEmpty(db: Db, contentDir: string): Promise<{ seeded: boolean; pages: number }> {
  // Assets first and on their own: a database seeded before migration 002 gets them too.
  await seedAssetsIfEmpty(db, contentDir);
  // The shop catalog seeds on its own too (content/shop/catalog.json, docs/shop.md).
  await seedShopIfEmpty(db, contentDir);
  // Stations on their own too: a database seeded before migration 003 gets them.
  await seedStationsIfEmpty(db, contentDir);
  // Fuel price history and charge points, on their own (a database seeded before migration 009 gets them).
  await seedLiveDataIfEmpty(db, contentDir);
  await seedTariffsIfEmpty(db, contentDir);
  // Demo customers on their own (after the shop, whose order tables their orders use).
  await seedAccountsIfEmpty(db);
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
