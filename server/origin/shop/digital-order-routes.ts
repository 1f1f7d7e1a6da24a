/**
 * digital-order endpoints (spec §7, docs/shop.md): cart validation, order initialize and
 * complete, the payment provider's callback, product prices for the shop blocks, and the
 * wash code check. Every body is checked by its route schema (zod, decision 008): a bad
 * one is a 400 naming the field.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { zodRoutes } from '../../common/zod-routes';
import { shopApi } from '#shared/api/shop';
import { routeSchema } from '#shared/api/endpoint';
import { normaliseVerificationCode } from '#shared/shop/verification-code';
import { HttpError } from '../errors';
import { requestLocale } from '../locale-header';
import type { OrdersRepository } from './orders-repository';
import type { ProductsRepository } from './products-repository';
import type { CartPricing } from './cart-pricing';
import type { OrdersService } from './orders-service';

export interface DigitalOrderDeps {
  pricing: CartPricing;
  orders: OrdersService;
  ordersRepository: OrdersRepository;
  products: ProductsRepository;
  /** The signed-in customer's id for the order history, or null for a guest. */
  customerIdOf(request: FastifyRequest): Promise<string | null>;
}

export function digitalOrderRoutes(fastify: FastifyInstance, deps: DigitalOrderDeps) {
  const app = zodRoutes(fastify);
  app.post('/digital-order/v1/cart/validate', { schema: routeSchema(shopApi.validateCart) }, async (request) => {
    const body = request.body;
    const priced = await deps.pricing.price(body.items, {
      locale: requestLocale(request),
      discountCode: body.discountCode,
    });
    return priced.answer;
  });

  app.get('/digital-order/v1/products', { schema: routeSchema(shopApi.products) }, async (request) => {
    const { codes } = request.query;
    // Priced as a cart of one of each, so the shop blocks show exactly what the cart will.
    const found = await deps.products.findActive(codes);
    const known = codes.filter((code, index) => found.has(code) && codes.indexOf(code) === index);
    if (known.length === 0) return { items: [] };
    const priced = await deps.pricing.price(
      known.map((code) => ({ code, quantity: 1, showUpsell: false })),
      { locale: requestLocale(request) },
    );
    // As product input (spec §3) a product offers its upsells by default (showUpsell true).
    return { items: priced.answer.items.map((item) => ({ ...item.product, showUpsell: true })) };
  });

  app.post(
    '/digital-order/v1/orders/initialize',
    { schema: routeSchema(shopApi.initializeOrder) },
    async (request, reply) => {
      const body = request.body;
      const answer = await deps.orders.initialize(body, {
        locale: requestLocale(request),
        customerId: await deps.customerIdOf(request),
      });
      return reply.status(201).send(answer);
    },
  );

  app.post('/digital-order/v1/orders/complete', { schema: routeSchema(shopApi.completeOrder) }, async (request) => {
    const body = request.body;
    return deps.orders.complete(body, 'browser');
  });

  /** The provider's server-to-server callback; not reachable through the site's proxy. */
  app.post('/digital-order/v1/payments/callback', { schema: routeSchema(shopApi.paymentCallback) }, async (request) => {
    const body = request.body;
    const receipt = await deps.orders.complete(body, 'callback');
    return { orderId: receipt.orderId, status: receipt.status };
  });

  app.post('/digital-order/v1/wash-codes/check', { schema: routeSchema(shopApi.checkWashCode) }, async (request) => {
    const { code } = request.body;
    const normalised = normaliseVerificationCode(code);
    if (!/^ST1-\d{1,30}$/.test(normalised)) return { code: normalised, status: 'unknown' as const };
    return { code: normalised, status: await deps.ordersRepository.washCodeStatus(normalised) };
  });

  /** A wash station takes a code (not proxied: stations call the origin directly). */
  app.post(
    '/digital-order/v1/wash-codes/redeem',
    { schema: routeSchema(shopApi.redeemWashCode) },
    async (request, reply) => {
      const { code } = request.body;
      const normalised = normaliseVerificationCode(code);
      const status = await deps.ordersRepository.washCodeStatus(normalised);
      if (status === 'unknown')
        throw new HttpError(404, 'WASH_CODE_UNKNOWN', `Unknown wash code ${normalised.slice(0, 40)}`);
      if (!(await deps.ordersRepository.redeemWashCode(normalised, new Date().toISOString())))
        throw new HttpError(409, 'WASH_CODE_USED', `Wash code ${normalised} has already been used`);
      return reply.send({ code: normalised, status: 'used' });
    },
  );
}
