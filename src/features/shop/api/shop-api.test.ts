import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '#shared/api/errors';
import { shopApi } from './shop-api';

afterEach(() => vi.unstubAllGlobals());

function answering(body: unknown) {
  const fetch = vi.fn(async () => new Response(JSON.stringify(body), { status: 200 }));
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

describe('shop calls read their answers with the contract', () => {
  it('an answer of the contract passes, asked at the proxy path of the contract', async () => {
    const fetch = answering({ items: [] });
    expect(await shopApi.products(['WASH-BASIC'], 'fi-FI')).toEqual({ items: [] });
    expect(fetch).toHaveBeenCalledWith('/proxy/digital-order/v1/products?codes=WASH-BASIC', expect.anything());
  });

  it.each([
    ['no JSON object', 'Service unavailable'],
    ['a list that is no list', { items: 'none' }],
    ['a product without its price', { items: [{ code: 'WASH-BASIC', name: 'Pesu' }] }],
  ])('an answer with %s is a bad answer, not a cart built on a guess', async (_name, body) => {
    answering(body);
    const error = await shopApi.products(['WASH-BASIC'], 'fi-FI').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).failure).toBe('bad-answer');
  });
});
