/**
 * The digital-order calls of spec §7 through the site's proxy, with x-st1-locale, on the
 * shared client: an answer with a status is an ApiError carrying the origin's code; a
 * request that never got an answer (offline, connection lost) is an ApiError that
 * `isTransient` calls "try again later", never a rejection of the cart. Paths, bodies and
 * answers are the contracts' (src/shared/api/shop.ts).
 */
import { fetchJson } from '#shared/api/client';
import type { BodyOf, Endpoint, EndpointRequest, HttpMethod, SuccessStatus } from '#shared/api/endpoint';
import { shopApi as shopContracts } from '#shared/api/shop';
import type { Locale } from '#shared/locales';
import type { z } from '#shared/zod';

export { ApiError, isTransient } from '#shared/api/errors';

type Contracts = typeof shopContracts;

/**
 * One call: the answer is read with the contract's own schema (zod is in the shop's
 * chunks already; the landing page loads none of this), so an answer of another shape is
 * a 'bad-answer' ApiError, never a cart built on a wrong guess.
 */
async function call<R extends EndpointRequest, A extends z.ZodType>(
  contract: Endpoint<HttpMethod, string, R, A, SuccessStatus>,
  locale: Locale,
  options: {
    body?: BodyOf<Endpoint<HttpMethod, string, R, A>>;
    query?: Record<string, string>;
    signal?: AbortSignal | undefined;
  } = {},
): Promise<z.output<A>> {
  return fetchJson(
    { method: contract.method, url: `/proxy/${contract.path}`, headers: { 'x-st1-locale': locale }, ...options },
    (body) => contract.response.parse(body),
  );
}

export const shopApi = {
  validateCart: (request: BodyOf<Contracts['validateCart']>, locale: Locale, signal?: AbortSignal) =>
    call(shopContracts.validateCart, locale, { body: request, signal }),
  products: (codes: string[], locale: Locale, signal?: AbortSignal) =>
    call(shopContracts.products, locale, {
      query: { codes: codes.join(',') },
      signal,
    }),
  initializeOrder: (request: BodyOf<Contracts['initializeOrder']>, locale: Locale) =>
    call(shopContracts.initializeOrder, locale, { body: request }),
  completeOrder: (result: BodyOf<Contracts['completeOrder']>, locale: Locale) =>
    call(shopContracts.completeOrder, locale, { body: result }),
  checkWashCode: (code: string, locale: Locale) => call(shopContracts.checkWashCode, locale, { body: { code } }),
};
