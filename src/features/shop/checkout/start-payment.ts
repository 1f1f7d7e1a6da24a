/**
 * "Go to payment" (docs/shop.md, Checkout step 2): validates the cart once more (a total
 * changed since the page showed it stops here, to be shown), creates
 * the order with an idempotency key (kept in sessionStorage, so a retry after a lost
 * answer gives the same order), remembers the analytics items for the purchase event on
 * return, and sends add_payment_info once the order exists. The caller then leaves for
 * the payment page, or shows the problem.
 */
import { CART_NOTICE_IDS } from '../cart/cart-notices';
import { FALLBACK_ERROR_MESSAGE_ID } from '@/ui/notifications-store';
import type { Locale } from '#shared/locales';
import { offeredBank, type PaymentMethodType } from '#shared/shop/api-schema';
import { SHOP_PATHS } from '#shared/shop/shop-paths';
import { analyticsItem, trackShopEvent } from '../analytics';
import { ApiError, isTransient, shopApi } from '../api/shop-api';
import type { Cart } from '../cart/cart-store';
import { checkout } from './checkout-store';
import { idempotencyKeyFor, writePendingOrder } from './pending-order';

export type PaymentStart =
  | { paymentUrl: string }
  /** The message id to show: the cart was refused, the network is gone, the price changed, or anything else. */
  | {
      problem:
        | typeof CART_NOTICE_IDS.validationFailed
        | 'shop.offline.paymentNeedsNetwork'
        | 'shop.checkout.providerUnavailable'
        | 'shop.checkout.priceChanged'
        | typeof FALLBACK_ERROR_MESSAGE_ID;
    };

export async function startPayment({
  locale,
  basename,
  cart: service,
}: {
  locale: Locale;
  basename: string;
  cart: Cart;
}): Promise<PaymentStart> {
  const cart = service.state;
  // The total the order summary shows. The check below answers the total as it is now (a
  // new price, a discount code refused, a product withdrawn); sent as `expectedTotal`, a
  // changed one passed the origin's PRICE_CHANGED check, and the customer went to pay an
  // amount the page had not shown. A changed total is shown first instead.
  const shownTotal = cart.totals?.totalWithTax;
  await service.validate();
  if (cart.status !== 'valid' || !cart.totals)
    return {
      problem: cart.items.length === 0 ? CART_NOTICE_IDS.validationFailed : /*i18n*/ 'shop.offline.paymentNeedsNetwork',
    };
  if (shownTotal !== undefined && cart.totals.totalWithTax !== shownTotal)
    return { problem: /*i18n*/ 'shop.checkout.priceChanged' };
  try {
    const customer = checkout.customerData;
    const method: PaymentMethodType = checkout.paymentMethodType;
    const items = cart.items.map((item) => ({ code: item.code, quantity: item.amount, showUpsell: item.showUpsell }));
    const request = {
      items,
      ...(cart.discountCode ? { discountCode: cart.discountCode } : {}),
      customer: {
        email: customer.email.trim(),
        firstname: customer.firstname.trim(),
        lastname: customer.lastname.trim(),
        telephonePrefix: customer.telephonePrefix,
        telephoneNumber: customer.telephoneNumber,
        marketing: [...customer.marketing],
      },
      sendSms: checkout.sendSms,
      payment:
        method === 'bank'
          ? { type: 'bank' as const, bank: offeredBank(locale, checkout.bank) }
          : { type: 'card' as const },
      expectedTotal: cart.totals.totalWithTax,
      returnPath: `${basename}${SHOP_PATHS.confirmation[locale]}`,
    };
    const fingerprint = JSON.stringify(request);
    const idempotencyKey = idempotencyKeyFor(fingerprint);
    const analytics = cart.items.map((item) => analyticsItem(item, item.amount));
    writePendingOrder({
      idempotencyKey,
      fingerprint,
      orderId: null,
      items: analytics,
      total: cart.totals.totalWithTax,
      purchaseTracked: false,
    });
    const order = await shopApi.initializeOrder({ ...request, idempotencyKey }, locale);
    checkout.orderId = order.orderId;
    writePendingOrder({
      idempotencyKey,
      fingerprint,
      orderId: order.orderId,
      items: analytics,
      total: order.totals.totalWithTax,
      purchaseTracked: false,
    });
    // Only once the order exists: a refused or failed "Pay" has given no payment info.
    trackShopEvent('add_payment_info', analytics, { payment_type: method, value: order.totals.totalWithTax });
    return { paymentUrl: order.paymentUrl };
  } catch (error) {
    if (error instanceof ApiError && error.is('PRICE_CHANGED')) {
      await service.validate();
      return { problem: /*i18n*/ 'shop.checkout.priceChanged' };
    }
    // The shopper is online when the origin answers at all: a payment service out of reach
    // (502 PAYMENT_PROVIDER_UNAVAILABLE) or an origin error is no missing connection.
    if (
      error instanceof ApiError &&
      (error.is('PAYMENT_PROVIDER_UNAVAILABLE') || (error.failure === 'answer' && error.status >= 500))
    )
      return { problem: /*i18n*/ 'shop.checkout.providerUnavailable' };
    if (isTransient(error)) return { problem: /*i18n*/ 'shop.offline.paymentNeedsNetwork' };
    console.warn('Order could not be created', error);
    return { problem: FALLBACK_ERROR_MESSAGE_ID };
  }
}
