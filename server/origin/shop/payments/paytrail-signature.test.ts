import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { isPaytrailSignatureValid, paytrailSignature } from './paytrail-signature';

// The example of Paytrail's public documentation ("HMAC calculation (node.js)",
// github.com/paytrail/api-documentation docs/examples.md): test merchant 375917.
const SECRET = 'SAIPPUAKAUPPIAS';
const HEADERS = {
  'checkout-account': '375917',
  'checkout-algorithm': 'sha256',
  'checkout-method': 'POST',
  'checkout-nonce': '564635208570151',
  'checkout-timestamp': '2018-07-06T10:01:31.904Z',
};
const BODY = JSON.stringify({
  stamp: 'unique-identifier-for-merchant',
  reference: '3759170',
  amount: 1525,
  currency: 'EUR',
  language: 'FI',
  items: [{ unitPrice: 1525, units: 1, vatPercentage: 24, productCode: '#1234', deliveryDate: '2018-09-01' }],
  customer: { email: 'test.customer@example.com' },
  redirectUrls: { success: 'https://ecom.example.com/cart/success', cancel: 'https://ecom.example.com/cart/cancel' },
});
const DOCUMENTED = '3708f6497ae7cc55a2e6009fc90aa10c3ad0ef125260ee91b19168750f6d74f6';

describe('Paytrail signature', () => {
  it("matches the test vector of Paytrail's documentation", () => {
    expect(paytrailSignature(SECRET, HEADERS, BODY)).toBe(DOCUMENTED);
  });

  it('signs only the checkout-* headers, whatever their order', () => {
    const shuffled = Object.fromEntries(Object.entries(HEADERS).reverse());
    expect(paytrailSignature(SECRET, { ...shuffled, 'content-type': 'application/json', platform: 'x' }, BODY)).toBe(
      DOCUMENTED,
    );
  });

  it('agrees with openssl for redirect parameters (empty body) and SHA-512', () => {
    const params = {
      'checkout-account': '375917',
      'checkout-algorithm': 'sha512',
      'checkout-amount': '2964',
      'checkout-stamp': 'PAY-ABCDEF1234',
      'checkout-reference': 'ORD-1234567890',
      'checkout-status': 'ok',
      'checkout-provider': 'nordea',
      'checkout-transaction-id': 'b3f4a2e0-0000-4000-8000-000000000001',
    };
    const payload = `${Object.keys(params)
      .sort()
      .map((key) => `${key}:${params[key as keyof typeof params]}`)
      .join('\n')}\n`;
    const openssl = execFileSync('openssl', ['dgst', '-sha512', '-hmac', SECRET, '-r'], { input: payload })
      .toString()
      .split(' ')[0];
    expect(paytrailSignature(SECRET, params, '', 'sha512')).toBe(openssl);
  });

  it('refuses a changed parameter, a changed body, another algorithm or a missing signature', () => {
    expect(isPaytrailSignatureValid(SECRET, HEADERS, BODY, DOCUMENTED)).toBe(true);
    expect(isPaytrailSignatureValid(SECRET, { ...HEADERS, 'checkout-nonce': '1' }, BODY, DOCUMENTED)).toBe(false);
    expect(isPaytrailSignatureValid(SECRET, HEADERS, BODY.replace('1525', '1'), DOCUMENTED)).toBe(false);
    expect(isPaytrailSignatureValid(SECRET, { ...HEADERS, 'checkout-algorithm': 'md5' }, BODY, DOCUMENTED)).toBe(false);
    expect(isPaytrailSignatureValid('other', HEADERS, BODY, DOCUMENTED)).toBe(false);
    expect(isPaytrailSignatureValid(SECRET, HEADERS, BODY, undefined)).toBe(false);
  });
});
