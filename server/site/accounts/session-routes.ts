/**
 * The session endpoints of the site: /api/v1/auth, login, logout and the password change,
 * the routes that write or clear the HttpOnly session cookie.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { customersApi } from '#shared/api/customers';
import { routeSchema } from '#shared/api/endpoint';
import { siteApi } from '#shared/api/site';
import { assertSameSiteRequest } from './csrf';
import { clearSessionCookie, sessionToken, setSessionCookie } from './session-cookie';
import { HttpError } from '../errors';
import { at, guarded, isRefusal, noStore, type AccountRouteContext } from './account-route-context';

/** Whether the browser's session is one the origin knows; a session it refuses loses its cookie. */
export function authRoute({ app, origin }: AccountRouteContext) {
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
}

export function loginRoutes({ app, origin, limits, linkOptions }: AccountRouteContext) {
  app.post(
    at(siteApi.login),
    { ...guarded(limits.login), schema: routeSchema(siteApi.login) },
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
}

/** A password change ends every session; this browser gets the new one. */
export function changePasswordRoute({ app, origin, limits }: AccountRouteContext) {
  app.post(
    at(siteApi.changePassword),
    { ...guarded(limits.account), schema: routeSchema(siteApi.changePassword) },
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
