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
import { linkOptionsSchema, passwordErrors, type AccountRoutesDeps } from './account-input';

export function passwordResetRoutes(fastify: FastifyInstance, deps: AccountRoutesDeps) {
  const app = zodRoutes(fastify);
  // The contract's body, with `linkBase` checked against this origin's site URLs.
  const { requestPasswordReset } = customersApi;
  const resetSchema = {
    ...routeSchema(requestPasswordReset),
    body: requestPasswordReset.request.body.extend(linkOptionsSchema(deps.siteUrls)),
  };
  const { customers, tokens } = deps.accounts;

  /** Always 202: whether an address has an account is not told. */
  app.post('/customers/v1/password-resets', { schema: resetSchema }, async (request, reply) => {
    const locale = requestLocale(request);
    const { body } = request;
    const errors = validateForm({ email: body.email }, { email: ACCOUNT_FORM_RULES.forgotPassword.email });
    if (Object.keys(errors).length > 0) throw validationFailed(errors);
    const customer = await customers.findByEmail(body.email);
    if (customer) {
      // One transaction: the older links end, the new one is stored and mailed together.
      await deps.transaction(async (tx) => {
        const token = await tx.accounts.tokens.issue(customer.id, 'reset-password');
        await tx.outbox.messages.enqueueEmail({
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
      const passwordHash = await hashPassword(body.password, deps.passwordCost);
      const customerId = await deps.transaction(async (tx) => {
        const { customers: txCustomers, tokens: txTokens } = tx.accounts;
        const id = await txTokens.consume(body.token, 'reset-password');
        if (!id) return undefined;
        await txCustomers.setPasswordHash(id, passwordHash);
        await txCustomers.confirmEmail(id);
        await txTokens.revokeAll(id, 'reset-password');
        await tx.auth.sessions.revokeAll(id);
        return id;
      });
      if (!customerId) throw new HttpError(400, 'INVALID_TOKEN', 'The link is not valid or has expired');
      return { reset: true };
    },
  );
}
