/**
 * Seeds the shop catalog (content/shop/catalog.json) into an empty products table, and
 * the demo customers' paid orders (README "Demo accounts"), written through the shop's own
 * repositories in the transaction that seeds those customers (seed.ts).
 */
import type { Transact } from '../unit-of-work';
import type { ShopRepositories } from './shop-repositories';
import { readCatalogFile } from './catalog-files';

export async function seedShopIfEmpty(
  transaction: Transact,
  contentDir: string,
): Promise<{ seeded: boolean; products: number }> {
  const existing = await transaction((tx) => tx.shop.products.count());
  if (existing > 0) return { seeded: false, products: existing };
  const catalog = await readCatalogFile(contentDir);
  await transaction(async (tx) => {
    await tx.shop.products.insertCatalog(catalog);
    for (const discount of catalog.discountCodes) await tx.shop.discountCodes.insert(discount);
  });
  return { seeded: true, products: catalog.products.length };
}

const DEMO_PRODUCT = 'WASH-PREMIUM';
const DEMO_UNIT_CENTS = 1490;

/**
 * A paid demo order of car-wash codes for a demo customer, 20 days old; with more than
 * one wash, the first code is used already.
 */
export async function seedDemoOrder(
  shop: ShopRepositories,
  customer: { id: string; email: string; firstName: string; lastName: string; locale: string },
  washes: number,
): Promise<void> {
  const orderId = `DEMO-${customer.id.slice(0, 8).toUpperCase()}`;
  const created = new Date(Date.now() - 20 * 24 * 60 * 60 * 1000).toISOString();
  const total = DEMO_UNIT_CENTS * washes;
  // The line's name is the catalog's, in the customer's language, as a real order stores it.
  const names: Partial<Record<string, string>> =
    (await shop.products.findActive([DEMO_PRODUCT])).get(DEMO_PRODUCT)?.names ?? {};
  await shop.orders.insertOrder(
    {
      id: orderId,
      idempotency_key: `demo-${customer.id}`,
      request_hash: 'demo-seed',
      status: 'paid',
      customer_id: customer.id,
      locale: customer.locale,
      email: customer.email,
      firstname: customer.firstName,
      lastname: customer.lastName,
      telephone_prefix: 'FIN|358',
      telephone_number: '',
      marketing_json: '[]',
      send_sms: 0,
      discount_code: null,
      subtotal_cents: total,
      discount_cents: 0,
      tax_cents: Math.round(total - total / 1.255),
      total_cents: total,
      currency: 'EUR',
      created_at: created,
      paid_at: created,
    },
    [
      {
        position: 0,
        product_code: DEMO_PRODUCT,
        name: names[customer.locale] ?? names['fi-FI'] ?? DEMO_PRODUCT,
        quantity: washes,
        unit_price_cents: DEMO_UNIT_CENTS,
        tax_rate_bp: 2550,
        washes_per_unit: 1,
      },
    ],
  );
  await shop.orders.issueWashCodes(orderId, await shop.orders.items(orderId), created);
  const [first] = await shop.orders.washCodes(orderId);
  if (first && washes > 1) await shop.orders.redeemWashCode(first.code, created);
}
