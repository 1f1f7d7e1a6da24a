/**
 * The digital-order calls of spec §7 through the site's proxy, with x-st1-locale, on the
 * shared client: an answer with a status is an ApiError carrying the origin's code; a
 * request that never got an answer (offline, connection lost) is an ApiError that
 * `isTransient` calls "try again later", never a rejection of the cart. The paths and
 * answer types are the contracts' (src/shared/api/shop.ts, imported as types only; the
 * paths from src/shared/api/paths.ts).
 */
import { requestJson } from '#shared/api/client';
import type { BodyOf, PathOf, ResponseOf } from '#shared/api/endpoint';
import { SHOP_API_PATHS } from '#shared/api/paths';
import type { shopApi as shopContracts } from '#shared/api/shop';
import { ApiError } from '#shared/api/errors';
import type { Locale } from '#shared/locales';

export { ApiError, isTransient } from '#shared/api/errors';

type Contracts = typeof shopContracts;

async function call<E extends Contracts[keyof Contracts]>(
  method: E['method'],
  path: PathOf<E>,
  locale: Locale,
  options: { body?: BodyOf<E>; query?: Record<string, string>; signal?: AbortSignal | undefined } = {},
): Promise<ResponseOf<E>> {
  const { body } = await requestJson<ResponseOf<E>>({
    method,
    url: `/proxy/${path}`,
    headers: { 'x-st1-locale': locale },
    ...options,
  });
  if (body === null || typeof body !== 'object')
    throw new ApiError(502, 'BAD_ANSWER', `${path} answered no JSON object`, { failure: 'bad-answer' });
  return body;
}

export const shopApi = {
  validateCart: (request: BodyOf<Contracts['validateCart']>, locale: Locale, signal?: AbortSignal) =>
    call<Contracts['validateCart']>('POST', SHOP_API_PATHS.validateCart, locale, { body: request, signal }),
  products: (codes: string[], locale: Locale, signal?: AbortSignal) =>
    call<Contracts['products']>('GET', SHOP_API_PATHS.products, locale, {
      query: { codes: codes.join(',') },
      signal,
    }),
  initializeOrder: (request: BodyOf<Contracts['initializeOrder']>, locale: Locale) =>
    call<Contracts['initializeOrder']>('POST', SHOP_API_PATHS.initializeOrder, locale, { body: request }),
  completeOrder: (result: BodyOf<Contracts['completeOrder']>, locale: Locale) =>
    call<Contracts['completeOrder']>('POST', SHOP_API_PATHS.completeOrder, locale, { body: result }),
  checkWashCode: (code: string, locale: Locale) =>
    call<Contracts['checkWashCode']>('POST', SHOP_API_PATHS.checkWashCode, locale, { body: { code } }),
};
