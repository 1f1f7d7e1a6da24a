/**
 * Discount uses are reserved by the order that takes them (docs/shop.md "Discount uses"),
 * on SQLite and on PostgreSQL: checkouts opened at the same moment with a code's last use
 * cannot all be paid, a reservation ends with a declined, cancelled or expired payment,
 * and an expired payment can no longer be approved, so no money is taken for an order
 * that has lost its discount.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InitializedOrder, OrderReceipt } from '#shared/shop/api-schema';
import { createDiscountCodesRepository } from '../../server/origin/shop/discount-codes-repository';
import type { SeededOrigin } from './support/seeded-origin';
import { forEachDatabase } from './support/each-database';
import { shopCheckout } from './support/shop-checkout';

const items = [{ code: 'WASH-BASIC', quantity: 1 }];

forEachDatabase((database) => {
  describe.skipIf(database.skip !== undefined)(`discount reservations on ${database.name}`, () => {
    let origin: SeededOrigin;
    let checkout: ReturnType<typeof shopCheckout>;
    let codeSequence = 0;

    beforeAll(async () => {
      origin = await database.startOrigin('discounts');
      checkout = shopCheckout(origin.app);
    }, 120_000);

    afterAll(() => database.stop());

    async function singleUseCode(): Promise<string> {
      codeSequence += 1;
      const code = `RACE${codeSequence}`;
      await createDiscountCodesRepository(origin.db).insert({ code, kind: 'fixed', value: 200, usageLimit: 1 });
      return code;
    }
    const usedCount = async (code: string) => (await createDiscountCodesRepository(origin.db).find(code))?.usedCount;
    const complete = async (result: Record<string, string>) =>
      (await checkout.post('/digital-order/v1/orders/complete', result)).json() as OrderReceipt;

    it('lets one of five checkouts opened at once take a single-use code; paying them all spends it once', async () => {
      const code = await singleUseCode();
      // Every shopper validated the cart while the code was still free.
      const requests = await Promise.all(Array.from({ length: 5 }, () => checkout.orderRequest(items, code)));
      const answers = await Promise.all(requests.map((request) => checkout.initialize(request)));
      const created = answers.filter((answer) => answer.statusCode === 201);
      expect(created).toHaveLength(1);
      for (const refused of answers.filter((answer) => answer.statusCode !== 201)) {
        expect(refused.statusCode, refused.body).toBe(422);
        expect(refused.json()).toMatchObject({ code: 'DISCOUNT_USED_UP' });
      }
      const receipts = await Promise.all(
        created.map(async (answer) => complete(await checkout.pay(answer.json() as InitializedOrder, 'approve'))),
      );
      expect(receipts.map((receipt) => receipt.status)).toEqual(['paid']);
      expect(await usedCount(code)).toBe(1);
      const again = await checkout.post('/digital-order/v1/cart/validate', { items, discountCode: code });
      expect(again.json()).toMatchObject({ code: 'DISCOUNT_USED_UP' });
    });

    it('tells the cart a code is used up while an open checkout holds its last use', async () => {
      const code = await singleUseCode();
      const held = await checkout.initialize(await checkout.orderRequest(items, code));
      expect(held.statusCode, held.body).toBe(201);
      const validated = await checkout.post('/digital-order/v1/cart/validate', { items, discountCode: code });
      expect(validated.statusCode).toBe(422);
      expect(validated.json()).toMatchObject({ code: 'DISCOUNT_USED_UP' });
    });

    it('gives the use back when the payment is declined or cancelled', async () => {
      const code = await singleUseCode();
      for (const action of ['decline', 'cancel'] as const) {
        const answer = await checkout.initialize(await checkout.orderRequest(items, code));
        expect(answer.statusCode, answer.body).toBe(201);
        expect(await complete(await checkout.pay(answer.json() as InitializedOrder, action))).toMatchObject({
          status: 'pending',
        });
      }
      const last = await checkout.initialize(await checkout.orderRequest(items, code));
      expect(last.statusCode, last.body).toBe(201);
      expect(await complete(await checkout.pay(last.json() as InitializedOrder, 'approve'))).toMatchObject({
        status: 'paid',
        totals: { discount: 2 },
      });
      expect(await usedCount(code)).toBe(1);
    });

    it('ends an expired reservation: the payment can no longer be approved, and another order takes the use', async () => {
      const code = await singleUseCode();
      const first = await checkout.initialize(await checkout.orderRequest(items, code));
      expect(first.statusCode, first.body).toBe(201);
      const firstOrder = first.json() as InitializedOrder;
      // The shopper left the gateway open past the payment window.
      await sql`update shop_payments set expires_at = ${new Date(Date.now() - 1000).toISOString()} where id = ${firstOrder.paymentId}`.execute(
        origin.db,
      );
      const second = await checkout.initialize(await checkout.orderRequest(items, code));
      expect(second.statusCode, second.body).toBe(201);
      // Approving the expired payment takes no money: the gateway answers cancelled.
      const late = await checkout.pay(firstOrder, 'approve');
      expect(late.status).toBe('cancelled');
      expect(await complete(late)).toMatchObject({ status: 'pending', paymentStatus: 'cancelled' });
      const payment = await origin.db
        .selectFrom('shop_payments')
        .select('status')
        .where('id', '=', firstOrder.paymentId)
        .executeTakeFirstOrThrow();
      expect(payment.status).toBe('cancelled');
      expect(await complete(await checkout.pay(second.json() as InitializedOrder, 'approve'))).toMatchObject({
        status: 'paid',
      });
      expect(await usedCount(code)).toBe(1);
    });
  });
});
