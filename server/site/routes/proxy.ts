/**
 * /proxy/{endpoint}: allow-listed forwarding to the origin with x-st1-locale. Only JSON
 * goes through; the browser's cookies and other headers do not.
 *
 * A GET may leave out the locale (spec §7: default fi-FI). A POST (orders, cart
 * validation, wash-code checks, search) gets the CSRF check of the account APIs
 * (server/site/accounts/csrf.ts, docs/accounts.md "CSRF"): x-st1-locale required, a
 * same-origin Origin, no cross-site Sec-Fetch-Site; otherwise 403 before the origin is
 * asked.
 */
import rateLimit from '@fastify/rate-limit';
import replyFrom from '@fastify/reply-from';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { DEFAULT_LOCALE, isLocale, type Locale } from '#shared/locales';
import { findProxiedEndpoint, PROXY_ALLOW_LIST, type ProxiedEndpoint } from '../proxy-allow-list';
import { HttpError } from '../errors';
import { sessionToken } from '../accounts/session-cookie';
import { assertSameSiteRequest } from '../accounts/csrf';
import { acceptJsonBodiesOnly } from '../json-bodies';
import {
  forwardingOptions,
  isDecodable,
  observedForwarding,
  originFailure,
  retryOnceAfter503,
} from '../origin-forwarding';
import type { SharedCounters } from '../shared-counters';
import type { SiteMetrics } from '../site-metrics';
import { REQUEST_ID_HEADER } from '../../common/request-id';

/** The locale of a GET: the header when given, else fi-FI (spec §7). */
function readLocale(request: FastifyRequest): Locale {
  const header = request.headers['x-st1-locale'];
  const locale = header === undefined || header === '' ? DEFAULT_LOCALE : header;
  if (!isLocale(locale))
    throw new HttpError(400, 'BAD_REQUEST', 'x-st1-locale must be one of fi-FI, en-EU, sv-SE, no-NO');
  return locale;
}

/**
 * The body the origin gets: the browser's JSON parsed with the endpoint's schema, so only
 * the fields it names go on (DESIGN §3: never a browser's body wholesale). A body that
 * does not parse is a 400 here, worded like the origin's.
 */
function originBody(endpoint: ProxiedEndpoint, body: unknown): unknown {
  if (!endpoint.body) return {};
  const parsed = endpoint.body.safeParse(body ?? {});
  if (parsed.success) return parsed.data;
  const problems = parsed.error.issues
    .slice(0, 5)
    .map((issue) => (issue.path.length > 0 ? `${issue.path.join('.')}: ${issue.message}` : issue.message));
  throw new HttpError(400, 'BAD_REQUEST', `Invalid request body: ${problems.join('; ')}`.slice(0, 1000));
}

/**
 * A limit with the name its Redis keys carry (rate-limit-store.ts). `groupId` is an option
 * the plugin takes for every limiter, though its types leave it out of createRateLimit's.
 */
const named = (limit: { max: number; timeWindow: number }, groupId: string) => ({ ...limit, groupId });

export async function proxyRoutes(
  app: FastifyInstance,
  options: { originUrl: string; timeoutMs: number; counters: SharedCounters; metrics?: SiteMetrics },
) {
  await app.register(
    replyFrom,
    forwardingOptions(options.originUrl, { timeoutMs: options.timeoutMs, connections: 32 }),
  );
  const onError = originFailure(options.timeoutMs);

  // Per-address limits of the endpoints that declare one (proxy-allow-list.ts). Counted in
  // this server's memory, or in Redis with REDIS_URL, like the account limits
  // (docs/accounts.md "Rate limits").
  await app.register(rateLimit, { global: false, ...options.counters.rateLimitOptions('proxy') });
  const limiters = new Map(
    PROXY_ALLOW_LIST.filter((endpoint) => endpoint.rateLimit).map((endpoint) => [
      endpoint.path,
      app.createRateLimit({
        ...named(endpoint.rateLimit!, endpoint.path),
        keyGenerator: (request: FastifyRequest) => `${endpoint.path}|${request.ip}`,
      }),
    ]),
  );

  // Bodies must be JSON (anything else is a 400, not the framework's 415).
  acceptJsonBodiesOnly(app, 64 * 1024);

  app.route({
    method: ['GET', 'POST'],
    url: '/proxy/*',
    handler: async (request, reply) => {
      const wildcard = (request.params as { '*': string })['*'];
      const endpoint = findProxiedEndpoint(wildcard, request.method);
      if (!endpoint) throw new HttpError(404, 'NOT_FOUND', `Unknown proxy endpoint: ${wildcard.slice(0, 100)}`);
      const locale = request.method === 'POST' ? assertSameSiteRequest(request) : readLocale(request);
      const limiter = limiters.get(endpoint.path);
      if (limiter) {
        const limit = await limiter(request);
        if (!limit.isAllowed && limit.isExceeded) {
          reply.header('retry-after', limit.ttlInSeconds);
          throw new HttpError(429, 'TOO_MANY_REQUESTS', `Too many requests, try again in ${limit.ttlInSeconds} s`);
        }
      }
      // The customer token never comes from the browser's request, only from its session cookie.
      const token = endpoint.customerSession ? sessionToken(request) : undefined;
      if (endpoint.customerSession === 'required' && !token)
        throw new HttpError(401, 'UNAUTHORIZED', 'No customer session');
      const queryIndex = request.url.indexOf('?');
      const query = queryIndex === -1 ? '' : request.url.slice(queryIndex + 1);
      if (!isDecodable(query))
        throw new HttpError(400, 'BAD_REQUEST', 'Malformed percent-encoding in the query string');
      // The query goes in `queryString`, not in the path: reply-from decodes the path to
      // look for `..` segments, which a search for "../" in the query is not.
      return reply.from(`/${endpoint.path}`, {
        queryString: () => query,
        ...observedForwarding(options.metrics, endpoint.path, onError),
        retryDelay: retryOnceAfter503(options.timeoutMs),
        ...(request.method === 'POST'
          ? { body: JSON.stringify(originBody(endpoint, request.body)), contentType: 'application/json' }
          : {}),
        rewriteRequestHeaders: () => ({
          accept: 'application/json',
          'x-st1-locale': locale,
          [REQUEST_ID_HEADER]: request.id,
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...(request.method === 'POST' ? { 'content-type': 'application/json' } : {}),
          // Conditional GETs (the station list's version ETag) pass through; nothing else does.
          ...(request.method === 'GET' && typeof request.headers['if-none-match'] === 'string'
            ? { 'if-none-match': request.headers['if-none-match'].slice(0, 200) }
            : {}),
        }),
        rewriteHeaders: (headers) => ({
          'content-type': headers['content-type'] ?? 'application/json',
          'cache-control': 'no-store',
          ...(typeof headers.etag === 'string' ? { etag: headers.etag } : {}),
          // A struggling origin's 503 tells the browser when to come back.
          ...(typeof headers['retry-after'] === 'string' ? { 'retry-after': headers['retry-after'] } : {}),
        }),
      });
    },
  });
}
