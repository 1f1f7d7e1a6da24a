/**
 * A signed payment result as the query string of the shop's confirmation page: the test
 * gateway and the site server's Paytrail return both send the payer there with it, and the
 * page reads the same fields back.
 */
import type { SignedPaymentResult } from './api-schema';

/** The fields of a signed result, in the order the query string carries them. */
export const PAYMENT_RESULT_FIELDS = [
  'orderId',
  'paymentId',
  'status',
  'method',
  'timestamp',
  'nonce',
  'signature',
] as const satisfies ReadonlyArray<keyof SignedPaymentResult>;

/** The query string (without '?') that carries `result` to the confirmation page. */
export function paymentResultQuery(result: SignedPaymentResult): string {
  return new URLSearchParams(
    PAYMENT_RESULT_FIELDS.map((field): [string, string] => [field, String(result[field])]),
  ).toString();
}
