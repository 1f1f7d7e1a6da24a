/**
 * What a shared cache (a CDN, Varnish) may keep of the site server's answers
 * (docs/operations.md "A cache in front", docs/decisions/011-edge-cache.md):
 * - anonymous public pages, their `_payload.json`, sitemaps and manifests are `public`
 *   for a shared cache for `s-maxage`, served stale while one request refreshes them
 *   (`stale-while-revalidate`) and while the site cannot answer (`stale-if-error`);
 *   browsers (`max-age=0`) revalidate every time, by a weak ETag, and get a 304;
 * - each carries its surrogate keys (`Surrogate-Key` for CDNs, `xkey` for Varnish's
 *   xkey module), so that the origin purges exactly what a change touches.
 * Whatever a route says, `keepPrivate` (an onSend hook) makes an answer `private` when it
 * was asked for with a session, sets a cookie or answers anything but a GET or HEAD.
 */
import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import fresh from 'fresh';
import { SESSION_COOKIE } from './accounts/session-cookie';

/** How long a shared cache serves an answer without asking (N). */
const SHARED_MAX_AGE_S = 60;
/** How long after that it serves the stale copy while one request refreshes it (M). */
const STALE_WHILE_REVALIDATE_S = 60;
/** How long it serves the stale copy while the site answers errors or nothing (E). */
const STALE_IF_ERROR_S = 86_400;

export const PUBLIC_CACHE_CONTROL =
  `public, max-age=0, s-maxage=${SHARED_MAX_AGE_S}, ` +
  `stale-while-revalidate=${STALE_WHILE_REVALIDATE_S}, stale-if-error=${STALE_IF_ERROR_S}`;
/** The public document, answered to one visitor only: the browser may keep it (offline), no shared cache may. */
const PRIVATE_REVALIDATED = 'private, no-cache';
/** Personal data: kept nowhere. */
export const PRIVATE_NO_STORE = 'private, no-store';

/** A weak validator: equal content, equal tag, whatever the content coding (and render time, for documents). */
export function weakEtag(body: string | Buffer): string {
  return `W/"${createHash('sha1').update(body).digest('base64url')}"`;
}

/** Whether the request carries a customer session (any value: a stale one is still someone's). */
function carriesSession(request: FastifyRequest): boolean {
  return request.cookies[SESSION_COOKIE] !== undefined;
}

/**
 * Marks an answer cacheable by shared caches under its surrogate keys, with its ETag, and
 * answers 304 (no body) when the request's If-None-Match already names it.
 * Returns whether it did: then the caller sends nothing more.
 */
export function sendPublic(
  request: FastifyRequest,
  reply: FastifyReply,
  answer: { etag: string; keys: readonly string[] },
): boolean {
  const keys = [...new Set(answer.keys)].join(' ');
  reply.header('cache-control', PUBLIC_CACHE_CONTROL).header('etag', answer.etag);
  if (keys) reply.header('surrogate-key', keys).header('xkey', keys);
  if (reply.statusCode === 200 && fresh(request.headers, { etag: answer.etag })) {
    void reply.status(304).send();
    return true;
  }
  return false;
}

/**
 * The account and form APIs, the origin's APIs through /proxy (the customer's data, orders,
 * prices of a cart), payment returns and callbacks, and preview: personal or one-off by
 * nature, whoever asks.
 */
const PERSONAL_PATHS = /^\/(api|proxy|payment-return|payment-callback|payment-gateway|preview)(\/|\?|$)/;

function isPublic(cacheControl: unknown): boolean {
  return typeof cacheControl === 'string' && /(^|,)\s*(public|s-maxage)/i.test(cacheControl);
}

/**
 * Never shared: an answer to a request with a session, an answer that sets a cookie, an
 * answer to anything but GET/HEAD. A public page becomes `private, no-cache` (the browser
 * and the service worker may still keep it for offline use; it holds no personal data);
 * an answer without a policy, or with `no-store`, becomes `private, no-store`.
 */
function privatise(request: FastifyRequest, reply: FastifyReply): void {
  if (PERSONAL_PATHS.test(request.url)) {
    reply.header('cache-control', PRIVATE_NO_STORE).removeHeader('surrogate-key').removeHeader('xkey');
    return;
  }
  const readOnly = request.method === 'GET' || request.method === 'HEAD';
  if (readOnly && !carriesSession(request) && !reply.hasHeader('set-cookie')) return;
  const current = reply.getHeader('cache-control');
  // A hashed asset or image is the same for everyone; the browser sends the session cookie with it too.
  if (readOnly && /immutable/i.test(String(current)) && !reply.hasHeader('set-cookie')) return;
  const noStore = current === undefined || /no-store/i.test(String(current));
  if (!noStore && /(^|,)\s*private/i.test(String(current))) return;
  reply.header('cache-control', noStore ? PRIVATE_NO_STORE : PRIVATE_REVALIDATED);
  if (isPublic(current)) reply.removeHeader('surrogate-key').removeHeader('xkey');
}

/**
 * What a 304 keeps (RFC 9110 §15.4.5: the headers a 200 would have sent that describe the
 * cached answer): the revalidation of a page then costs a few hundred bytes, not the 1.5 KB
 * of security headers that the stored answer carries already.
 */
const NOT_MODIFIED_HEADERS: ReadonlySet<string> = new Set([
  'cache-control',
  'content-location',
  'date',
  'etag',
  'expires',
  'vary',
  'surrogate-key',
  'xkey',
]);

function trimNotModified(reply: FastifyReply): void {
  for (const name of Object.keys(reply.getHeaders()))
    if (!NOT_MODIFIED_HEADERS.has(name.toLowerCase())) reply.removeHeader(name);
}

export const keepPrivate = fp(
  async (app: FastifyInstance) => {
    app.addHook('onSend', async (request, reply, payload) => {
      privatise(request, reply);
      if (reply.statusCode === 304) trimNotModified(reply);
      return payload;
    });
  },
  { name: 'keep-private', fastify: '5.x' },
);
