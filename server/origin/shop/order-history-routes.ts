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
import type { Db } from '../db';
import { requestLocale } from '../locale-header';
import { createOrderHistoryRepository } from './order-history-repository';

export function orderHistoryRoutes(app: FastifyInstance, deps: { db: Db; auth: CustomerAuth }) {
  const orders = createOrderHistoryRepository(deps.db);
  zodRoutes(app).get('/customers/v1/orders', { schema: routeSchema(customersApi.orders) }, async (request) =>
    orders.listForCustomer(await deps.auth.requireCustomerId(request), requestLocale(request)),
  );
}
