/**
 * The payment test gateway's pages (docs/shop.md). The site server proxies
 * /payment-gateway/* here, so the browser reaches the hosted page on the site's own host.
 */
import formbody from '@fastify/formbody';
import type { FastifyInstance } from 'fastify';
import { zodRoutes } from '../../common/zod-routes';
import type { AddressInfo } from 'node:net';
import { z } from 'zod';
import type { SignedPaymentResult } from '#shared/shop/api-schema';
import { paymentResultQuery } from '#shared/shop/payment-result-query';
import { HttpError } from '../errors';
import { GATEWAY_CSS, gatewayPageHtml } from './payments/gateway-page';
import { GATEWAY_PATH_PREFIX, type TestGateway } from './payments/test-gateway';
import type { OrdersRepository } from './orders-repository';

const paymentParams = z.object({ paymentId: z.string().regex(/^PAY-[A-Z0-9]{10,40}$/) });
const decisionBody = z
  .object({
    action: z.enum(['approve', 'decline', 'cancel']),
    method: z
      .string()
      .regex(/^(card|bank):[a-z]{2,20}$/)
      .optional(),
  })
  .describe('payment decision (approve, decline or cancel, and a payment method)');
const STATUS_OF_ACTION = { approve: 'approved', decline: 'declined', cancel: 'cancelled' } as const;

export async function paymentGatewayRoutes(
  app: FastifyInstance,
  deps: { gateway: TestGateway; orders: OrdersRepository },
) {
  await app.register(formbody);

  /** Sends the signed result to the shop's callback over HTTP, as a provider would. */
  async function sendCallback(result: SignedPaymentResult): Promise<void> {
    const address = app.server.address() as AddressInfo | null;
    const path = '/digital-order/v1/payments/callback';
    try {
      if (address && typeof address === 'object') {
        const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
        await fetch(`http://${host}:${address.port}${path}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(result),
          signal: AbortSignal.timeout(5000),
        });
      } else {
        // Not listening (tests through inject): the same request, in process.
        await app.inject({ method: 'POST', url: path, payload: result });
      }
    } catch (error) {
      // The browser's return completes the order as well; a lost callback is only logged.
      app.log.warn({ err: error }, 'payment callback failed');
    }
  }

  app.get(`${GATEWAY_PATH_PREFIX}/gateway.css`, async (_request, reply) =>
    reply.type('text/css; charset=utf-8').header('cache-control', 'public, max-age=3600').send(GATEWAY_CSS),
  );

  app.get(`${GATEWAY_PATH_PREFIX}/pay/:paymentId`, async (request, reply) => {
    const params = paymentParams.safeParse(request.params);
    if (!params.success) throw new HttpError(404, 'NOT_FOUND', 'No such payment');
    const payment = await deps.gateway.findPayment(params.data.paymentId);
    if (!payment) throw new HttpError(404, 'NOT_FOUND', 'No such payment');
    const order = await deps.orders.findOrder(payment.order_id);
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(gatewayPageHtml(payment, order?.locale ?? 'fi-FI', GATEWAY_PATH_PREFIX));
  });

  // The payment id is checked here, not in the schema: one that cannot exist is a 404
  // like any unknown payment.
  const api = zodRoutes(app);
  api.post(`${GATEWAY_PATH_PREFIX}/pay/:paymentId`, { schema: { body: decisionBody } }, async (request, reply) => {
    const params = paymentParams.safeParse(request.params);
    if (!params.success) throw new HttpError(404, 'NOT_FOUND', 'No such payment');
    const { action, method } = request.body;
    if (action !== 'cancel' && !method) throw new HttpError(400, 'BAD_REQUEST', 'Choose a card or a bank');
    const payment = await deps.gateway.findPayment(params.data.paymentId);
    if (!payment) throw new HttpError(404, 'NOT_FOUND', 'No such payment');
    const firstDecision = payment.status === 'created';
    const result = await deps.gateway.decide(payment.id, {
      status: STATUS_OF_ACTION[action],
      method: method ?? (payment.method_type === 'bank' ? `bank:${payment.bank ?? 'unknown'}` : 'card:unknown'),
    });
    if (!result) throw new HttpError(404, 'NOT_FOUND', 'No such payment');
    if (firstDecision) await sendCallback(result);
    return reply.redirect(`${payment.return_path}?${paymentResultQuery(result)}`, 303);
  });
}
