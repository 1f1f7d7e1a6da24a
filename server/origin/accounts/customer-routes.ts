/**
 * customers/v1: sessions (login, check, logout), the customer record (spec §7), cards,
 * order history, registration with e-mail confirmation, and password change and reset.
 * Every customer endpoint takes the customer from the session token alone, so no URL
 * or body can name another customer (docs/accounts.md).
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import { zodRoutes } from '../../common/zod-routes';
import { z } from 'zod';
import {
  confirmEmailRequest,
  detailsRequest,
  loginRequest,
  passwordChangeRequest,
  registerRequest,
  resetCompleteRequest,
  resetRequest,
  tokenRequest,
} from '#shared/api/customers';
import { readPhone } from '#shared/validation/phone';
import { validateForm, type ValidationMessage } from '#shared/validation/rules';
import { ACCOUNT_FORM_RULES } from '#shared/validation/forms';
import { accountEmail } from './account-emails';
import { bearerToken, customerSessionGuard, requireCustomerId, unauthorized } from './customer-auth';
import { dummyPasswordHash, hashPassword, verifyPassword } from './secrets';
import type { Db } from '../db';
import { HttpError, validationFailed } from '../errors';
import { requestLocale } from '../locale-header';
import { createAccountTokensRepository } from './account-tokens-repository';
import { createCardsRepository } from './cards-repository';
import { createCustomersRepository, toCustomerRecord } from './customers-repository';
import { LOGIN_FAILURE_LIMIT, createLoginFailuresRepository } from './login-failures-repository';
import { createOrderHistoryRepository } from '../shop/order-history-repository';
import { createOutboxRepository } from '../outbox/outbox-repository';
import { createSessionsRepository } from './sessions-repository';

/**
 * Link options, computed by the site server (server/site/public-urls.ts). A link base must
 * be one of the configured site origins (SITE_URLS), or, with none configured, a loopback
 * origin: a forged one would mail a genuine token to someone else's site.
 */
function linkOptionsSchema(siteUrls: readonly string[]) {
  const allowed = new Set(siteUrls);
  const isAllowed = (value: string) => {
    const url = new URL(value);
    if (url.origin !== value) return false;
    if (allowed.size > 0) return allowed.has(url.origin);
    return (url.protocol === 'http:' || url.protocol === 'https:') && LOOPBACK_HOSTS.has(url.hostname);
  };
  return {
    linkBase: z
      .string()
      .url()
      .max(200)
      .refine(isAllowed, 'linkBase is not a configured site URL (SITE_URLS)')
      .optional(),
    domainMode: z.boolean().optional(),
  };
}
const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * The details rules of spec §5, on the server's field names. The phone, when given, must
 * pass the one phone rule in international form (+358/+46/+47, a possible number).
 */
function detailErrors(details: z.infer<typeof detailsRequest>): Record<string, ValidationMessage> {
  const errors = validateForm(
    { firstname: details.firstName, lastname: details.lastName },
    { firstname: ACCOUNT_FORM_RULES.details.firstname, lastname: ACCOUNT_FORM_RULES.details.lastname },
  );
  if (details.phoneNumber.trim() !== '' && !readPhone(details.phoneNumber))
    errors.telephoneNumber = { id: 'validation.phone' };
  return errors;
}

/** The stored form of a phone that passed `detailErrors`: E.164, or '' for none. */
function storedPhone(phoneNumber: string): string {
  return readPhone(phoneNumber)?.e164 ?? '';
}

function passwordErrors(password: string, field: string): Record<string, ValidationMessage> {
  return validateForm({ [field]: password }, { [field]: ACCOUNT_FORM_RULES.register.password });
}

export function customerRoutes(fastify: FastifyInstance, deps: { db: Db; siteUrls: readonly string[] }) {
  const app = zodRoutes(fastify);
  const linkOptions = linkOptionsSchema(deps.siteUrls);
  const loginBody = loginRequest.extend({ previousToken: z.string().max(100).optional(), ...linkOptions });
  const registerBody = registerRequest.extend(linkOptions);
  const resetRequestBody = resetRequest.extend(linkOptions);
  const customers = createCustomersRepository(deps.db);
  const sessions = createSessionsRepository(deps.db);
  const tokens = createAccountTokensRepository(deps.db);
  const cards = createCardsRepository(deps.db);
  const orders = createOrderHistoryRepository(deps.db);
  const loginFailures = createLoginFailuresRepository(deps.db);
  // Signed-in endpoints with a body check the session first (customerSessionGuard).
  const signedIn = customerSessionGuard(sessions);

  /**
   * Login. An unknown e-mail and a wrong password get the same 401, after the same
   * scrypt work. A login always starts a new session (rotation); the browser's previous
   * session, if any, is revoked. Failed logins are limited per e-mail (known or not):
   * over the limit the answer is a 429 with retry-after, before any password check,
   * unless the request carries a valid unlock token of that account: the first refusal
   * of a window mails the owner a link with one (docs/accounts.md "Rate limits"), so
   * guessing at someone's address cannot keep its owner out.
   */
  app.post('/customers/v1/sessions', { schema: { body: loginBody } }, async (request, reply) => {
    const { body } = request;
    const attempt = await loginFailures.countAttempt(body.email);
    const customer = await customers.findByEmail(body.email);
    let unlockToken: string | undefined;
    if (!attempt.allowed) {
      const unlocks =
        body.unlockToken !== undefined &&
        customer !== undefined &&
        (await tokens.peek(body.unlockToken, 'unlock-login')) === customer.id;
      if (!unlocks) {
        if (attempt.firstRefusal && customer) {
          const links = {
            locale: requestLocale(request),
            linkBase: body.linkBase,
            domainMode: body.domainMode ?? false,
          };
          await mailUnlockLink(customer.id, customer.email, links);
        }
        return lockedOut(reply, attempt.retryAfterSeconds);
      }
      unlockToken = body.unlockToken;
    }
    const valid = await verifyPassword(body.password, customer?.passwordHash ?? (await dummyPasswordHash()));
    // A refusal leaves the attempt counted; a right password (confirmed or not) clears the count.
    if (!customer || !valid) throw new HttpError(401, 'INVALID_CREDENTIALS', 'Wrong e-mail or password');
    // The unlock link is used up by the login it let in (not by a mistyped password).
    if (unlockToken && !(await tokens.consume(unlockToken, 'unlock-login')))
      return lockedOut(reply, LOGIN_FAILURE_LIMIT.windowMs / 1000);
    await loginFailures.clear(body.email);
    if (!customer.emailConfirmed)
      throw new HttpError(403, 'EMAIL_NOT_CONFIRMED', 'The e-mail address is not confirmed yet');
    if (body.previousToken) await sessions.revoke(body.previousToken);
    const session = await sessions.create(customer.id);
    return reply.status(201).send({ ...session, customer: toCustomerRecord(customer) });
  });

  /**
   * The 429 of a locked account: the same for known and unknown addresses. `reason` lets
   * the login form say how long to wait and that the owner has been mailed a link.
   */
  function lockedOut(reply: FastifyReply, retryAfterSeconds: number) {
    const after = Math.ceil(retryAfterSeconds);
    return reply
      .status(429)
      .header('retry-after', String(after))
      .send({
        status: 429,
        code: 'TOO_MANY_REQUESTS',
        message: `Too many attempts, try again in ${after} s`,
        reason: 'account-locked',
      });
  }

  /** The unlock link, with the token issued and the mail queued in one transaction. */
  async function mailUnlockLink(
    customerId: string,
    recipient: string,
    links: { locale: string; linkBase: string | undefined; domainMode: boolean },
  ): Promise<void> {
    await deps.db.transaction().execute(async (trx) => {
      const token = await createAccountTokensRepository(trx).issue(customerId, 'unlock-login');
      await createOutboxRepository(trx).enqueueEmail({
        recipient,
        ...accountEmail('unlock-login', { ...links, token }),
      });
    });
  }

  app.get('/customers/v1/session', async (request) => {
    const token = bearerToken(request);
    const session = token ? await sessions.find(token) : undefined;
    if (!session) throw unauthorized();
    return { expiresAt: session.expiresAt };
  });

  app.delete('/customers/v1/session', async (request, reply) => {
    const token = bearerToken(request);
    if (token) await sessions.revoke(token);
    return reply.status(204).send();
  });

  app.get('/customers/v1/customer', async (request) => {
    const customer = await customers.findById(await requireCustomerId(request, sessions));
    if (!customer) throw unauthorized();
    return toCustomerRecord(customer);
  });

  app.put(
    '/customers/v1/customer',
    { schema: { body: detailsRequest }, onRequest: signedIn.onRequest },
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

  app.get('/customers/v1/cards', async (request) => cards.listForCustomer(await requireCustomerId(request, sessions)));

  app.get('/customers/v1/orders', async (request) =>
    orders.listForCustomer(await requireCustomerId(request, sessions), requestLocale(request)),
  );

  /** A password change revokes every session of the customer and starts a new one here. */
  app.post(
    '/customers/v1/password',
    { schema: { body: passwordChangeRequest }, onRequest: signedIn.onRequest },
    async (request) => {
      const customerId = signedIn.customerId(request);
      const { body } = request;
      const errors = passwordErrors(body.newPassword, 'newPassword');
      if (Object.keys(errors).length > 0) throw validationFailed(errors);
      const customer = await customers.findById(customerId);
      if (!customer) throw unauthorized();
      if (!(await verifyPassword(body.currentPassword, customer.passwordHash))) {
        throw validationFailed({ currentPassword: { id: 'account.errors.wrong-password' } });
      }
      const passwordHash = await hashPassword(body.newPassword);
      return deps.db.transaction().execute(async (trx) => {
        await createCustomersRepository(trx).setPasswordHash(customerId, passwordHash);
        // A reset link mailed before the change must not undo it.
        await createAccountTokensRepository(trx).revokeAll(customerId, 'reset-password');
        const trxSessions = createSessionsRepository(trx);
        await trxSessions.revokeAll(customerId);
        return trxSessions.create(customerId);
      });
    },
  );

  /**
   * Registration. The answer is the same 202 whether or not the e-mail already has an
   * account (no account discovery); the owner of a taken address gets a notice instead.
   */
  app.post('/customers/v1/registrations', { schema: { body: registerBody } }, async (request, reply) => {
    const locale = requestLocale(request);
    const { body } = request;
    const errors = {
      ...detailErrors(body),
      ...validateForm({ email: body.email }, { email: ACCOUNT_FORM_RULES.register.email }),
      ...passwordErrors(body.password, 'password'),
    };
    if (Object.keys(errors).length > 0) throw validationFailed(errors);
    const passwordHash = await hashPassword(body.password);
    const links = { locale, linkBase: body.linkBase, domainMode: body.domainMode ?? false };
    await deps.db.transaction().execute(async (trx) => {
      const created = await createCustomersRepository(trx).insert({
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
        const { token, code } = await createAccountTokensRepository(trx).issueWithCode(created.id, 'confirm-email');
        await createOutboxRepository(trx).enqueueEmail({
          recipient,
          ...accountEmail('confirm-email', { ...links, token, code }),
        });
      } else {
        await createOutboxRepository(trx).enqueueEmail({ recipient, ...accountEmail('already-registered', links) });
      }
    });
    return reply.status(202).send({ status: 'pending-confirmation' });
  });

  /**
   * Confirms an address by the link's token, or by the address and the six-digit code of
   * the same mail. An unknown address and a wrong code get the same answer.
   */
  app.post('/customers/v1/email-confirmations', { schema: { body: confirmEmailRequest } }, async (request) => {
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

  /** Always 202: whether an address has an account is not told. */
  app.post('/customers/v1/password-resets', { schema: { body: resetRequestBody } }, async (request, reply) => {
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
  app.post('/customers/v1/password-resets/check', { schema: { body: tokenRequest } }, async (request) => {
    if (!(await tokens.peek(request.body.token, 'reset-password')))
      throw new HttpError(400, 'INVALID_TOKEN', 'The link is not valid or has expired');
    return { valid: true };
  });

  /** A reset sets the password, confirms the address (the mail arrived) and ends all sessions. */
  app.post('/customers/v1/password-resets/complete', { schema: { body: resetCompleteRequest } }, async (request) => {
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
  });
}
