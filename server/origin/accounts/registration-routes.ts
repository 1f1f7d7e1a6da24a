/**
 * customers/v1 registrations and e-mail confirmations: an account is created unconfirmed
 * and its address confirmed by the mailed link or code.
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
import { linkOptionsSchema, detailErrors, storedPhone, passwordErrors, type AccountRoutesDeps } from './account-input';

export function registrationRoutes(fastify: FastifyInstance, deps: AccountRoutesDeps) {
  const app = zodRoutes(fastify);
  // The contract's body, with `linkBase` checked against this origin's site URLs.
  const { register } = customersApi;
  const registerSchema = {
    ...routeSchema(register),
    body: register.request.body.extend(linkOptionsSchema(deps.siteUrls)),
  };
  const { customers, tokens } = deps.accounts;

  /**
   * Registration. The answer is the same 202 whether or not the e-mail already has an
   * account (no account discovery); the owner of a taken address gets a notice instead.
   */
  app.post('/customers/v1/registrations', { schema: registerSchema }, async (request, reply) => {
    const locale = requestLocale(request);
    const { body } = request;
    const errors = {
      ...detailErrors(body),
      ...validateForm({ email: body.email }, { email: ACCOUNT_FORM_RULES.register.email }),
      ...passwordErrors(body.password, 'password'),
    };
    if (Object.keys(errors).length > 0) throw validationFailed(errors);
    const passwordHash = await hashPassword(body.password, deps.passwordCost);
    const links = { locale, linkBase: body.linkBase, domainMode: body.domainMode ?? false };
    await deps.transaction(async (tx) => {
      const created = await tx.accounts.customers.insert({
        email: body.email,
        passwordHash,
        firstName: body.firstName.trim(),
        lastName: body.lastName.trim(),
        phoneNumber: storedPhone(body.phoneNumber),
        marketing: [...new Set(body.marketing)],
        locale,
      });
      const recipient = body.email.trim().toLowerCase();
      if (created) {
        const { token, code } = await tx.accounts.tokens.issueWithCode(created.id, 'confirm-email');
        await tx.outbox.messages.enqueueEmail({
          recipient,
          ...accountEmail('confirm-email', { ...links, token, code }),
        });
      } else {
        await tx.outbox.messages.enqueueEmail({ recipient, ...accountEmail('already-registered', links) });
      }
    });
    return reply.status(202).send({ status: 'pending-confirmation' });
  });

  /**
   * Confirms an address by the link's token, or by the address and the six-digit code of
   * the same mail. An unknown address and a wrong code get the same answer.
   */
  app.post('/customers/v1/email-confirmations', { schema: routeSchema(customersApi.confirmEmail) }, async (request) => {
    const { body } = request;
    let customerId: string | undefined;
    if (body.token !== undefined) customerId = await tokens.consume(body.token, 'confirm-email');
    else if (body.email !== undefined && body.code !== undefined) {
      const customer = await customers.findByEmail(body.email);
      if (customer) customerId = await tokens.consumeCode(customer.id, body.code, 'confirm-email');
    }
    if (!customerId) throw new HttpError(400, 'INVALID_TOKEN', 'The link is not valid or has expired');
    await customers.confirmEmail(customerId);
    return { confirmed: true };
  });
}
