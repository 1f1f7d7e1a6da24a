/**
 * customers/v1 customer record (spec §7) and cards. Every customer endpoint takes the
 * customer from the session token alone, so no URL or body can name another customer
 * (docs/accounts.md).
 */
import type { FastifyInstance } from 'fastify';
import { zodRoutes } from '../../common/zod-routes';
import { customersApi } from '#shared/api/customers';
import { routeSchema } from '#shared/api/endpoint';
import { unauthorized } from '../auth/customer-auth';
import { validationFailed } from '../errors';
import { toCustomerRecord } from './customers-repository';
import { detailErrors, storedPhone, type AccountRoutesDeps } from './account-input';

export function customerRoutes(fastify: FastifyInstance, deps: AccountRoutesDeps) {
  const app = zodRoutes(fastify);
  const { customers, cards } = deps.accounts;
  // Signed-in endpoints with a body check the session first (customerSessionGuard).
  const signedIn = deps.auth.sessionGuard();

  app.get('/customers/v1/customer', { schema: routeSchema(customersApi.customer) }, async (request) => {
    const customer = await customers.findById(await deps.auth.requireCustomerId(request));
    if (!customer) throw unauthorized();
    return toCustomerRecord(customer);
  });

  app.put(
    '/customers/v1/customer',
    { schema: routeSchema(customersApi.updateCustomer), onRequest: signedIn.onRequest },
    async (request) => {
      const customerId = signedIn.customerId(request);
      const { body } = request;
      const errors = detailErrors(body);
      if (Object.keys(errors).length > 0) throw validationFailed(errors);
      const customer = await customers.updateDetails(customerId, {
        firstName: body.firstName.trim(),
        lastName: body.lastName.trim(),
        phoneNumber: storedPhone(body.phoneNumber),
        marketing: [...new Set(body.marketing)],
      });
      if (!customer) throw unauthorized();
      return toCustomerRecord(customer);
    },
  );

  app.get('/customers/v1/cards', { schema: routeSchema(customersApi.cards) }, async (request) =>
    cards.listForCustomer(await deps.auth.requireCustomerId(request)),
  );
}
