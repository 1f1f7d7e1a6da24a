/**
 * Reconciliation (docs/shop.md "Reconciliation"): an order whose payment the gateway
 * approved but whose callback and browser return never arrived (the origin crashed in
 * between) is completed when the origin starts and periodically after, exactly once, on
 * SQLite and on PostgreSQL.
 */
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InitializedOrder, OrderReceipt } from '#shared/shop/api-schema';
import { buildOriginApp } from '../../server/origin/app';
import { createOrdersService } from '../../server/origin/shop/orders-service';
import { createTestGateway } from '../../server/origin/shop/payments/test-gateway';
import { readCatalogFile } from '../../server/origin/shop/catalog-files';
import { shopPlugin } from '../../server/origin/shop/shop-plugin';
import { authPlugin } from '../../server/origin/auth/auth-plugin';
import { createOriginUnitOfWork } from '../../server/origin/origin-unit-of-work';
import { createOutboxRepositories } from '../../server/origin/outbox/outbox-repositories';
import { createUnitOfWork, unitOfWorkPlugin } from '../../server/origin/unit-of-work';
import type { SeededOrigin } from './support/seeded-origin';
import { forEachDatabase } from './support/each-database';
import { shopCheckout } from './support/shop-checkout';

forEachDatabase((database) => {
  describe.skipIf(database.skip !== undefined)(`reconciliation on ${database.name}`, () => {
    let origin: SeededOrigin;
    let checkout: ReturnType<typeof shopCheckout>;

    beforeAll(async () => {
      origin = await database.startOrigin('reconcile');
      checkout = shopCheckout(origin.app);
    }, 120_000);
    afterAll(() => database.stop());

    const items = [{ code: 'WASH-BASIC-10', quantity: 1 }];

    /** An order approved at the gateway whose callback was lost: the origin stopped right after. */
    async function approvedButNeverCompleted(): Promise<InitializedOrder> {
      const answer = await checkout.initialize(await checkout.orderRequest(items));
      expect(answer.statusCode, answer.body).toBe(201);
      const order = answer.json() as InitializedOrder;
      await createTestGateway(origin.db).decide(order.paymentId, { status: 'approved', method: 'card:visa' });
      expect(await orderStatus(order.orderId)).toBe('pending');
      return order;
    }

    async function orderStatus(orderId: string) {
      const row = await origin.db
        .selectFrom('shop_orders')
        .select('status')
        .where('id', '=', orderId)
        .executeTakeFirstOrThrow();
      return row.status;
    }

    async function washCodes(orderId: string) {
      const rows = await origin.db
        .selectFrom('shop_wash_codes')
        .select('code')
        .where('order_id', '=', orderId)
        .execute();
      return rows.map((row) => row.code).sort();
    }

    async function receiptMails(orderId: string) {
      return origin.db.selectFrom('outbox').select('id').where('dedupe_key', '=', `receipt-email:${orderId}`).execute();
    }

    describe('reconciliation of approved payments', () => {
      it('completes an approved-but-pending order when the origin starts, and the late browser return finds it done', async () => {
        const order = await approvedButNeverCompleted();
        const declined = (await checkout.initialize(await checkout.orderRequest(items))).json() as InitializedOrder;
        await createTestGateway(origin.db).decide(declined.paymentId, { status: 'declined', method: 'card:visa' });
        // The origin starts again on the same database.
        const restarted = buildOriginApp(origin.db);
        await restarted.ready();
        await restarted.close();
        expect(await orderStatus(order.orderId)).toBe('paid');
        expect(await washCodes(order.orderId)).toHaveLength(10);
        expect(await receiptMails(order.orderId)).toHaveLength(1);
        // A declined payment is left alone.
        expect(await orderStatus(declined.orderId)).toBe('pending');
        expect(await washCodes(declined.orderId)).toEqual([]);
        // The payer's browser comes back late with the signed result: the same receipt, nothing new.
        const result = (await createTestGateway(origin.db).decide(order.paymentId, {
          status: 'approved',
          method: 'card:visa',
        }))!;
        const receipt = (await checkout.post('/digital-order/v1/orders/complete', result)).json() as OrderReceipt;
        expect(receipt).toMatchObject({ status: 'paid', alreadyCompleted: true });
        expect(receipt.items[0]!.washCodes.sort()).toEqual(await washCodes(order.orderId));
        expect(await receiptMails(order.orderId)).toHaveLength(1);
      });

      it('completes each order once when reconciliations run at the same time (several origin processes)', async () => {
        const order = await approvedButNeverCompleted();
        const { seller } = await readCatalogFile('content');
        const services = Array.from({ length: 5 }, () => {
          const work = createOriginUnitOfWork(origin.db);
          return createOrdersService(work.repositories.shop, work.transaction, {
            provider: createTestGateway(origin.db),
            seller,
          });
        });
        const completed = await Promise.all(services.map((service) => service.reconcile()));
        expect(completed.reduce((sum, count) => sum + count, 0)).toBe(1);
        expect(await washCodes(order.orderId)).toHaveLength(10);
        expect(await receiptMails(order.orderId)).toHaveLength(1);
        expect(await services[0]!.reconcile()).toBe(0);
      });

      it('runs periodically while the origin is up', async () => {
        const app = Fastify();
        // The shop writes through the unit of work (its receipts through the outbox's
        // repositories) and takes the customer behind a request from the auth plugin.
        const unitOfWork = createUnitOfWork(origin.db);
        unitOfWork.provide('outbox', createOutboxRepositories);
        await app.register(unitOfWorkPlugin, { unitOfWork });
        await app.register(authPlugin);
        await app.register(shopPlugin, {
          db: origin.db,
          contentDir: 'content',
          env: { ORDER_RECONCILE_INTERVAL_MS: '50' },
        });
        await app.ready();
        try {
          // Approved after the start-up run: only the periodic run can complete it.
          const order = await approvedButNeverCompleted();
          await expect.poll(() => orderStatus(order.orderId), { timeout: 5000 }).toBe('paid');
          expect(await washCodes(order.orderId)).toHaveLength(10);
        } finally {
          await app.close();
        }
      });
    });
  });
});
