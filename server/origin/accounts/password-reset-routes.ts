/**
 * customers/v1/password-resets: the mailed reset link (requested, checked on opening,
 * completed). A completed reset confirms the address and ends every session.
 */
import type { FastifyInstance } from 'fastify';
import { zodRoutes } from '../../common/zod-routes';
import { customersApi } from '#shared/api/customers';
import { routeSchema } from '#shared/api/endpoint';
import { validateForm } from '#shared/rules/validation';
import { ACCOUNT_FORM_RULES } from '#shared/rules/forms';
import { accountEmail } from './account-emails';
import { hashPassword } from '../auth/secrets';
import { HttpError, validationFailed } from '../errors';
import { requestLocale } from '../locale-header';
import { createAccountTokensRepository } from './account-tokens-repository';
import { createCustomersRepository } from './customers-repository';
import { createOutboxRepository } from '../outbox/outbox-repository';
import { createSessionsRepository } from '../auth/sessions-repository';
import { linkOptionsSchema, passwordErrors, type AccountRoutesDeps } from './account-input';

export function passwordResetRoutes(fastify: FastifyInstance, deps: AccountRoutesDeps) {
  const app = zodRoutes(fastify);
  // The contract's body, with `linkBase` checked against this origin's site URLs.
  const { requestPasswordReset } = customersApi;
  const resetSchema = {
    ...routeSchema(requestPasswordReset),
    body: requestPasswordReset.request.body.extend(linkOptionsSchema(deps.siteUrls)),
  };
  const customers = createCustomersRepository(deps.db);
  const tokens = createAccountTokensRepository(deps.db);

  /** Always 202: whether an address has an account is not told. */
  app.post('/customers/v1/password-resets', { schema: resetSchema }, async (request, reply) => {
    const locale = requestLocale(request);
    const { body } = request;
    const errors = validateForm({ email: body.email }, { email: ACCOUNT_FORM_RULES.forgotPassword.email });
    if (Object.keys(errors).length > 0) throw validationFailed(errors);
    const customer = await customers.findByEmail(body.email);
    if (customer) {
      // One transaction: the older links end, the new one is stored and mailed together.
      await deps.db.transaction().execute(async (trx) => {
        const token = await createAccountTokensRepository(trx).issue(customer.id, 'reset-password');
        await createOutboxRepository(trx).enqueueEmail({
          recipient: customer.email,
          ...accountEmail('reset-password', {
            locale,
            token,
            linkBase: body.linkBase,
            domainMode: body.domainMode ?? false,
          }),
        });
      });
    }
    return reply.status(202).send({ status: 'sent-if-known' });
  });

  /**
   * Whether a reset link still works, without using it: the reset page asks on opening, so
   * that a used or expired link says so before anyone types a new password twice.
   */
  app.post(
    '/customers/v1/password-resets/check',
    { schema: routeSchema(customersApi.checkResetToken) },
    async (request) => {
      if (!(await tokens.peek(request.body.token, 'reset-password')))
        throw new HttpError(400, 'INVALID_TOKEN', 'The link is not valid or has expired');
      return { valid: true };
    },
  );

  /** A reset sets the password, confirms the address (the mail arrived) and ends all sessions. */
  app.post(
    '/customers/v1/password-resets/complete',
    { schema: routeSchema(customersApi.completePasswordReset) },
    async (request) => {
      const { body } = request;
      const errors = passwordErrors(body.password, 'password');
      if (Object.keys(errors).length > 0) throw validationFailed(errors);
      const passwordHash = await hashPassword(body.password);
      const customerId = await deps.db.transaction().execute(async (trx) => {
        const id = await createAccountTokensRepository(trx).consume(body.token, 'reset-password');
        if (!id) return undefined;
        const trxCustomers = createCustomersRepository(trx);
        await trxCustomers.setPasswordHash(id, passwordHash);
        await trxCustomers.confirmEmail(id);
        await createAccountTokensRepository(trx).revokeAll(id, 'reset-password');
        await createSessionsRepository(trx).revokeAll(id);
        return id;
      });
      if (!customerId) throw new HttpError(400, 'INVALID_TOKEN', 'The link is not valid or has expired');
      return { reset: true };
    },
  );
}
