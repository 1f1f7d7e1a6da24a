/**
 * CSRF defence for the account and form APIs (docs/accounts.md) and for every POST
 * through /proxy (server/site/routes/proxy.ts: orders, cart validation, wash codes). A
 * state-changing request must carry the x-st1-locale header (a custom header, which
 * another site's page cannot send without a CORS preflight that this server never
 * grants) and, for a POST, an Origin header naming this very site.
 */
import type { FastifyRequest } from 'fastify';
import { isLocale, type Locale } from '#shared/locales';
import { HttpError } from '../errors';

const refused = (message: string) => new HttpError(403, 'FORBIDDEN', message);

/** Checks the request and returns its locale. */
export function assertSameSiteRequest(request: FastifyRequest): Locale {
  const locale = request.headers['x-st1-locale'];
  if (locale === undefined) throw refused('The x-st1-locale header is required');
  if (!isLocale(locale))
    throw new HttpError(400, 'BAD_REQUEST', 'x-st1-locale must be one of fi-FI, en-EU, sv-SE, no-NO');
  const fetchSite = request.headers['sec-fetch-site'];
  if (fetchSite !== undefined && fetchSite !== 'same-origin' && fetchSite !== 'none') {
    throw refused('Cross-site requests are refused');
  }
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    const origin = request.headers.origin;
    if (!origin) throw refused('The Origin header is required');
    if (origin !== `${request.protocol}://${request.host}`) throw refused('Cross-origin requests are refused');
  }
  return locale;
}

/**
 * The same check as an `onRequest` hook, for routes with a body schema: a cross-site
 * request is refused before its body is parsed or validated (a 403, not a 400).
 */
export async function sameSiteRequestsOnly(request: FastifyRequest): Promise<void> {
  assertSameSiteRequest(request);
}
