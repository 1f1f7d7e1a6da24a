/**
 * One name rule at the origin (spec §5, src/shared/rules/forms.ts PERSON_NAME_RULES)
 * for every endpoint that stores a name: the checkout's order, registration and My
 * details refuse markup alike, and nothing is written for a refused request.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shopCheckout } from './support/shop-checkout';
import { startSeededOrigin, type SeededOrigin } from './support/seeded-origin';

let origin: SeededOrigin;

beforeAll(async () => {
  origin = await startSeededOrigin('name-rule');
});
afterAll(() => origin?.close());

const MARKUP_NAMES = ['<img src=x onerror=alert(1)>', 'Matti{{constructor}}', 'Anna`whoami`', 'Bob\u0007'];
const count = async (table: 'shop_orders' | 'customers') =>
  Number((await sql<{ n: number }>`select count(*) as n from ${sql.table(table)}`.execute(origin.db)).rows[0]?.n);

describe('the checkout', () => {
  it.each(MARKUP_NAMES)('refuses the name %j with a 400 naming the field, and stores no order', async (name) => {
    const checkout = shopCheckout(origin.app);
    const request = await checkout.orderRequest([{ code: 'WASH-BASIC', quantity: 1 }]);
    const before = await count('shop_orders');
    for (const field of ['firstname', 'lastname'] as const) {
      const response = await checkout.initialize({ ...request, customer: { ...request.customer, [field]: name } });
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json()).toMatchObject({ status: 400, code: 'BAD_REQUEST' });
      expect(response.json().message).toContain(`customer.${field}`);
    }
    expect(await count('shop_orders')).toBe(before);
  });

  it('takes the names registration takes: O’Brien, Åsa-Märta', async () => {
    const checkout = shopCheckout(origin.app);
    const request = await checkout.orderRequest([{ code: 'WASH-BASIC', quantity: 1 }]);
    const response = await checkout.initialize({
      ...request,
      customer: { ...request.customer, firstname: 'Åsa-Märta', lastname: "O'Brien" },
    });
    expect(response.statusCode, response.body).toBe(201);
  });
});

describe('registration', () => {
  it.each(MARKUP_NAMES)('refuses the name %j and stores no customer', async (name) => {
    const before = await count('customers');
    const response = await origin.app.inject({
      method: 'POST',
      url: '/customers/v1/registrations',
      headers: { 'x-st1-locale': 'fi-FI' },
      payload: {
        firstName: name,
        lastName: 'Tester',
        phoneNumber: '',
        marketing: [],
        email: `name-rule-${before}@example.com`,
        password: 'Long-enough-password-1',
      },
    });
    expect(response.statusCode, response.body).toBe(400);
    expect(await count('customers')).toBe(before);
  });
});
