/**
 * GET customers/v1/orders: the signed-in customer's orders with their wash codes. The
 * path is the customer API's (the account pages list it), the data the shop's: the
 * customer comes from the auth plugin, so the shop needs nothing of the accounts domain.
 */
import type { FastifyInstance } from 'fastify';
import { customersApi } from '#shared/api/customers';
import { routeSchema } from '#shared/api/endpoint';
import { zodRoutes } from '../../common/zod-routes';
import type { CustomerAuth } from '../auth/auth-plugin';
import type { OrderHistoryRepository } from './order-history-repository';
import { requestLocale } from '../locale-header';

export function orderHistoryRoutes(app: FastifyInstance, deps: { orders: OrderHistoryRepository; auth: CustomerAuth }) {
  const { orders } = deps;
  zodRoutes(app).get('/customers/v1/orders', { schema: routeSchema(customersApi.orders) }, async (request) =>
    orders.listForCustomer(await deps.auth.requireCustomerId(request), requestLocale(request)),
  );
}
