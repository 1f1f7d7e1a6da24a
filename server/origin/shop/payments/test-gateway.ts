/**
 * The payment test gateway (docs/shop.md): stands in for a payment provider. Its hosted
 * page lets the payer pick a card or a bank and approve, decline or cancel; it then sends
 * the signed result to the shop's callback (server to server) and redirects the browser
 * back to the site with the same signed result in the query string.
 */
import { randomBytes } from 'node:crypto';
import type { PaymentResultStatus, SignedPaymentResult } from '#shared/shop/api-schema';
import type { ShopDb } from '../shop-tables';
import type { ShopPaymentsTable } from '../shop-tables';
import type { PaymentProvider } from './payment-provider';
import { signedPaymentResult, verifyPaymentSignature } from './signature';

const TEST_GATEWAY_ID = 'test-gateway';
/** Where the site server serves the hosted page (it proxies /payment-gateway/* to the origin). */
export const GATEWAY_PATH_PREFIX = '/payment-gateway';

export interface TestGateway extends PaymentProvider {
  findPayment(paymentId: string): Promise<ShopPaymentsTable | undefined>;
  /**
   * Records the payer's one decision and signs it. Undefined when the payment is unknown;
   * the stored result again when it was already decided (a double submit of the page).
   */
  decide(
    paymentId: string,
    decision: { status: PaymentResultStatus; method: string },
    now?: Date,
  ): Promise<SignedPaymentResult | undefined>;
}

export function createTestGateway(
  database: ShopDb | ShopDb,
  options: { secret?: string | undefined } = {},
): TestGateway {
  const db = database;
  let secret = options.secret;
  async function key(): Promise<string> {
    if (secret) return secret;
    const row = await db
      .selectFrom('shop_provider_keys')
      .select('secret')
      .where('provider', '=', TEST_GATEWAY_ID)
      .executeTakeFirstOrThrow();
    secret = row.secret;
    return secret;
  }

  return {
    id: TEST_GATEWAY_ID,
    async createPayment(input) {
      // The shop has stored the payment row already; the gateway reads it from there.
      return { redirectUrl: `${GATEWAY_PATH_PREFIX}/pay/${input.paymentId}` };
    },
    async verifySignature(result) {
      return verifyPaymentSignature(await key(), result);
    },
    async findPayment(paymentId) {
      return db.selectFrom('shop_payments').selectAll().where('id', '=', paymentId).executeTakeFirst();
    },
    async decide(paymentId, decision, now = new Date()) {
      const nonce = randomBytes(16).toString('hex');
      const waiting = await this.findPayment(paymentId);
      // A payment past its end takes no money: an approval then counts as cancelled, as a
      // provider's expired session would (the order's discount reservation has ended).
      const expired = waiting?.expires_at != null && waiting.expires_at <= now.toISOString();
      const status = expired && decision.status === 'approved' ? 'cancelled' : decision.status;
      // Only a payment still waiting takes a decision: one result per payment, ever.
      await db
        .updateTable('shop_payments')
        .set({
          status,
          result_method: decision.method,
          result_nonce: nonce,
          decided_at: now.toISOString(),
        })
        .where('id', '=', paymentId)
        .where('status', '=', 'created')
        .execute();
      const payment = await this.findPayment(paymentId);
      if (!payment) return undefined;
      if (payment.status === 'created') return undefined;
      return signedPaymentResult(await key(), payment);
    },
  };
}
