/**
 * The digital-order calls of spec §7 through the site's proxy, with x-st1-locale. An
 * answer with a status is a ShopApiError carrying the origin's code; a request that never
 * got an answer (offline, connection lost) is a ShopNetworkError, which callers treat as
 * "try again later" and never as a rejection of the cart.
 */
import type { Locale } from '@/shared/locales';
import type {
  InitializedOrder,
  InitializeOrderRequest,
  OrderReceipt,
  ProductView,
  SignedPaymentResult,
  ValidateCartRequest,
  ValidatedCart,
  WashCodeStatus,
} from '@/shared/shop/api-schema';

export class ShopApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    /** The product codes a refusal names (`codes` of an UNKNOWN_PRODUCT answer), else empty. */
    readonly productCodes: readonly string[] = [],
  ) {
    super(message);
  }
}

/** The `codes` field of an error answer: product codes only, at most a cart's worth. */
function productCodesOf(value: unknown): string[] {
  if (!Array.isArray(value)) return [];
  return value.filter((code): code is string => typeof code === 'string' && code.length <= 64).slice(0, 100);
}

class ShopNetworkError extends Error {}

function parseJson(text: string): unknown {
  try {
    return text === '' ? null : (JSON.parse(text) as unknown);
  } catch {
    return null;
  }
}

async function call<T>(
  method: 'GET' | 'POST',
  endpoint: string,
  locale: Locale,
  body?: unknown,
  signal?: AbortSignal,
): Promise<T> {
  let response: Response;
  try {
    response = await fetch(`/proxy/digital-order/v1/${endpoint}`, {
      method,
      headers: {
        'x-st1-locale': locale,
        accept: 'application/json',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      ...(signal ? { signal } : {}),
      credentials: 'same-origin',
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ShopNetworkError(`No answer from ${endpoint}: ${(error as Error).message}`);
  }
  const text = await response.text().catch(() => '');
  const data = parseJson(text);
  if (!response.ok) {
    const error = (data ?? {}) as { code?: unknown; message?: unknown; codes?: unknown };
    // Gateways in between (a proxy, the service worker offline) answer 5xx without our body.
    throw new ShopApiError(
      response.status,
      typeof error.code === 'string' ? error.code : 'HTTP_ERROR',
      typeof error.message === 'string' ? error.message : `${endpoint} answered ${response.status}`,
      productCodesOf(error.codes),
    );
  }
  if (data === null || typeof data !== 'object')
    throw new ShopApiError(502, 'BAD_ANSWER', `${endpoint} answered no JSON`);
  return data as T;
}

/** True for errors that mean "the server could not be asked": keep everything and retry. */
export function isTransient(error: unknown): boolean {
  return (
    error instanceof ShopNetworkError ||
    (error instanceof ShopApiError && (error.status >= 500 || error.status === 408 || error.status === 429))
  );
}

export const shopApi = {
  validateCart: (request: ValidateCartRequest, locale: Locale, signal?: AbortSignal) =>
    call<ValidatedCart>('POST', 'cart/validate', locale, request, signal),
  products: (codes: string[], locale: Locale, signal?: AbortSignal) =>
    call<{ items: ProductView[] }>(
      'GET',
      `products?codes=${encodeURIComponent(codes.join(','))}`,
      locale,
      undefined,
      signal,
    ),
  initializeOrder: (request: InitializeOrderRequest, locale: Locale) =>
    call<InitializedOrder>('POST', 'orders/initialize', locale, request),
  completeOrder: (result: SignedPaymentResult, locale: Locale) =>
    call<OrderReceipt>('POST', 'orders/complete', locale, result),
  checkWashCode: (code: string, locale: Locale) => call<WashCodeStatus>('POST', 'wash-codes/check', locale, { code }),
};
