/**
 * Paytrail's return and callback (docs/shop.md "Paytrail"), as the site server passes
 * them on (server/site/routes/paytrail.ts): the signed `checkout-*` parameters, checked by
 * the provider. The return answers where to send the payer, with the shop's signed result
 * for the confirmation page; the callback completes the order itself.
 */
import type { FastifyInstance } from 'fastify';
import { zodRoutes } from '../../common/zod-routes';
import { paytrailReturnRequestSchema } from '#shared/shop/paytrail-params';
import type { OrdersService } from './orders-service';
import type { Paytrail } from './payments/paytrail';

const body = paytrailReturnRequestSchema.describe('Paytrail parameters');

export function paytrailRoutes(fastify: FastifyInstance, deps: { paytrail: Paytrail; orders: OrdersService }) {
  const app = zodRoutes(fastify);

  app.post('/digital-order/v1/payments/paytrail/return', { schema: { body } }, async (request) =>
    deps.paytrail.recordReturn(request.body.params),
  );

  app.post('/digital-order/v1/payments/paytrail/callback', { schema: { body } }, async (request, reply) => {
    const { result } = await deps.paytrail.recordReturn(request.body.params);
    // Still open at Paytrail (pending, delayed): its next callback, or reconciliation, decides.
    if (!result) return reply.status(202).send({ status: 'pending' });
    const receipt = await deps.orders.complete(result, 'callback');
    return { orderId: receipt.orderId, status: receipt.status };
  });
}
