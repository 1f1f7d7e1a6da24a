/**
 * A shopper against the origin through `app.inject()`: validates a cart, initializes an
 * order and plays the payer on the test gateway's hosted page.
 */
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { InitializedOrder, ValidatedCart } from '#shared/shop/api-schema';

let keySequence = 0;

export const shopper = {
  email: 'race@example.com',
  firstname: 'Race',
  lastname: 'Tester',
  telephonePrefix: 'FIN|358',
  telephoneNumber: '401234567',
  marketing: [],
};

export function shopCheckout(app: FastifyInstance) {
  const post = (url: string, payload: unknown): Promise<LightMyRequestResponse> =>
    app.inject({ method: 'POST', url, payload: payload as object, headers: { 'x-st1-locale': 'fi-FI' } });

  return {
    post,
    /** The order request for a cart at the total the cart validation answered. */
    async orderRequest(items: Array<{ code: string; quantity: number }>, discountCode?: string) {
      const validated = await post('/digital-order/v1/cart/validate', {
        items,
        ...(discountCode ? { discountCode } : {}),
      });
      if (validated.statusCode !== 200) throw new Error(`cart validation: ${validated.statusCode} ${validated.body}`);
      keySequence += 1;
      return {
        idempotencyKey: `shop-checkout-${keySequence}-${Date.now()}`,
        items,
        ...(discountCode ? { discountCode } : {}),
        customer: shopper,
        sendSms: false,
        payment: { type: 'card' },
        expectedTotal: (validated.json() as ValidatedCart).totals.totalWithTax,
        returnPath: '/kassa/vahvistus',
      };
    },
    initialize: (request: unknown) => post('/digital-order/v1/orders/initialize', request),
    /** Submits the payer's decision on the hosted page; answers the signed result of the return address. */
    async pay(order: InitializedOrder, action: 'approve' | 'decline' | 'cancel'): Promise<Record<string, string>> {
      const response = await app.inject({
        method: 'POST',
        url: order.paymentUrl,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({ action, method: 'card:visa' }).toString(),
      });
      if (response.statusCode !== 303) throw new Error(`gateway: ${response.statusCode} ${response.body}`);
      const location = new URL(response.headers.location as string, 'http://site.test');
      return Object.fromEntries(location.searchParams);
    },
  };
}
