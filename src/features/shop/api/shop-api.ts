/**
 * The digital-order calls of spec §7 through the site's proxy, with x-st1-locale, on the
 * shared client: an answer with a status is an ApiError carrying the origin's code; a
 * request that never got an answer (offline, connection lost) is an ApiError that
 * `isTransient` calls "try again later", never a rejection of the cart. Paths, bodies and
 * answers are the contracts' (src/shared/api/shop.ts).
 */
import { fetchJson } from '#shared/api/client';
import type { BodyOf, Endpoint, EndpointRequest, HttpMethod, SuccessStatus } from '#shared/api/endpoint';
import type { shopApi as ShopContracts } from '#shared/api/shop';
import type { Locale } from '#shared/locales';
import type { z } from '#shared/zod';

export { ApiError, isTransient } from '#shared/api/errors';

type Contracts = typeof ShopContracts;

/**
 * The contracts, with zod and their schemas (~25 KB gzip and a long module evaluation at a
 * phone's speed), load with the first call: a cart page whose cart is empty (every first
 * visit) makes none, and a cart with items makes its check after the page has shown.
 */
const contracts = (): Promise<Contracts> => import('#shared/api/shop').then((module) => module.shopApi);

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
  validateCart: async (request: BodyOf<Contracts['validateCart']>, locale: Locale, signal?: AbortSignal) =>
    call((await contracts()).validateCart, locale, { body: request, signal }),
  products: async (codes: string[], locale: Locale, signal?: AbortSignal) =>
    call((await contracts()).products, locale, {
      query: { codes: codes.join(',') },
      signal,
    }),
  initializeOrder: async (request: BodyOf<Contracts['initializeOrder']>, locale: Locale) =>
    call((await contracts()).initializeOrder, locale, { body: request }),
  completeOrder: async (result: BodyOf<Contracts['completeOrder']>, locale: Locale) =>
    call((await contracts()).completeOrder, locale, { body: result }),
  checkWashCode: async (code: string, locale: Locale) =>
    call((await contracts()).checkWashCode, locale, { body: { code } }),
};
