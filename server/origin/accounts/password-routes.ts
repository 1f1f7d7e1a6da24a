/** customers/v1/password: the signed-in customer's password change. */
import type { FastifyInstance } from 'fastify';
import { zodRoutes } from '../../common/zod-routes';
import { WRONG_PASSWORD_MESSAGE_ID, customersApi } from '#shared/api/customers';
import { routeSchema } from '#shared/api/endpoint';
import { unauthorized } from '../auth/customer-auth';
import { hashPassword, verifyPassword } from '../auth/secrets';
import { validationFailed } from '../errors';
import { passwordErrors, type AccountRoutesDeps } from './account-input';

export function passwordRoutes(fastify: FastifyInstance, deps: AccountRoutesDeps) {
  const app = zodRoutes(fastify);
  const { customers } = deps.accounts;
  // Signed-in endpoints with a body check the session first (customerSessionGuard).
  const signedIn = deps.auth.sessionGuard();

  /** A password change revokes every session of the customer and starts a new one here. */
  app.post(
    '/customers/v1/password',
    { schema: routeSchema(customersApi.changePassword), onRequest: signedIn.onRequest },
    async (request) => {
      const customerId = signedIn.customerId(request);
      const { body } = request;
      const errors = passwordErrors(body.newPassword, 'newPassword');
      if (Object.keys(errors).length > 0) throw validationFailed(errors);
      const customer = await customers.findById(customerId);
      if (!customer) throw unauthorized();
      if (!(await verifyPassword(body.currentPassword, customer.passwordHash))) {
        throw validationFailed({ currentPassword: { id: WRONG_PASSWORD_MESSAGE_ID } });
      }
      const passwordHash = await hashPassword(body.newPassword, deps.passwordCost);
      return deps.transaction(async (tx) => {
        await tx.accounts.customers.setPasswordHash(customerId, passwordHash);
        // A reset link mailed before the change must not undo it.
        await tx.accounts.tokens.revokeAll(customerId, 'reset-password');
        await tx.auth.sessions.revokeAll(customerId);
        return tx.auth.sessions.create(customerId);
      });
    },
  );
}
