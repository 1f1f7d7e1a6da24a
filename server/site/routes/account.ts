/**
 * The account and form APIs of the site server (spec §7, docs/accounts.md):
 * /api/v1/auth, /api/v1/login, /api/v1/logout, /api/v1/form/submit and
 * /api/v1/account/* (register, confirm e-mail, password reset and change, details).
 * The session token lives only in an HttpOnly cookie; the origin sees it as a bearer
 * token. Every state-changing request passes the CSRF check; login, registration,
 * resets and forms are rate limited per address here; failed logins per account are
 * limited by the origin, which owns the count (this server keeps no state, DESIGN §1).
 */
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { zodRoutes } from '../../common/zod-routes';
import { z } from 'zod';
import { CONTACT_FORMS, HONEYPOT_FIELD } from '../../../src/shared/validation/forms';
import type { Locale } from '../../../src/shared/locales';
import { createAccountOrigin, type OriginAnswer } from '../accounts/account-origin';
import { assertSameSiteRequest, sameSiteRequestsOnly } from '../accounts/csrf';
import { clearSessionCookie, sessionToken, setSessionCookie } from '../accounts/session-cookie';
import type { SiteConfig } from '../config';
import { HttpError } from '../errors';
import { acceptJsonBodiesOnly } from '../json-bodies';

/**
 * Per-address limits (docs/accounts.md), in memory per site server copy. The per-account
 * limit on failed logins is the origin's (LOGIN_FAILURE_LIMIT in
 * server/origin/accounts/login-failures-repository.ts), shared by every copy.
 */
export const RATE_LIMITS = {
  loginPerAddress: { max: 20, timeWindow: 60_000 },
  accountPerAddress: { max: 10, timeWindow: 15 * 60_000 },
  formPerAddress: { max: 5, timeWindow: 10 * 60_000 },
} as const;

const loginBody = z.object({
  email: z.string().max(254),
  password: z.string().max(256),
  /** From the unlock link mailed to a locked-out account (docs/accounts.md "Rate limits"). */
  unlockToken: z.string().max(100).optional(),
});
const formBody = z.object({
  form: z.enum(CONTACT_FORMS),
  fields: z.record(z.string().max(40), z.string().max(5000)),
});
const tokenBody = z.object({ token: z.string().max(200) });
/** The bodies the origin checks field by field: here only their shape, a JSON object. */
const objectBody = z.record(z.string(), z.unknown()).describe('request body (a JSON object)');

/** An origin 4xx goes to the browser as `{ status, code, message, fields? }`, with its retry-after. */
function sendOriginError(reply: FastifyReply, answer: OriginAnswer) {
  const body = (answer.body && !Array.isArray(answer.body) ? answer.body : {}) as Record<string, unknown>;
  if (answer.retryAfter) reply.header('retry-after', answer.retryAfter);
  return reply
    .status(answer.status)
    .header('cache-control', 'no-store')
    .send({
      status: answer.status,
      code: typeof body.code === 'string' ? body.code : 'BAD_REQUEST',
      message: typeof body.message === 'string' ? body.message : 'Request refused',
      ...(body.fields && typeof body.fields === 'object' ? { fields: body.fields } : {}),
      // The origin's per-account lock (the login form tells it from the per-address limit).
      ...(body.reason === 'account-locked' ? { reason: body.reason } : {}),
    });
}

const tooMany = (_request: FastifyRequest, context: { after: string }) =>
  new HttpError(429, 'TOO_MANY_REQUESTS', `Too many attempts, try again in ${context.after}`);

export async function accountRoutes(fastify: FastifyInstance, options: { config: SiteConfig & { originUrl: string } }) {
  const app = zodRoutes(fastify);
  const origin = createAccountOrigin(options.config.originUrl, { timeoutMs: options.config.originTimeoutMs });
  await app.register(rateLimit, { global: false, errorResponseBuilder: tooMany, hook: 'preHandler' });

  // JSON bodies only, anything else is a 400 (form posts are not accepted: the pages post
  // JSON with fetch, and other sites' HTML forms cannot).
  acceptJsonBodiesOnly(app, 16 * 1024);

  const perAddress = (limit: { max: number; timeWindow: number }, groupId: string) =>
    app.rateLimit({ ...limit, groupId, errorResponseBuilder: tooMany });
  // Failed logins per account are counted by the origin (its 429 and retry-after are
  // passed on below), so that every copy of this server shares one count.
  const loginLimit = perAddress(RATE_LIMITS.loginPerAddress, 'login-address');
  const accountLimit = perAddress(RATE_LIMITS.accountPerAddress, 'account-address');
  const formLimit = perAddress(RATE_LIMITS.formPerAddress, 'form-address');
  /**
   * A route with a body schema: the address limit and the CSRF check run on request,
   * before the body is validated, so that a refused or limited request is answered as
   * such whatever its body. The handler reads the locale with the same (pure) check.
   */
  const guarded = (limit: typeof loginLimit) => ({ onRequest: [limit, sameSiteRequestsOnly] });

  /** Links in e-mails use the request's host only when it is known to be ours. */
  function linkOptions(request: FastifyRequest): { linkBase?: string; domainMode: boolean } {
    const hostname = request.hostname.toLowerCase();
    const domainMode = options.config.localeDomains.has(hostname);
    const trusted =
      domainMode ||
      options.config.siteHosts.has(hostname) ||
      hostname === 'localhost' ||
      hostname === '127.0.0.1' ||
      hostname === '[::1]';
    return trusted ? { linkBase: `${request.protocol}://${request.host}`, domainMode } : { domainMode };
  }

  const noStore = (reply: FastifyReply) => reply.header('cache-control', 'no-store');

  app.get('/api/v1/auth', async (request, reply) => {
    noStore(reply);
    const token = sessionToken(request);
    let authorized = false;
    if (token) {
      const answer = await origin.call('GET', 'customers/v1/session', { locale: 'fi-FI', token });
      authorized = answer.status === 200;
      if (!authorized) clearSessionCookie(request, reply);
    }
    return reply
      .status(204)
      .header('user-status', authorized ? 'AUTHORIZED' : 'UNAUTHORIZED')
      .send();
  });

  app.post('/api/v1/login', { ...guarded(loginLimit), schema: { body: loginBody } }, async (request, reply) => {
    const locale = assertSameSiteRequest(request);
    const { body } = request;
    const previousToken = sessionToken(request);
    const answer = await origin.call('POST', 'customers/v1/sessions', {
      locale,
      // Link options: the first refused attempt mails the owner an unlock link.
      body: { ...body, ...(previousToken ? { previousToken } : {}), ...linkOptions(request) },
    });
    noStore(reply);
    if (answer.status !== 201) return sendOriginError(reply, answer);
    const session = answer.body as { token: string; expiresAt: string };
    setSessionCookie(request, reply, session.token, session.expiresAt);
    return reply.status(200).header('user-status', 'AUTHORIZED').send({ status: 'AUTHORIZED' });
  });

  const logout = async (request: FastifyRequest, reply: FastifyReply) => {
    const locale = assertSameSiteRequest(request);
    const token = sessionToken(request);
    if (token) await origin.call('DELETE', 'customers/v1/session', { locale, token });
    clearSessionCookie(request, reply);
    return noStore(reply).status(204).header('user-status', 'UNAUTHORIZED').send();
  };
  app.get('/api/v1/logout', logout);
  app.post('/api/v1/logout', logout);

  app.post('/api/v1/form/submit', { ...guarded(formLimit), schema: { body: formBody } }, async (request, reply) => {
    const locale = assertSameSiteRequest(request);
    const { body } = request;
    noStore(reply);
    const { [HONEYPOT_FIELD]: honeypot, ...fields } = body.fields;
    // A filled honeypot is a bot: it is told "sent" so that it learns nothing, and nothing is stored.
    if (honeypot) {
      request.log.info('form submission dropped: honeypot filled');
      return reply.status(201).send({ status: 'SENT' });
    }
    const answer = await origin.call('POST', 'forms/v1/submissions', {
      locale,
      token: sessionToken(request),
      body: { form: body.form, fields },
    });
    if (answer.status !== 201) return sendOriginError(reply, answer);
    return reply.status(201).send({ status: 'SENT' });
  });

  /** Forwards a JSON body to an origin endpoint and passes its answer on. */
  const forward =
    (method: 'POST' | 'PUT', path: string, options: { withSession?: boolean; withLinks?: boolean; okStatus: number }) =>
    async (request: FastifyRequest, reply: FastifyReply) => {
      const locale: Locale = assertSameSiteRequest(request);
      const body = request.body as z.infer<typeof objectBody>;
      const token = options.withSession ? sessionToken(request) : undefined;
      if (options.withSession && !token) throw new HttpError(401, 'UNAUTHORIZED', 'Log in first');
      const answer = await origin.call(method, path, {
        locale,
        token,
        body: { ...body, ...(options.withLinks ? linkOptions(request) : {}) },
      });
      noStore(reply);
      if (answer.status === 401 && options.withSession) clearSessionCookie(request, reply);
      if (answer.status !== options.okStatus) return sendOriginError(reply, answer);
      return reply.status(answer.status).send(answer.body);
    };

  app.post(
    '/api/v1/account/register',
    { ...guarded(accountLimit), schema: { body: objectBody } },
    forward('POST', 'customers/v1/registrations', { withLinks: true, okStatus: 202 }),
  );
  app.post(
    '/api/v1/account/forgot-password',
    { ...guarded(accountLimit), schema: { body: objectBody } },
    forward('POST', 'customers/v1/password-resets', { withLinks: true, okStatus: 202 }),
  );
  app.post(
    '/api/v1/account/confirm-email',
    { ...guarded(accountLimit), schema: { body: tokenBody } },
    forward('POST', 'customers/v1/email-confirmations', { okStatus: 200 }),
  );
  app.post(
    '/api/v1/account/reset-password',
    { ...guarded(accountLimit), schema: { body: objectBody } },
    forward('POST', 'customers/v1/password-resets/complete', { okStatus: 200 }),
  );
  app.post(
    '/api/v1/account/customer',
    { onRequest: sameSiteRequestsOnly, schema: { body: objectBody } },
    forward('PUT', 'customers/v1/customer', { withSession: true, okStatus: 200 }),
  );

  /** A password change ends every session; this browser gets the new one. */
  app.post('/api/v1/account/password', { preHandler: accountLimit }, async (request, reply) => {
    const locale = assertSameSiteRequest(request);
    const token = sessionToken(request);
    if (!token) throw new HttpError(401, 'UNAUTHORIZED', 'Log in first');
    const answer = await origin.call('POST', 'customers/v1/password', { locale, token, body: request.body ?? {} });
    noStore(reply);
    if (answer.status === 401) clearSessionCookie(request, reply);
    if (answer.status !== 200) return sendOriginError(reply, answer);
    const session = answer.body as { token: string; expiresAt: string };
    setSessionCookie(request, reply, session.token, session.expiresAt);
    return reply.status(200).send({ status: 'CHANGED' });
  });
}
