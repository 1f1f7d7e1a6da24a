/**
 * Completing an order (docs/shop.md): checks the provider's signed payment result and, for
 * an approved one, marks the order paid exactly once (settle-paid.ts).
 */
import type { OrderReceipt, SignedPaymentResult } from '#shared/shop/api-schema';
import type { Transact } from '../../unit-of-work';
import type { ShopRepositories } from '../shop-repositories';
import { HttpError } from '../../errors';
import type { Seller } from '../catalog-files';
import type { PaymentProvider } from '../payments/payment-provider';
import { orderReceipt } from './order-answers';
import { UNCHANGED, settlePaid, warnOverLimit } from './settle-paid';

/** How long a signed result may be presented: the browser returns within minutes. */
const RESULT_MAX_AGE_MS = 60 * 60 * 1000;

/** How far ahead of this server's clock a result's timestamp may be (clocks differ a little). */
const CLOCK_SKEW_MS = 5 * 60 * 1000;

export function createCompleteOrder(
  shop: ShopRepositories,
  transaction: Transact,
  deps: { provider: PaymentProvider; seller: Seller; now: () => Date; warn?: (message: string) => void },
) {
  /**
   * Applies a signed payment result. `channel` says who presents it: the browser coming
   * back from the gateway (may be presented again, e.g. on reload, within its age) or the
   * provider's server-to-server callback (once; a second delivery is a replay).
   */
  return async function complete(result: SignedPaymentResult, channel: 'browser' | 'callback'): Promise<OrderReceipt> {
    if (!(await deps.provider.verifySignature(result)))
      throw new HttpError(400, 'SIGNATURE_INVALID', 'The payment result signature does not match its contents');
    const age = deps.now().getTime() - result.timestamp;
    if (age > RESULT_MAX_AGE_MS || age < -CLOCK_SKEW_MS)
      throw new HttpError(
        400,
        'SIGNATURE_EXPIRED',
        'The payment result is too old to be used; check the order instead',
      );

    const outcome = await transaction(async (tx) => {
      const { orders } = tx.shop;
      const payment = await orders.findPayment(result.paymentId);
      if (!payment || payment.order_id !== result.orderId)
        throw new HttpError(404, 'PAYMENT_NOT_FOUND', `No payment ${result.paymentId} for order ${result.orderId}`);
      // The provider issues one result per payment; any other nonce is an old or foreign one.
      if (payment.result_nonce !== result.nonce || payment.status !== result.status)
        throw new HttpError(409, 'REPLAYED', 'This payment result is not the one issued for the payment');
      const timestamp = deps.now().toISOString();
      if (channel === 'callback' && !(await orders.markCallback(payment.id, timestamp)))
        throw new HttpError(409, 'REPLAYED', 'This payment callback has already been processed');
      if (result.status !== 'approved') return UNCHANGED;
      return settlePaid(tx, result.orderId, timestamp, deps.seller);
    });
    warnOverLimit(outcome, result.orderId, deps.warn);
    const order = (await shop.orders.findOrder(result.orderId))!;
    return orderReceipt(shop.orders, order, {
      status: result.status,
      alreadyCompleted: !outcome.changed,
      method: result.method,
    });
  };
}
