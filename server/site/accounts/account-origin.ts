/**
 * The site server's calls to the origin's customers/v1 and forms/v1 endpoints, on the
 * shared client (src/shared/api/client.ts): JSON over HTTP with the customer's session
 * token as a bearer token. A success comes back as its status and its body parsed by the
 * contract's response schema; a refusal (4xx)
 * is thrown as the HttpError the browser gets (`originRefusal`); an origin that fails,
 * answers no JSON, cannot be reached or is too slow is a 502, 503 or 504.
 */
import { z } from 'zod';
import { requestJson } from '#shared/api/client';
import type { BodyOf, Endpoint, ResponseOf } from '#shared/api/endpoint';
import { ApiError } from '#shared/api/errors';
import type { Locale } from '#shared/locales';
import { HttpError } from '../errors';
import { observeOriginCall, originBadGateway, originTimedOut, originUnavailable } from '../origin-forwarding';
import { requestIdHeader } from '../request-scope';
import type { SiteMetrics } from '../site-metrics';

/** A success of the origin: its status, and its body as the contract's response schema parsed it. */
export interface OriginAnswer<Body = unknown> {
  status: number;
  body: Body;
}

/**
 * An origin refusal as the browser gets it: status, code, message, the per-field messages
 * and the per-account lock's reason, and its retry-after; nothing else of the origin's body.
 */
function originRefusal(error: ApiError): HttpError {
  const ours = error.code !== 'HTTP_ERROR';
  const retryAfter = error.retryAfterSeconds;
  return new HttpError(error.status, ours ? error.code : 'BAD_REQUEST', ours ? error.message : 'Request refused', {
    details: {
      ...(error.details.fields && typeof error.details.fields === 'object' ? { fields: error.details.fields } : {}),
      // The origin's per-account lock (the login form tells it from the per-address limit).
      ...(error.reason === 'account-locked' ? { reason: error.reason } : {}),
    },
    headers:
      retryAfter !== null && Number.isInteger(retryAfter) && retryAfter < 1e9
        ? { 'retry-after': String(retryAfter) }
        : {},
  });
}

/** What a failed origin call becomes at the site server. */
function siteError(error: unknown, timeoutMs: number): unknown {
  if (!(error instanceof ApiError)) return error;
  if (error.failure === 'timeout') return originTimedOut(timeoutMs);
  if (error.failure === 'network') return originUnavailable();
  if (error.failure === 'bad-answer' || error.status >= 500) return originBadGateway();
  return originRefusal(error);
}

export function createAccountOrigin(baseUrl: string, options: { timeoutMs?: number; metrics?: SiteMetrics } = {}) {
  const timeoutMs = options.timeoutMs ?? 8000;
  /**
   * Calls the origin endpoint of `contract` with a body of its request type, and parses the
   * answer with its response schema: an answer of another shape is a bad answer (502).
   */
  async function call<E extends Endpoint>(
    contract: E,
    init: { locale: Locale; token?: string | undefined; body?: BodyOf<E> },
  ): Promise<OriginAnswer<ResponseOf<E>>> {
    const { method, path } = contract;
    try {
      const answer = await observeOriginCall(options.metrics, path, () =>
        requestJson({
          method,
          url: `${baseUrl}/${path}`,
          name: `Origin ${path}`,
          headers: {
            'x-st1-locale': init.locale,
            ...requestIdHeader(),
            ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
          },
          body: init.body,
          timeoutMs,
        }),
      );
      // An empty body (204) is null to the client and undefined to a contract.
      const body = z.safeParse<E['response']>(contract.response, answer.body ?? undefined);
      if (!body.success)
        throw new ApiError(502, 'BAD_ANSWER', `Origin ${path} answered an unexpected shape`, { failure: 'bad-answer' });
      return { status: answer.status, body: body.data };
    } catch (error) {
      throw siteError(error, timeoutMs);
    }
  }
  return { call };
}
