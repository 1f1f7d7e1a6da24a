/**
 * How the site server forwards requests to the origin with @fastify/reply-from (/proxy/*,
 * /images/*, /payment-gateway/*): bounded undici timeouts, and origin failures answered
 * as clear gateway errors instead of reply-from's defaults (a 500 for a refused
 * connection, and no upper bound at all on a hung origin: it waited 300 s).
 * The page loads of origin-client.ts and the account calls stop after the same time.
 */
import type { FastifyReplyFromHooks } from '@fastify/reply-from';
import { ApiError } from '#shared/api/errors';
import { HttpError } from './errors';
import type { OriginFailure, SiteMetrics } from './site-metrics';

/** Seconds a browser is told to wait before trying again when the origin is down. */
const ORIGIN_RETRY_AFTER_S = 5;

/**
 * Whether a query string's percent-encoding is well formed: reply-from fails on one that is
 * not (a 500), and the origin would have to guess.
 */
export function isDecodable(text: string): boolean {
  try {
    decodeURIComponent(text);
    return true;
  } catch {
    return false;
  }
}

/** reply-from plugin options: the origin as base, its pool size, and every timeout bounded. */
export function forwardingOptions(originUrl: string, options: { timeoutMs: number; connections: number }) {
  return {
    base: originUrl,
    // reply-from's own two info lines per forwarded request; its warnings stay.
    disableRequestLogging: true,
    undici: {
      connections: options.connections,
      pipelining: 1,
      connectTimeout: options.timeoutMs,
      // Time to the answer's headers, and the longest pause between two chunks of its body.
      // undici checks both on its coarse timer (a ~500 ms tick), so they fire 0.5–1 s late.
      headersTimeout: options.timeoutMs,
      bodyTimeout: options.timeoutMs,
    },
  };
}

export const originTimedOut = (timeoutMs: number) =>
  new HttpError(504, 'GATEWAY_TIMEOUT', `The origin did not answer within ${timeoutMs / 1000} s`);

export const originUnavailable = () =>
  new HttpError(503, 'ORIGIN_UNAVAILABLE', 'The origin is not reachable; try again shortly', {
    headers: { 'retry-after': String(ORIGIN_RETRY_AFTER_S) },
  });

/** The origin failed (a 5xx) or answered something else than it should. */
export const originBadGateway = () =>
  new HttpError(502, 'BAD_GATEWAY', 'The origin gave an answer that cannot be passed on');

/** reply-from's `onError` for a failed origin call: the error's `statusCode` says what failed. */
export function originFailure(timeoutMs: number): NonNullable<FastifyReplyFromHooks['onError']> {
  return (reply, { error }) => {
    const status = (error as { statusCode?: number }).statusCode;
    if (status === 504) return void reply.send(originTimedOut(timeoutMs));
    if (status === 502) return void reply.send(originBadGateway());
    // Refused, reset or unresolvable connections (reply-from answers 500 or 503 for them):
    // the origin is down or restarting.
    return void reply.send(originUnavailable());
  };
}

/** How a failed JSON call to the origin counts in the metrics; undefined: it was answered (a 4xx too). */
function failureOf(error: unknown): OriginFailure | undefined {
  if (!(error instanceof ApiError)) return 'bad_answer';
  if (error.failure === 'timeout') return 'timeout';
  if (error.failure === 'network') return 'unreachable';
  if (error.failure === 'bad-answer') return 'bad_answer';
  return error.status >= 500 ? 'server_error' : undefined;
}

/** Times one JSON call to the origin (`endpoint`: its contract path) into the site's metrics. */
export async function observeOriginCall<T>(
  metrics: SiteMetrics | undefined,
  endpoint: string,
  call: () => Promise<T>,
): Promise<T> {
  const done = metrics?.originCall(endpoint);
  try {
    const result = await call();
    done?.();
    return result;
  } catch (error) {
    done?.(failureOf(error));
    throw error;
  }
}

/**
 * reply-from's `onResponse` and `onError` for one forwarded request, timed into the
 * metrics under `endpoint` (an allow-listed path or the forwarded area): to the answer's
 * headers, or to the failure. `onResponse` sends the answer's stream as reply-from does.
 */
export function observedForwarding(
  metrics: SiteMetrics | undefined,
  endpoint: string,
  onError: NonNullable<FastifyReplyFromHooks['onError']>,
) {
  const done = metrics?.originCall(endpoint);
  return {
    onResponse: ((_request, reply, res) => {
      done?.(res.statusCode >= 500 ? 'server_error' : undefined);
      void reply.send(res.stream);
    }) satisfies NonNullable<FastifyReplyFromHooks['onResponse']>,
    onError: ((reply, context) => {
      const status = (context.error as { statusCode?: number }).statusCode;
      done?.(status === 504 ? 'timeout' : status === 502 ? 'bad_answer' : 'unreachable');
      return onError(reply, context);
    }) satisfies NonNullable<FastifyReplyFromHooks['onError']>,
  };
}

/**
 * A Retry-After value (RFC 9110 §10.2.3: delay-seconds or an HTTP date) in milliseconds
 * from `now`, or null when there is none or it cannot be read.
 */
export function retryAfterMs(value: unknown, now: number): number | null {
  const text = Array.isArray(value) ? value[0] : value;
  if (typeof text !== 'string' || text.trim() === '') return null;
  if (/^\s*\d+\s*$/.test(text)) return Number(text) * 1000;
  const date = Date.parse(text);
  return Number.isNaN(date) ? null : Math.max(0, date - now);
}

/**
 * reply-from's `retryDelay` for one forwarded request: at most one retry, of a GET the
 * origin answered 503 with a Retry-After, and only when that wait ends within
 * ORIGIN_TIMEOUT_MS of the first try; otherwise the 503 goes to the browser at once.
 * reply-from's default retried a 503 ten times within ~100 ms and read "Retry-After: 5" as
 * 5 ms: eleven requests toward a struggling origin for every one from a browser.
 * Make one per request: the time budget starts when it is made.
 */
export function retryOnceAfter503(timeoutMs: number, now: () => number = Date.now) {
  const deadline = now() + timeoutMs;
  // reply-from's types call these a Fastify request and reply; they are its undici request
  // options and the origin's raw answer (status code and headers).
  return ({ req, res, attempt }: { req: { method?: string }; res?: unknown; attempt: number }): number | null => {
    const answer = res as { statusCode?: number; headers?: Record<string, unknown> } | null | undefined;
    if (attempt > 0 || req.method !== 'GET' || answer?.statusCode !== 503) return null;
    const delay = retryAfterMs(answer.headers?.['retry-after'], now());
    if (delay === null || now() + delay >= deadline) return null;
    // reply-from takes 0 for "no retry".
    return Math.max(delay, 1);
  };
}
