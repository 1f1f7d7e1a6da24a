/**
 * HMAC-SHA256 over the fields of a payment result, in a fixed order joined by '|'
 * (none of the fields may contain '|': their schemas allow no such character).
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { PaymentResultStatus, SignedPaymentResult } from '#shared/shop/api-schema';
import type { ShopPaymentsTable } from '../shop-tables';

type UnsignedPaymentResult = Omit<SignedPaymentResult, 'signature'>;

function canonical(result: UnsignedPaymentResult): string {
  return [result.paymentId, result.orderId, result.status, result.method, result.timestamp, result.nonce].join('|');
}

function signPaymentResult(secret: string, result: UnsignedPaymentResult): string {
  return createHmac('sha256', secret).update(canonical(result)).digest('hex');
}

/** The signed result of a decided payment: its status, method, decision time and nonce, as stored. */
export function signedPaymentResult(secret: string, payment: ShopPaymentsTable): SignedPaymentResult {
  const unsigned = {
    orderId: payment.order_id,
    paymentId: payment.id,
    status: payment.status as PaymentResultStatus,
    method: payment.result_method!,
    timestamp: Date.parse(payment.decided_at!),
    nonce: payment.result_nonce!,
  };
  return { ...unsigned, signature: signPaymentResult(secret, unsigned) };
}

/** Constant-time comparison, so the time taken tells nothing about a forged signature. */
export function verifyPaymentSignature(secret: string, result: SignedPaymentResult): boolean {
  const expected = Buffer.from(signPaymentResult(secret, result), 'hex');
  const given = Buffer.from(result.signature, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}
