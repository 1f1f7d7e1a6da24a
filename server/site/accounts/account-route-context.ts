/**
 * What every group of the site's account endpoints shares (routes/account.ts builds it
 * once per plugin): the zod-typed instance, the one origin client, the per-address
 * limiters, and the checks and headers each route applies the same way.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { LinkOptions } from '#shared/api/customers';
import type { Endpoint } from '#shared/api/endpoint';
import type { Locale } from '#shared/locales';
import type { zodRoutes } from '../../common/zod-routes';
import type { createAccountOrigin } from './account-origin';
import { sameSiteRequestsOnly } from './csrf';
import type { SiteConfig } from '../config';
import { HttpError } from '../errors';
import { publicBase } from '../public-urls';

type AccountApp = ReturnType<typeof zodRoutes>;
type AddressLimit = ReturnType<AccountApp['rateLimit']>;

export interface AccountRouteContext {
  app: AccountApp;
  origin: ReturnType<typeof createAccountOrigin>;
  limits: { login: AddressLimit; account: AddressLimit; form: AddressLimit; resetCheck: AddressLimit };
  /** Links in e-mails, built from the configuration (see `linkOptionsFrom`). */
  linkOptions: (request: FastifyRequest, locale: Locale) => LinkOptions;
}

/** Where a contract of src/shared/api/site.ts is served. */
export const at = (contract: Endpoint) => `/${contract.path}`;

/** A refusal of the origin (thrown by `origin.call`, account-origin.ts) with this status. */
export const isRefusal = (error: unknown, status?: number): error is HttpError =>
  error instanceof HttpError && error.status < 500 && (status === undefined || error.status === status);

export const noStore = (reply: FastifyReply) => reply.header('cache-control', 'no-store');

/**
 * A route with a body schema: the address limit and the CSRF check run on request,
 * before the body is validated, so that a refused or limited request is answered as
 * such whatever its body. The handler reads the locale with the same (pure) check.
 */
export const guarded = (limit: AddressLimit) => ({ onRequest: [limit, sameSiteRequestsOnly] });

/**
 * Links in e-mails: built from the configuration (public-urls.ts), never from the
 * request's Host or body, so a forged Host or a `linkBase` field cannot redirect a
 * genuine token to another site (docs/security.md).
 */
export function linkOptionsFrom(config: SiteConfig) {
  return (request: FastifyRequest, locale: Locale): LinkOptions => {
    const base = publicBase(config, request, locale);
    return { linkBase: base.origin, domainMode: base.domainMode };
  };
}
