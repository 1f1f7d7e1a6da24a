/**
 * The shape of one endpoint's contract: its method and path, the zod schemas of what it
 * takes (body, query, path parameters) and answers, and the error codes it may refuse
 * with. The origin's routes declare these schemas (`routeSchema`), the site's proxy takes
 * its allow list from them, and the clients take their types from them.
 *
 * Browser code on the landing page's path imports contracts as types only (`import type`),
 * so that no zod reaches it: paths come from ./paths.ts (no zod) and `ResponseOf` ties
 * answers to the table. The shop's chunks, which carry zod anyway, read their answers
 * with the contract itself (src/features/shop/api/shop-api.ts).
 */
import type { z } from '../zod';
import type { ErrorCode } from '../rules/error-codes';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

export type SuccessStatus = 200 | 201 | 202 | 204;

export interface EndpointRequest {
  body?: z.ZodType;
  query?: z.ZodType;
  params?: z.ZodType;
}

export interface Endpoint<
  M extends HttpMethod = HttpMethod,
  P extends string = string,
  R extends EndpointRequest = EndpointRequest,
  A extends z.ZodType = z.ZodType,
  S extends SuccessStatus = SuccessStatus,
> {
  method: M;
  /** Without a leading slash, as the proxy names it: `digital-order/v1/cart/validate`. */
  path: P;
  request: R;
  /** The status of a success; 200 unless the endpoint says otherwise. */
  status?: S;
  /** The answer of a success. */
  response: A;
  /** The codes of the refusals a client may meet beside the general ones. */
  errors: readonly ErrorCode[];
}

/** Declares an endpoint, keeping the literal types of its method, path and schemas. */
export function endpoint<
  const M extends HttpMethod,
  const P extends string,
  R extends EndpointRequest,
  A extends z.ZodType,
  const S extends SuccessStatus = 200,
>(definition: Endpoint<M, P, R, A, S>): Endpoint<M, P, R, A, S> {
  return definition;
}

/** The success status of an endpoint (200 unless it names another). */
export type StatusOf<E extends Endpoint> =
  E extends Endpoint<HttpMethod, string, EndpointRequest, z.ZodType, infer S> ? S : 200;

/** What a client reads from a success: the answer as the origin serialized it. */
export type ResponseOf<E extends Endpoint> = z.output<E['response']>;
/** What a client sends: the body before the origin's defaults and transforms. */
export type BodyOf<E extends Endpoint> = E['request']['body'] extends z.ZodType ? z.input<E['request']['body']> : never;

/**
 * The request parts of an endpoint's route schema only, for a route that sends its answer
 * as ready JSON text (a cached list) which no response type can describe.
 */
export function requestSchema<E extends Endpoint>(
  contract: E,
): { body: E['request']['body']; querystring: E['request']['query']; params: E['request']['params'] } {
  const { body, query, params } = contract.request;
  // Only the parts there are: Fastify warns about a part named without a schema.
  return {
    ...(body ? { body } : {}),
    ...(query ? { querystring: query } : {}),
    ...(params ? { params } : {}),
  } as ReturnType<typeof requestSchema<E>>;
}

/**
 * The Fastify route schema of an endpoint (decision 008): request parts for the zod
 * validator, and the success answer under `response` so that the handler's return type
 * is checked against the contract.
 */
export function routeSchema<E extends Endpoint>(
  contract: E,
): {
  body: E['request']['body'];
  querystring: E['request']['query'];
  params: E['request']['params'];
  response: { [K in StatusOf<E>]: E['response'] };
} {
  return {
    ...requestSchema(contract),
    response: { [contract.status ?? 200]: contract.response } as { [K in StatusOf<E>]: E['response'] },
  };
}
