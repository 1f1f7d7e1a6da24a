/** Reads and checks content/shop/catalog.json: products, tax classes and discount codes. */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import { LOCALES, type ShopCurrency } from '#shared/locales';

const code = z.string().regex(/^[A-Z0-9][A-Z0-9_-]{0,63}$/);

const catalogFileSchema = z
  .object({
    // The currency every price of the catalog is in; the locale table's ShopCurrency must be it.
    currency: z.literal('EUR' satisfies ShopCurrency),
    /**
     * Who sells: printed on every receipt (name, business ID, address lines). The seed's
     * business ID is a placeholder of the right form; production content has the
     * company's registered one (docs/shop.md "Receipt").
     */
    seller: z.object({
      name: z.string().min(1).max(100),
      businessId: z.string().regex(/^\d{7}-\d$/, 'businessId must be a Finnish business ID such as 1234567-1'),
      address: z.array(z.string().min(1).max(100)).min(1).max(4),
    }),
    taxClasses: z.record(z.string(), z.object({ percentage: z.number(), basisPoints: z.number().int().min(0) })),
    products: z.array(
      z.object({
        code,
        kind: z.enum(['single', 'series', 'gift']),
        names: z.record(z.enum(LOCALES), z.string().min(1)),
        image: z
          .string()
          .regex(/^[a-z0-9-]+$/)
          .optional(),
        priceCents: z.number().int().positive(),
        taxClass: z.string(),
        bundle: z.array(z.object({ amount: z.number().int().positive(), code })),
        upsells: z.array(code),
        sortOrder: z.number().int(),
      }),
    ),
    discountCodes: z.array(
      z.object({
        code: z.string().regex(/^[A-Z0-9]{3,40}$/),
        kind: z.enum(['percentage', 'fixed']),
        value: z.number().int().positive(),
        validFrom: z.iso.datetime().nullable(),
        validUntil: z.iso.datetime().nullable(),
        usageLimit: z.number().int().positive().nullable(),
      }),
    ),
  })
  .superRefine((catalog, context) => {
    const codes = new Set(catalog.products.map((product) => product.code));
    for (const product of catalog.products) {
      if (!(product.taxClass in catalog.taxClasses))
        context.addIssue({ code: 'custom', message: `${product.code}: unknown tax class ${product.taxClass}` });
      for (const reference of [...product.upsells, ...product.bundle.map((member) => member.code)])
        if (!codes.has(reference))
          context.addIssue({ code: 'custom', message: `${product.code}: refers to unknown product ${reference}` });
    }
  });
export type CatalogFile = z.infer<typeof catalogFileSchema>;
export type Seller = CatalogFile['seller'];

export async function readCatalogFile(contentDir: string): Promise<CatalogFile> {
  const file = join(contentDir, 'shop', 'catalog.json');
  const parsed = catalogFileSchema.safeParse(JSON.parse(await readFile(file, 'utf8')));
  if (!parsed.success) throw new Error(`${file}: ${parsed.error.message}`);
  return parsed.data;
}
