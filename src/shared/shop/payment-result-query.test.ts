import { describe, expect, it } from 'vitest';
import { paymentResultQuery } from './payment-result-query';

describe('paymentResultQuery', () => {
  it('carries every field of the signed result, in a fixed order', () => {
    const query = paymentResultQuery({
      orderId: 'ORD-ABCDEFGHIJ',
      paymentId: 'PAY-ABCDEFGHIJ',
      status: 'approved',
      method: 'bank:nordea',
      timestamp: 1700000000000,
      nonce: 'a'.repeat(32),
      signature: 'b'.repeat(64),
    });
    expect(query).toBe(
      `orderId=ORD-ABCDEFGHIJ&paymentId=PAY-ABCDEFGHIJ&status=approved&method=bank%3Anordea&timestamp=1700000000000&nonce=${'a'.repeat(32)}&signature=${'b'.repeat(64)}`,
    );
  });
});
