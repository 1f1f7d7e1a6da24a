/**
 * The request a piece of site server code runs for, without passing it down every call:
 * the origin clients (origin-client.ts, accounts/account-origin.ts, routes/paytrail.ts)
 * read the request id here and send it to the origin as `x-request-id` (docs/operations.md
 * "Logs"). Node's AsyncLocalStorage carries it through the request's awaits.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyInstance } from 'fastify';
import { REQUEST_ID_HEADER } from '../common/request-id';

const scope = new AsyncLocalStorage<{ requestId: string }>();

/** The `x-request-id` header for a call to the origin made for the current request; none outside one. */
export function requestIdHeader(): Record<string, string> {
  const store = scope.getStore();
  return store ? { [REQUEST_ID_HEADER]: store.requestId } : {};
}

/**
 * Enters the request's scope in `onRequest`, and again in `preHandler`: a body is read
 * from socket events, whose callbacks run outside the scope, so the handler would
 * otherwise lose it for POSTs. The answer carries the id too, for a visitor to quote.
 */
export function enterRequestScope(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    reply.header(REQUEST_ID_HEADER, request.id);
    scope.run({ requestId: request.id }, done);
  });
  app.addHook('preHandler', (request, _reply, done) => {
    scope.run({ requestId: request.id }, done);
  });
}
