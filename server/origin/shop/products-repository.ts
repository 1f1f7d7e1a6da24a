/** Data access for shop products (spec §3 Product input). */
import type { Locale } from '#shared/locales';
import type { CatalogFile } from './catalog-files';
import type { ShopProductsTable } from './shop-tables';
import type { ShopDb } from './shop-tables';

export interface Product {
  code: string;
  kind: ShopProductsTable['kind'];
  names: Partial<Record<Locale, string>>;
  image: { src: string; alt: string } | null;
  priceCents: number;
  taxClass: string;
  taxRateBasisPoints: number;
  currency: string;
  bundle: Array<{ amount: number; code: string }>;
  upsellCodes: string[];
}

function toProduct(row: ShopProductsTable): Product {
  return {
    code: row.code,
    kind: row.kind,
    names: JSON.parse(row.names_json) as Product['names'],
    image: row.image_json ? (JSON.parse(row.image_json) as Product['image']) : null,
    priceCents: row.price_cents,
    taxClass: row.tax_class,
    taxRateBasisPoints: row.tax_rate_bp,
    currency: row.currency,
    bundle: JSON.parse(row.bundle_json) as Product['bundle'],
    upsellCodes: JSON.parse(row.upsell_codes_json) as string[],
  };
}

/** A product's name in a locale, falling back to fi-FI and then the code. */
export function productName(product: Product, locale: Locale): string {
  return product.names[locale] ?? product.names['fi-FI'] ?? product.code;
}

export function createProductsRepository(database: ShopDb) {
  const db = database;
  return {
    async count(): Promise<number> {
      const row = await db
        .selectFrom('shop_products')
        .select(db.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
    /** Active products by code; unknown or inactive codes are absent from the map. */
    async findActive(codes: readonly string[]): Promise<Map<string, Product>> {
      if (codes.length === 0) return new Map();
      const rows = await db
        .selectFrom('shop_products')
        .selectAll()
        .where('code', 'in', [...new Set(codes)])
        .where('active', '=', 1)
        .execute();
      return new Map(rows.map((row) => [row.code, toProduct(row)]));
    },
    async listActive(): Promise<Product[]> {
      const rows = await db
        .selectFrom('shop_products')
        .selectAll()
        .where('active', '=', 1)
        .orderBy('sort_order')
        .execute();
      return rows.map(toProduct);
    },
    async setPrice(code: string, priceCents: number, now = new Date().toISOString()): Promise<void> {
      await db
        .updateTable('shop_products')
        .set({ price_cents: priceCents, updated_at: now })
        .where('code', '=', code)
        .execute();
    },
    async insertCatalog(catalog: CatalogFile, now = new Date().toISOString()): Promise<void> {
      for (const product of catalog.products)
        await db
          .insertInto('shop_products')
          .values(catalogRow(catalog, product, now))
          .execute();
    },

    /**
     * Brings content/shop/catalog.json into the table (content sync): new products added,
     * changed ones updated. Products left out of the file stay (orders name them).
     */
    async applyCatalog(
      catalog: CatalogFile,
      now = new Date().toISOString(),
    ): Promise<{ added: string[]; changed: string[] }> {
      const added: string[] = [];
      const changed: string[] = [];
      for (const product of catalog.products) {
        const { updated_at: _updatedAt, ...wanted } = catalogRow(catalog, product, now);
        const row = await db
          .selectFrom('shop_products')
          .selectAll()
          .where('code', '=', product.code)
          .executeTakeFirst();
        if (!row) {
          await db
            .insertInto('shop_products')
            .values(catalogRow(catalog, product, now))
            .execute();
          added.push(product.code);
          continue;
        }
        const differs = (Object.keys(wanted) as Array<keyof typeof wanted>).some(
          (column) => String(row[column]) !== String(wanted[column]),
        );
        if (!differs) continue;
        await db
          .updateTable('shop_products')
          .set({ ...wanted, updated_at: now })
          .where('code', '=', product.code)
          .execute();
        changed.push(product.code);
      }
      return { added, changed };
    },
  };
}

function catalogRow(catalog: CatalogFile, product: CatalogFile['products'][number], now: string): ShopProductsTable {
  const taxClass = catalog.taxClasses[product.taxClass]!;
  return {
    code: product.code,
    kind: product.kind,
    names_json: JSON.stringify(product.names),
    // Names sit beside the picture in every listing: the image is decorative.
    image_json: product.image ? JSON.stringify({ src: `/images/${product.image}`, alt: '' }) : null,
    price_cents: product.priceCents,
    tax_class: product.taxClass,
    tax_rate_bp: taxClass.basisPoints,
    currency: catalog.currency,
    bundle_json: JSON.stringify(product.bundle),
    upsell_codes_json: JSON.stringify(product.upsells),
    active: 1,
    sort_order: product.sortOrder,
    updated_at: now,
  };
}

export type ProductsRepository = ReturnType<typeof createProductsRepository>;
