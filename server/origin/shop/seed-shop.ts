/** Seeds the shop catalog (content/shop/catalog.json) into an empty products table. */
import type { Db } from '../db';
import { createDiscountCodesRepository } from './discount-codes-repository';
import { createProductsRepository } from './products-repository';
import { readCatalogFile } from './catalog-files';

export async function seedShopIfEmpty(db: Db, contentDir: string): Promise<{ seeded: boolean; products: number }> {
  const existing = await createProductsRepository(db).count();
  if (existing > 0) return { seeded: false, products: existing };
  const catalog = await readCatalogFile(contentDir);
  await db.transaction().execute(async (trx) => {
    await createProductsRepository(trx).insertCatalog(catalog);
    const discounts = createDiscountCodesRepository(trx);
    for (const discount of catalog.discountCodes) await discounts.insert(discount);
  });
  return { seeded: true, products: catalog.products.length };
}
