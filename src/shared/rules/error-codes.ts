/**
 * The error catalogue (docs/spec.md §8): every `code` an error body of either server may
 * carry, grouped by what a client does about it. A client matches codes through the
 * helpers below, never by spelling or prefix, so that renaming or adding a code is a
 * type error wherever it matters.
 */

/** Refusals any endpoint may answer. */
const GENERAL_ERROR_CODES = [
  'BAD_REQUEST',
  'VALIDATION_FAILED',
  'UNAUTHORIZED',
  'FORBIDDEN',
  'NOT_FOUND',
  'TOO_MANY_REQUESTS',
  'INTERNAL_SERVER_ERROR',
] as const;

/** The site server's answers when the origin cannot be asked, and overload. */
const GATEWAY_ERROR_CODES = [
  'BAD_GATEWAY',
  'ORIGIN_UNAVAILABLE',
  'GATEWAY_TIMEOUT',
  'SERVICE_UNAVAILABLE',
  'OVERLOADED',
] as const;

/** Accounts (docs/accounts.md). */
const ACCOUNT_ERROR_CODES = ['INVALID_CREDENTIALS', 'EMAIL_NOT_CONFIRMED', 'INVALID_TOKEN'] as const;

/** A discount code the cart or order cannot use (422). */
export const DISCOUNT_ERROR_CODES = [
  'DISCOUNT_UNKNOWN',
  'DISCOUNT_NOT_YET_VALID',
  'DISCOUNT_EXPIRED',
  'DISCOUNT_USED_UP',
] as const;

/** The shop's other refusals (docs/shop.md). */
const SHOP_ERROR_CODES = [
  'UNKNOWN_PRODUCT',
  'DUPLICATE_PRODUCT',
  'PRICE_CHANGED',
  'IDEMPOTENCY_KEY_REUSED',
  'PAYMENT_NOT_FOUND',
  'SIGNATURE_INVALID',
  'SIGNATURE_EXPIRED',
  'REPLAYED',
  'AMOUNT_MISMATCH',
  'WASH_CODE_UNKNOWN',
  'WASH_CODE_USED',
  'PAYMENT_PROVIDER_CONFIGURATION',
  'PAYMENT_PROVIDER_UNAVAILABLE',
] as const;

/** Station imports (docs/stations.md): the batch's and each refused row's code. */
const IMPORT_ERROR_CODES = [
  'IMPORT_NOT_CONFIGURED',
  'UNKNOWN_STATION',
  'WRONG_CURRENCY',
  'GRADE_NOT_SOLD',
  'IMPLAUSIBLE_PRICE',
  'CONFLICTING_PRICE',
  'UNKNOWN_EVSE',
  'FUTURE_TIME',
] as const;

/** Image ranges (docs/images.md). */
const IMAGE_ERROR_CODES = ['RANGE_NOT_SATISFIABLE'] as const;

/**
 * What a client says when the answer carried no code of ours: a gateway or the service
 * worker answered, the answer was not JSON, or no answer came at all.
 */
const CLIENT_ERROR_CODES = ['HTTP_ERROR', 'BAD_ANSWER', 'NETWORK_ERROR', 'TIMEOUT'] as const;

export const ERROR_CODES = [
  ...GENERAL_ERROR_CODES,
  ...GATEWAY_ERROR_CODES,
  ...ACCOUNT_ERROR_CODES,
  ...DISCOUNT_ERROR_CODES,
  ...SHOP_ERROR_CODES,
  ...IMPORT_ERROR_CODES,
  ...IMAGE_ERROR_CODES,
  ...CLIENT_ERROR_CODES,
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];
export type DiscountErrorCode = (typeof DISCOUNT_ERROR_CODES)[number];

const KNOWN: ReadonlySet<string> = new Set(ERROR_CODES);

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && KNOWN.has(value);
}

/** A refusal of the discount code (the cart keeps its products and drops the code). */
export function isDiscountErrorCode(code: string): code is DiscountErrorCode {
  return (DISCOUNT_ERROR_CODES as readonly string[]).includes(code);
}
