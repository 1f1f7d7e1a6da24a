/**
 * Paytrail's HMAC (https://docs.paytrail.com "Signature"): over every `checkout-*` header
 * or query parameter, sorted by name, as `name:value` lines, then the body (empty for a GET
 * and for redirect and callback parameters), joined by "\n"; SHA-256 or SHA-512, hex.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export type PaytrailAlgorithm = 'sha256' | 'sha512';

export function paytrailSignature(
  secret: string,
  params: Record<string, string | undefined>,
  body: string,
  algorithm: PaytrailAlgorithm = 'sha256',
): string {
  const lines = Object.keys(params)
    .filter((key) => key.startsWith('checkout-') && params[key] !== undefined)
    .sort()
    .map((key) => `${key}:${params[key]}`);
  return createHmac(algorithm, secret)
    .update([...lines, body].join('\n'))
    .digest('hex');
}

/** Constant-time check of a signature Paytrail sent (header or `signature` parameter). */
export function isPaytrailSignatureValid(
  secret: string,
  params: Record<string, string | undefined>,
  body: string,
  signature: string | undefined,
): boolean {
  const algorithm = params['checkout-algorithm'];
  if (!signature || (algorithm !== 'sha256' && algorithm !== 'sha512')) return false;
  const expected = Buffer.from(paytrailSignature(secret, params, body, algorithm), 'hex');
  const given = Buffer.from(signature, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}
