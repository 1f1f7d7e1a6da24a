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
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { zodRoutes } from '../../common/zod-routes';
import { createAccountOrigin } from '../accounts/account-origin';
import type { SiteConfig } from '../config';
import { HttpError } from '../errors';
import { acceptJsonBodiesOnly } from '../json-bodies';
import type { SharedCounters } from '../shared-counters';
import type { SiteMetrics } from '../site-metrics';
import { linkOptionsFrom, type AccountRouteContext } from '../accounts/account-route-context';
import { formSubmitRoute } from '../accounts/form-submit-route';
import { forwardedAccountRoutes } from '../accounts/forwarded-account-routes';
import { authRoute, changePasswordRoute, loginRoutes } from '../accounts/session-routes';

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

const tooMany = (_request: FastifyRequest, context: { after: string }) =>
  new HttpError(429, 'TOO_MANY_REQUESTS', `Too many attempts, try again in ${context.after}`);

/**
 * The plugin of the site's account endpoints: one origin client, one JSON-only body
 * parser and one set of per-address limits, shared by the route groups in accounts/
 * (session-routes.ts, form-submit-route.ts, forwarded-account-routes.ts), which sit
 * outside routes/ because a route module imports no other (eslint-layers.js).
 */
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
  const context: AccountRouteContext = {
    app,
    origin,
    limits: {
      // Failed logins per account are counted by the origin (its 429 and retry-after are
      // passed on), so that every copy of this server shares one count.
      login: perAddress(RATE_LIMITS.loginPerAddress, 'login-address'),
      account: perAddress(RATE_LIMITS.accountPerAddress, 'account-address'),
      form: perAddress(RATE_LIMITS.formPerAddress, 'form-address'),
      // Opening a reset link checks it: counted apart, so that opening the page does not use
      // up the attempts of the reset itself (a token is 256 random bits: nothing to guess).
      resetCheck: perAddress(RATE_LIMITS.accountPerAddress, 'reset-check-address'),
    },
    linkOptions: linkOptionsFrom(options.config),
  };

  authRoute(context);
  loginRoutes(context);
  formSubmitRoute(context);
  forwardedAccountRoutes(context);
  changePasswordRoute(context);
}
