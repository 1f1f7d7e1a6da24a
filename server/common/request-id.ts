/**
 * One request id per browser request, in both servers' logs (docs/operations.md "Logs",
 * decision 010): the site server takes the `x-request-id` of a proxy it trusts
 * (TRUST_PROXY) or makes one, passes it to the origin on every call, and the origin logs
 * its lines under the same id, so one page view is one grep. An id is written into logs
 * and headers, so only a short value of safe characters is ever taken from a request.
 */
import { randomUUID } from 'node:crypto';
import type { RawRequestDefaultExpression } from 'fastify';

export const REQUEST_ID_HEADER = 'x-request-id';

/** Up to 128 characters, none that could break a log line or a header (UUIDs, hex, trace ids). */
const WELL_FORMED = /^[A-Za-z0-9._:=+/@-]{1,128}$/;

export function isWellFormedRequestId(value: unknown): value is string {
  return typeof value === 'string' && WELL_FORMED.test(value);
}

/**
 * Fastify's `genReqId`: the request's `x-request-id` when its sender (the socket's peer) is
 * trusted and the id is well formed, else a new UUID. Fastify's own `requestIdHeader`
 * would take any sender's header as it is.
 */
export function requestIdGenerator(trustsSender: (address: string) => boolean) {
  return (request: RawRequestDefaultExpression): string => {
    const given = request.headers[REQUEST_ID_HEADER];
    const sender = request.socket?.remoteAddress;
    if (isWellFormedRequestId(given) && sender !== undefined && trustsSender(sender)) return given;
    return randomUUID();
  };
}
