/**
 * Demo customers (README "Demo accounts"): a private and a business customer with
 * cards, and, when the shop's tables exist, a paid order with wash codes each. Seeded
 * once, into an empty customers table.
 */
import { randomUUID } from 'node:crypto';
import type { Db } from '../db';
import { createCardsRepository } from './cards-repository';
import { createCustomersRepository } from './customers-repository';
import { hashPassword } from '../auth/secrets';

export const DEMO_CUSTOMERS = [
  {
    email: 'matti.meikalainen@example.fi',
    password: 'Demo-salasana-1',
    firstName: 'Matti',
    lastName: 'Meikäläinen',
    phoneNumber: '+358401234567',
    customerType: 'private',
    locale: 'fi-FI',
    cards: [
      { kind: 'fuel', lastFour: '4821', holder: 'Matti Meikäläinen', expires: '2028-06', status: 'active' },
      { kind: 'fuel', lastFour: '1177', holder: 'Matti Meikäläinen', expires: '2025-02', status: 'expired' },
    ],
    washes: 3,
  },
  {
    email: 'anna.andersson@example.se',
    password: 'Demo-losenord-2',
    firstName: 'Anna',
    lastName: 'Andersson',
    phoneNumber: '+46701234567',
    customerType: 'business',
    locale: 'sv-SE',
    cards: [
      { kind: 'business', lastFour: '9034', holder: 'Andersson Transport AB', expires: '2027-11', status: 'active' },
      { kind: 'business', lastFour: '5512', holder: 'Andersson Transport AB', expires: '2027-11', status: 'blocked' },
    ],
    washes: 1,
  },
] as const;

async function hasTable(db: Db, name: string): Promise<boolean> {
  return (await db.introspection.getTables()).some((table) => table.name === name);
}

/** A paid demo order of car-wash codes, in the shop's tables (read-only for accounts otherwise). */
async function seedDemoOrder(
  db: Db,
  customer: { id: string; email: string; firstName: string; lastName: string; locale: string },
  washes: number,
) {
  const shop = db;
  const orderId = `DEMO-${customer.id.slice(0, 8).toUpperCase()}`;
  const created = new Date(Date.now() - 20 * 24 * 60 * 60 * 1000).toISOString();
  const unitCents = 1490;
  const total = unitCents * washes;
  // The line's name is the catalog's, in the customer's language, as a real order stores it.
  const product = await shop
    .selectFrom('shop_products')
    .select('names_json')
    .where('code', '=', 'WASH-PREMIUM')
    .executeTakeFirst();
  const names = product ? (JSON.parse(product.names_json) as Record<string, string | undefined>) : {};
  const lineName = names[customer.locale] ?? names['fi-FI'] ?? 'WASH-PREMIUM';
  await shop
    .insertInto('shop_orders')
    .values({
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
    })
    .execute();
  const item = await shop
    .insertInto('shop_order_items')
    .values({
      order_id: orderId,
      position: 0,
      product_code: 'WASH-PREMIUM',
      name: lineName,
      quantity: washes,
      unit_price_cents: unitCents,
      tax_rate_bp: 2550,
      washes_per_unit: 1,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  for (let index = 0; index < washes; index += 1) {
    await shop
      .insertInto('shop_wash_codes')
      .values({
        code: `ST1-${randomUUID().replace(/\D/g, '').slice(0, 8).padEnd(8, '7')}`,
        order_id: orderId,
        order_item_id: Number(item.id),
        product_code: 'WASH-PREMIUM',
        issued_at: created,
        used_at: index === 0 && washes > 1 ? created : null,
      })
      .execute();
  }
}

export async function seedAccountsIfEmpty(db: Db): Promise<{ seeded: boolean }> {
  const customers = createCustomersRepository(db);
  if ((await customers.count()) > 0) return { seeded: false };
  const withOrders = await hasTable(db, 'shop_orders');
  const hashes = await Promise.all(DEMO_CUSTOMERS.map((demo) => hashPassword(demo.password)));
  await db.transaction().execute(async (trx) => {
    const trxCustomers = createCustomersRepository(trx);
    const cards = createCardsRepository(trx);
    for (const [index, demo] of DEMO_CUSTOMERS.entries()) {
      const customer = await trxCustomers.insert({
        email: demo.email,
        passwordHash: hashes[index]!,
        firstName: demo.firstName,
        lastName: demo.lastName,
        phoneNumber: demo.phoneNumber,
        marketing: ['email'],
        customerType: demo.customerType,
        locale: demo.locale,
        emailConfirmed: true,
      });
      if (!customer) continue;
      // One millisecond apart, so that the cards list in this order (by creation time).
      const seededAt = Date.now();
      for (const [position, card] of demo.cards.entries()) {
        await cards.insert(customer.id, card, new Date(seededAt + position));
      }
      if (withOrders) await seedDemoOrder(trx, { ...customer, locale: demo.locale }, demo.washes);
    }
  });
  return { seeded: true };
}
