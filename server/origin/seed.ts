/** Seeds an empty database from content/ (DESIGN §1: "seeds an empty database"). */
import type { Db } from './database-schema';
import type { ScryptCost } from './auth/secrets';
import { readSeedLayouts, readSeedPages } from './content-files';
import { createOriginUnitOfWork } from './origin-unit-of-work';
import { seedAssetsIfEmpty } from './images/seed-assets';
import { seedAccountsIfEmpty } from './accounts/seed-accounts';
import { seedDemoOrder, seedShopIfEmpty } from './shop/seed-shop';
import { seedLiveDataIfEmpty, seedTariffsIfEmpty } from './stations/seed/live-data-seed';
import { seedStationsIfEmpty } from './stations/seed/stations-seed';

/** Seeds in one transaction, so a failed seed leaves the database empty and retryable. */
export async function seedIfEmpty(
  db: Db,
  contentDir: string,
  /** The demo customers' password hashes (config.ts PASSWORD_SCRYPT_N); SCRYPT_COST by default. */
  options: { passwordCost?: ScryptCost } = {},
): Promise<{ seeded: boolean; pages: number }> {
  const { transaction } = createOriginUnitOfWork(db);
  // Assets first and on their own: a database seeded before migration 002 gets them too.
  await seedAssetsIfEmpty(transaction, contentDir);
  // The shop catalog seeds on its own too (content/shop/catalog.json, docs/shop.md).
  await seedShopIfEmpty(transaction, contentDir);
  // Stations on their own too: a database seeded before migration 003 gets them.
  await seedStationsIfEmpty(transaction, contentDir);
  // Fuel price history and charge points, on their own (a database seeded before migration 009 gets them).
  await seedLiveDataIfEmpty(transaction, contentDir);
  await seedTariffsIfEmpty(transaction, contentDir);
  // Demo customers on their own (after the shop catalog, whose names their orders print),
  // each with the shop's paid demo order in the same transaction.
  await seedAccountsIfEmpty(
    transaction,
    (tx, customer, demo) => seedDemoOrder(tx.shop, customer, demo.washes),
    options.passwordCost,
  );
  const existing = await transaction((tx) => tx.content.pages.count());
  if (existing > 0) return { seeded: false, pages: existing };
  const [seedPages, layouts] = await Promise.all([readSeedPages(contentDir), readSeedLayouts(contentDir)]);
  await transaction(async (tx) => {
    for (const [locale, layout] of layouts) await tx.content.layouts.upsert(locale, layout);
    for (const page of seedPages) await tx.content.pages.insert(page);
  });
  return { seeded: true, pages: seedPages.length };
}
