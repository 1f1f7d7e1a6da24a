/**
 * customers/v1 sessions: login (with the per-account limit and the unlock link), the
 * session check and logout. A session's token names the customer for every other
 * customer endpoint (docs/accounts.md).
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import { zodRoutes } from '../../common/zod-routes';
import { customersApi } from '#shared/api/customers';
import { routeSchema } from '#shared/api/endpoint';
import { accountEmail } from './account-emails';
import { bearerToken, unauthorized } from '../auth/customer-auth';
import { dummyPasswordHash, verifyPassword } from '../auth/secrets';
import type { Transact } from '../unit-of-work';
import { HttpError } from '../errors';
import { requestLocale } from '../locale-header';
import { toCustomerRecord } from './customers-repository';
import { LOGIN_FAILURE_LIMIT } from './login-failures-repository';
import { linkOptionsSchema, type AccountRoutesDeps } from './account-input';

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
  transaction: Transact,
  customerId: string,
  recipient: string,
  links: { locale: string; linkBase: string | undefined; domainMode: boolean },
): Promise<void> {
  await transaction(async (tx) => {
    const token = await tx.accounts.tokens.issue(customerId, 'unlock-login');
    await tx.outbox.messages.enqueueEmail({
      recipient,
      ...accountEmail('unlock-login', { ...links, token }),
    });
  });
}

export function sessionRoutes(fastify: FastifyInstance, deps: AccountRoutesDeps) {
  const app = zodRoutes(fastify);
  // The contract's body, with `linkBase` checked against this origin's site URLs.
  const { login } = customersApi;
  const loginSchema = { ...routeSchema(login), body: login.request.body.extend(linkOptionsSchema(deps.siteUrls)) };
  const { customers, tokens, loginFailures } = deps.accounts;
  const { sessions } = deps.auth;

  /**
   * Login. An unknown e-mail and a wrong password get the same 401, after the same
   * scrypt work. A login always starts a new session (rotation); the browser's previous
   * session, if any, is revoked. Failed logins are limited per e-mail (known or not):
   * over the limit the answer is a 429 with retry-after, before any password check,
   * unless the request carries a valid unlock token of that account: the first refusal
   * of a window mails the owner a link with one (docs/accounts.md "Rate limits"), so
   * guessing at someone's address cannot keep its owner out.
   */
  app.post('/customers/v1/sessions', { schema: loginSchema }, async (request, reply) => {
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
          await mailUnlockLink(deps.transaction, customer.id, customer.email, links);
        }
        return lockedOut(reply, attempt.retryAfterSeconds);
      }
      unlockToken = body.unlockToken;
    }
    const valid = await verifyPassword(
      body.password,
      customer?.passwordHash ?? (await dummyPasswordHash(deps.passwordCost)),
    );
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

  app.get('/customers/v1/session', { schema: routeSchema(customersApi.session) }, async (request) => {
    const token = bearerToken(request);
    const session = token ? await sessions.find(token) : undefined;
    if (!session) throw unauthorized();
    return { expiresAt: session.expiresAt };
  });

  app.delete('/customers/v1/session', { schema: routeSchema(customersApi.logout) }, async (request, reply) => {
    const token = bearerToken(request);
    if (token) await sessions.revoke(token);
    return reply.status(204).send();
  });
}
