/**
 * What the order endpoints answer about a stored order: its totals (mapped from the row
 * once, here), the initialize answer with the provider's payment page, and the receipt.
 */
import type { InitializedOrder, OrderReceipt, Totals } from '#shared/shop/api-schema';
import { centsToEuros } from '#shared/shop/money';
import { toTotals } from '../cart-pricing';
import type { OrderRow, OrdersRepository } from '../orders-repository';
import type { PaymentProvider } from '../payments/payment-provider';

/** The totals stored with an order, as the API answers them. */
function orderTotals(order: OrderRow): Totals {
  return toTotals({
    subtotal: order.subtotal_cents,
    discount: order.discount_cents,
    taxAmount: order.tax_cents,
    totalWithTax: order.total_cents,
    totalWithoutTax: order.total_cents - order.tax_cents,
  });
}

/**
 * The initialize answer of a stored order: its latest payment at the provider (the
 * provider answers the same page again for a retried initialize).
 */
export async function initializedOrder(
  orders: OrdersRepository,
  provider: PaymentProvider,
  order: OrderRow,
): Promise<InitializedOrder> {
  const payment = await orders.latestPayment(order.id);
  if (!payment) throw new Error(`Order ${order.id} has no payment`);
  const { redirectUrl } = await provider.createPayment({
    paymentId: payment.id,
    orderId: order.id,
    amountCents: payment.amount_cents,
    currency: order.currency,
    methodType: payment.method_type,
    bank: payment.bank,
    returnPath: payment.return_path,
    expiresAt: payment.expires_at,
    customerEmail: order.email,
    locale: order.locale,
  });
  return { orderId: order.id, paymentId: payment.id, paymentUrl: redirectUrl, totals: orderTotals(order) };
}

/** The receipt of an order: its lines with their wash codes, the totals and the payment's outcome. */
export async function orderReceipt(
  orders: OrdersRepository,
  order: OrderRow,
  payment: { status: OrderReceipt['paymentStatus']; alreadyCompleted: boolean; method: string },
): Promise<OrderReceipt> {
  const [items, codes] = await Promise.all([orders.items(order.id), orders.washCodes(order.id)]);
  return {
    orderId: order.id,
    status: order.status,
    paymentStatus: payment.status,
    alreadyCompleted: payment.alreadyCompleted,
    paidAt: order.paid_at,
    email: order.email,
    items: items.map((item) => ({
      code: item.product_code,
      name: item.name,
      quantity: item.quantity,
      unitPrice: centsToEuros(item.unit_price_cents),
      lineTotal: centsToEuros(item.unit_price_cents * item.quantity),
      washCodes: codes.filter((code) => code.order_item_id === item.id).map((code) => code.code),
    })),
    totals: orderTotals(order),
    paymentMethod: payment.method,
  };
}
