/**
 * The account and form APIs of the site server (spec §7, docs/accounts.md):
 * /api/v1/auth, /api/v1/login, /api/v1/logout, /api/v1/form/submit and
 * /api/v1/account/* (register, confirm e-mail, password reset and its link check, password
 * change, details).
 * The session token lives only in an HttpOnly cookie; the origin sees it as a bearer
 * token. Every state-changing request passes the CSRF check; login, registration,
 * resets and forms are rate limited per address here; failed logins per account are
 * limited by the origin, which owns the count (this server keeps no state, DESIGN §1).
 */
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { zodRoutes } from '../../common/zod-routes';
import { z } from 'zod';
import { HONEYPOT_FIELD } from '#shared/rules/forms';
import { customersApi, type LinkOptions } from '#shared/api/customers';
import { routeSchema, type BodyOf, type Endpoint } from '#shared/api/endpoint';
import { formsApi } from '#shared/api/forms';
import { siteApi } from '#shared/api/site';
import type { Locale } from '#shared/locales';
import { createAccountOrigin } from '../accounts/account-origin';
import { assertSameSiteRequest, sameSiteRequestsOnly } from '../accounts/csrf';
import { clearSessionCookie, sessionToken, setSessionCookie } from '../accounts/session-cookie';
import type { SiteConfig } from '../config';
import { HttpError } from '../errors';
import { acceptJsonBodiesOnly } from '../json-bodies';
import { publicBase } from '../public-urls';
import type { SharedCounters } from '../shared-counters';
import type { SiteMetrics } from '../site-metrics';

/**
 * Per-address limits (docs/accounts.md), in memory per site server copy, or shared by all
 * copies in Redis with REDIS_URL (shared-counters.ts). The per-account
 * limit on failed logins is the origin's (LOGIN_FAILURE_LIMIT in
 * server/origin/accounts/login-failures-repository.ts), shared by every copy.
 */
export const RATE_LIMITS = {
  loginPerAddress: { max: 20, timeWindow: 60_000 },
  accountPerAddress: { max: 10, timeWindow: 15 * 60_000 },
  formPerAddress: { max: 5, timeWindow: 10 * 60_000 },
} as const;

/** Where a contract of src/shared/api/site.ts is served. */
const at = (contract: Endpoint) => `/${contract.path}`;

/** A refusal of the origin (thrown by `origin.call`, account-origin.ts) with this status. */
const isRefusal = (error: unknown, status?: number): error is HttpError =>
  error instanceof HttpError && error.status < 500 && (status === undefined || error.status === status);

const tooMany = (_request: FastifyRequest, context: { after: string }) =>
  new HttpError(429, 'TOO_MANY_REQUESTS', `Too many attempts, try again in ${context.after}`);

// eslint-disable-next-line max-lines-per-function -- the plugin of the site's account endpoints: each route is a few lines over one shared origin client, session cookie and rate limits; split, every part would take them again
export async function accountRoutes(
  fastify: FastifyInstance,
  options: { config: SiteConfig & { originUrl: string }; counters: SharedCounters; metrics?: SiteMetrics },
) {
  const app = zodRoutes(fastify);
  const origin = createAccountOrigin(options.config.originUrl, {
    timeoutMs: options.config.originTimeoutMs,
    ...(options.metrics ? { metrics: options.metrics } : {}),
  });
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: tooMany,
    hook: 'preHandler',
    ...options.counters.rateLimitOptions('account'),
  });

  // JSON bodies only, anything else is a 400 (form posts are not accepted: the pages post
  // JSON with fetch, and other sites' HTML forms cannot).
  acceptJsonBodiesOnly(app, 16 * 1024);

  // The group is part of the key: a limiter made with app.rateLimit() has no route of its
  // own, and in Redis every such limiter shares one key prefix.
  const perAddress = (limit: { max: number; timeWindow: number }, groupId: string) =>
    app.rateLimit({
      ...limit,
      groupId,
      keyGenerator: (request: FastifyRequest) => `${groupId}|${request.ip}`,
      errorResponseBuilder: tooMany,
    });
  // Failed logins per account are counted by the origin (its 429 and retry-after are
  // passed on below), so that every copy of this server shares one count.
  const loginLimit = perAddress(RATE_LIMITS.loginPerAddress, 'login-address');
  const accountLimit = perAddress(RATE_LIMITS.accountPerAddress, 'account-address');
  const formLimit = perAddress(RATE_LIMITS.formPerAddress, 'form-address');
  // Opening a reset link checks it: counted apart, so that opening the page does not use
  // up the attempts of the reset itself (a token is 256 random bits: nothing to guess).
  const resetCheckLimit = perAddress(RATE_LIMITS.accountPerAddress, 'reset-check-address');
  /**
   * A route with a body schema: the address limit and the CSRF check run on request,
   * before the body is validated, so that a refused or limited request is answered as
   * such whatever its body. The handler reads the locale with the same (pure) check.
   */
  const guarded = (limit: typeof loginLimit) => ({ onRequest: [limit, sameSiteRequestsOnly] });

  /**
   * Links in e-mails: built from the configuration (public-urls.ts), never from the
   * request's Host or body, so a forged Host or a `linkBase` field cannot redirect a
   * genuine token to another site (docs/security.md).
   */
  function linkOptions(request: FastifyRequest, locale: Locale): LinkOptions {
    const base = publicBase(options.config, request, locale);
    return { linkBase: base.origin, domainMode: base.domainMode };
  }

  const noStore = (reply: FastifyReply) => reply.header('cache-control', 'no-store');

  app.get(at(siteApi.auth), { schema: routeSchema(siteApi.auth) }, async (request, reply) => {
    noStore(reply);
    const token = sessionToken(request);
    let authorized = false;
    if (token) {
      authorized = await origin.call(customersApi.session, { locale: 'fi-FI', token }).then(
        () => true,
        (error: unknown) => {
          if (isRefusal(error)) return false;
          throw error;
        },
      );
      if (!authorized) clearSessionCookie(request, reply);
    }
    return reply
      .status(204)
      .header('user-status', authorized ? 'AUTHORIZED' : 'UNAUTHORIZED')
      .send();
  });

  app.post(
    at(siteApi.login),
    { ...guarded(loginLimit), schema: routeSchema(siteApi.login) },
    async (request, reply) => {
      const locale = assertSameSiteRequest(request);
      const { email, password, unlockToken } = request.body;
      const previousToken = sessionToken(request);
      const answer = await origin.call(customersApi.login, {
        locale,
        // Link options: the first refused attempt mails the owner an unlock link.
        body: { email, password, unlockToken, previousToken, ...linkOptions(request, locale) },
      });
      noStore(reply);
      setSessionCookie(request, reply, answer.body.token, answer.body.expiresAt);
      return reply.status(200).header('user-status', 'AUTHORIZED').send({ status: 'AUTHORIZED' });
    },
  );

  const logout = async (request: FastifyRequest, reply: FastifyReply) => {
    const locale = assertSameSiteRequest(request);
    const token = sessionToken(request);
    if (token) await origin.call(customersApi.logout, { locale, token });
    clearSessionCookie(request, reply);
    return noStore(reply).status(204).header('user-status', 'UNAUTHORIZED').send();
  };
  app.get(at(siteApi.logout), { schema: routeSchema(siteApi.logout) }, logout);
  app.post(at(siteApi.logoutByPost), { schema: routeSchema(siteApi.logoutByPost) }, logout);

  // The browser's form body is the origin's; the honeypot field is taken out before it goes on.
  app.post(
    at(siteApi.formSubmit),
    { ...guarded(formLimit), schema: routeSchema(siteApi.formSubmit) },
    async (request, reply) => {
      const locale = assertSameSiteRequest(request);
      const { body } = request;
      noStore(reply);
      const { [HONEYPOT_FIELD]: honeypot, ...fields } = body.fields;
      // A filled honeypot is a bot: it is told "sent" so that it learns nothing, and nothing is stored.
      if (honeypot) {
        request.log.info('form submission dropped: honeypot filled');
        return reply.status(201).send({ status: 'SENT' });
      }
      await origin.call(formsApi.submit, {
        locale,
        token: sessionToken(request),
        body: { form: body.form, fields },
      });
      return reply.status(201).send({ status: 'SENT' });
    },
  );

  /**
   * An origin call with a body built from the request's parsed, named fields (`originBody`),
   * never the browser's body itself; its answer is passed on.
   */
  const forward =
    <Body, E extends Endpoint>(
      contract: E,
      options: {
        withSession?: boolean;
        originBody: (body: Body, request: FastifyRequest, locale: Locale) => BodyOf<E>;
      },
    ) =>
    async (request: FastifyRequest<{ Body: Body }>, reply: FastifyReply) => {
      const locale: Locale = assertSameSiteRequest(request);
      const token = options.withSession ? sessionToken(request) : undefined;
      if (options.withSession && !token) throw new HttpError(401, 'UNAUTHORIZED', 'Log in first');
      const answer = await origin
        .call(contract, {
          locale,
          token,
          // The route's schema parsed the body; Fastify cannot carry its type through this generic.
          body: options.originBody(request.body as Body, request, locale),
        })
        .catch((error: unknown) => {
          // A session the origin no longer knows: the cookie goes too (the refusal still answers).
          if (options.withSession && isRefusal(error, 401)) clearSessionCookie(request, reply);
          throw error;
        });
      noStore(reply);
      return reply.status(answer.status).send(answer.body);
    };

  const details = (body: BodyOf<typeof siteApi.updateCustomer>) => ({
    firstName: body.firstName,
    lastName: body.lastName,
    phoneNumber: body.phoneNumber,
    marketing: body.marketing,
  });

  app.post(
    at(siteApi.register),
    { ...guarded(accountLimit), schema: routeSchema(siteApi.register) },
    forward(customersApi.register, {
      originBody: (body: BodyOf<typeof siteApi.register>, request, locale) => ({
        ...details(body),
        email: body.email,
        password: body.password,
        ...linkOptions(request, locale),
      }),
    }),
  );
  app.post(
    at(siteApi.forgotPassword),
    { ...guarded(accountLimit), schema: routeSchema(siteApi.forgotPassword) },
    forward(customersApi.requestPasswordReset, {
      originBody: (body: BodyOf<typeof siteApi.forgotPassword>, request, locale) => ({
        email: body.email,
        ...linkOptions(request, locale),
      }),
    }),
  );
  app.post(
    at(siteApi.confirmEmail),
    { ...guarded(accountLimit), schema: routeSchema(siteApi.confirmEmail) },
    forward(customersApi.confirmEmail, {
      originBody: (body: z.output<typeof siteApi.confirmEmail.request.body>) =>
        body.token !== undefined ? { token: body.token } : { email: body.email, code: body.code },
    }),
  );
  app.post(
    at(siteApi.resetPassword),
    { ...guarded(accountLimit), schema: routeSchema(siteApi.resetPassword) },
    forward(customersApi.completePasswordReset, {
      originBody: (body: BodyOf<typeof siteApi.resetPassword>) => ({ token: body.token, password: body.password }),
    }),
  );
  app.post(
    at(siteApi.checkResetToken),
    { ...guarded(resetCheckLimit), schema: routeSchema(siteApi.checkResetToken) },
    forward(customersApi.checkResetToken, {
      originBody: (body: BodyOf<typeof siteApi.checkResetToken>) => ({ token: body.token }),
    }),
  );
  app.post(
    at(siteApi.updateCustomer),
    { onRequest: sameSiteRequestsOnly, schema: routeSchema(siteApi.updateCustomer) },
    forward(customersApi.updateCustomer, { withSession: true, originBody: details }),
  );

  /** A password change ends every session; this browser gets the new one. */
  app.post(
    at(siteApi.changePassword),
    { ...guarded(accountLimit), schema: routeSchema(siteApi.changePassword) },
    async (request, reply) => {
      const locale = assertSameSiteRequest(request);
      const token = sessionToken(request);
      if (!token) throw new HttpError(401, 'UNAUTHORIZED', 'Log in first');
      const { currentPassword, newPassword } = request.body;
      const answer = await origin
        .call(customersApi.changePassword, { locale, token, body: { currentPassword, newPassword } })
        .catch((error: unknown) => {
          if (isRefusal(error, 401)) clearSessionCookie(request, reply);
          throw error;
        });
      noStore(reply);
      setSessionCookie(request, reply, answer.body.token, answer.body.expiresAt);
      return reply.status(200).send({ status: 'CHANGED' });
    },
  );
}
