/**
 * Demo customers (README "Demo accounts"): a private and a business customer with
 * cards. Seeded once, into an empty customers table. What other domains keep of a demo
 * customer (the shop's paid order with wash codes) is written by `withEach` in the same
 * transaction, through that domain's repositories (seed.ts).
 */
import type { Repositories, Transact } from '../unit-of-work';
import { hashPassword, SCRYPT_COST, type ScryptCost } from '../auth/secrets';

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

export type DemoCustomer = (typeof DEMO_CUSTOMERS)[number];

export async function seedAccountsIfEmpty(
  transaction: Transact,
  withEach?: (
    tx: Repositories,
    customer: { id: string; email: string; firstName: string; lastName: string; locale: string },
    demo: DemoCustomer,
  ) => Promise<void>,
  passwordCost: ScryptCost = SCRYPT_COST,
): Promise<{ seeded: boolean }> {
  if ((await transaction((tx) => tx.accounts.customers.count())) > 0) return { seeded: false };
  const hashes = await Promise.all(DEMO_CUSTOMERS.map((demo) => hashPassword(demo.password, passwordCost)));
  await transaction(async (tx) => {
    const { customers, cards } = tx.accounts;
    for (const [index, demo] of DEMO_CUSTOMERS.entries()) {
      const customer = await customers.insert({
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
      await withEach?.(tx, { ...customer, locale: demo.locale }, demo);
    }
  });
  return { seeded: true };
}
