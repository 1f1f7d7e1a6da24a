/**
 * The account endpoints that pass one origin call on as it answers: registration, the
 * e-mail confirmation, the password reset and its link check, and the details update.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { customersApi } from '#shared/api/customers';
import { routeSchema, type BodyOf, type Endpoint } from '#shared/api/endpoint';
import { siteApi } from '#shared/api/site';
import type { Locale } from '#shared/locales';
import { assertSameSiteRequest, sameSiteRequestsOnly } from './csrf';
import { clearSessionCookie, sessionToken } from './session-cookie';
import { HttpError } from '../errors';
import { at, guarded, isRefusal, noStore, type AccountRouteContext } from './account-route-context';

/**
 * An origin call with a body built from the request's parsed, named fields (`originBody`),
 * never the browser's body itself; its answer is passed on.
 */
function forwardTo({ origin }: AccountRouteContext) {
  return <Body, E extends Endpoint>(
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
}

const details = (body: BodyOf<typeof siteApi.updateCustomer>) => ({
  firstName: body.firstName,
  lastName: body.lastName,
  phoneNumber: body.phoneNumber,
  marketing: body.marketing,
});

export function forwardedAccountRoutes(context: AccountRouteContext) {
  const { app, limits, linkOptions } = context;
  const forward = forwardTo(context);
  app.post(
    at(siteApi.register),
    { ...guarded(limits.account), schema: routeSchema(siteApi.register) },
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
    { ...guarded(limits.account), schema: routeSchema(siteApi.forgotPassword) },
    forward(customersApi.requestPasswordReset, {
      originBody: (body: BodyOf<typeof siteApi.forgotPassword>, request, locale) => ({
        email: body.email,
        ...linkOptions(request, locale),
      }),
    }),
  );
  app.post(
    at(siteApi.confirmEmail),
    { ...guarded(limits.account), schema: routeSchema(siteApi.confirmEmail) },
    forward(customersApi.confirmEmail, {
      originBody: (body: z.output<typeof siteApi.confirmEmail.request.body>) =>
        body.token !== undefined ? { token: body.token } : { email: body.email, code: body.code },
    }),
  );
  app.post(
    at(siteApi.resetPassword),
    { ...guarded(limits.account), schema: routeSchema(siteApi.resetPassword) },
    forward(customersApi.completePasswordReset, {
      originBody: (body: BodyOf<typeof siteApi.resetPassword>) => ({ token: body.token, password: body.password }),
    }),
  );
  app.post(
    at(siteApi.checkResetToken),
    { ...guarded(limits.resetCheck), schema: routeSchema(siteApi.checkResetToken) },
    forward(customersApi.checkResetToken, {
      originBody: (body: BodyOf<typeof siteApi.checkResetToken>) => ({ token: body.token }),
    }),
  );
  app.post(
    at(siteApi.updateCustomer),
    { onRequest: sameSiteRequestsOnly, schema: routeSchema(siteApi.updateCustomer) },
    forward(customersApi.updateCustomer, { withSession: true, originBody: details }),
  );
}
