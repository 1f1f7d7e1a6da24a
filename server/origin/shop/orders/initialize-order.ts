/**
 * Initializing an order (docs/shop.md): a pending order and its payment from a cart priced
 * on the server, idempotently (the same key and request answer the same order; the same
 * key with another request is refused), with the discount code's use reserved until the
 * payment expires.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { z } from 'zod';
import { LOCALE_INFO, type Locale } from '#shared/locales';
import type { InitializedOrder, initializeOrderRequestSchema } from '#shared/shop/api-schema';
import { banksFor } from '#shared/shop/api-schema';
import { centsToEuros, eurosToCents } from '#shared/shop/money';
import type { Transact } from '../../unit-of-work';
import type { ShopRepositories } from '../shop-repositories';
import { HttpError } from '../../errors';
import { DISCOUNT_MESSAGES, type CartPricing, type PricedCart } from '../cart-pricing';
import { discountProblem, type DiscountCodesRepository } from '../discount-codes-repository';
import type { OrderItemRow, OrderRow, PaymentRow } from '../orders-repository';
import type { PaymentProvider } from '../payments/payment-provider';
import { initializedOrder } from './order-answers';

type InitializeOrderInput = z.output<typeof initializeOrderRequestSchema>;

interface OrderContext {
  locale: Locale;
  customerId: string | null;
}

/**
 * How long a payment can be approved after initialize; the order's discount use is
 * reserved that long (docs/shop.md "Discount uses"). Long enough for a payer at the
 * gateway, short enough that an abandoned checkout soon gives a single-use code back.
 */
const PAYMENT_WINDOW_MS = 30 * 60 * 1000;

function newId(prefix: 'ORD' | 'PAY'): string {
  return `${prefix}-${randomBytes(10).toString('hex').toUpperCase()}`;
}

/** Same request → same hash, whatever the key order in the JSON. */
function requestHash(value: unknown): string {
  const stable = (input: unknown): unknown =>
    Array.isArray(input)
      ? input.map(stable)
      : input && typeof input === 'object'
        ? Object.fromEntries(
            Object.keys(input)
              .sort()
              .map((key) => [key, stable((input as Record<string, unknown>)[key])]),
          )
        : input;
  return createHash('sha256')
    .update(JSON.stringify(stable(value)))
    .digest('hex');
}

const keyReused = () =>
  new HttpError(409, 'IDEMPOTENCY_KEY_REUSED', 'This idempotency key was used for a different order');

/** A bank payment names a bank offered in the order's locale. */
function checkPaymentChoice(payment: InitializeOrderInput['payment'], locale: Locale): void {
  if (payment.type === 'bank' && !payment.bank)
    throw new HttpError(400, 'BAD_REQUEST', 'payment.bank is required for a bank payment');
  if (payment.bank && !banksFor(locale).some((bank) => bank.id === payment.bank))
    throw new HttpError(400, 'BAD_REQUEST', `payment.bank: ${payment.bank} is not offered in ${locale}`);
}

/**
 * The order reserves a use of its discount code until its payment expires (docs/shop.md
 * "Discount uses"). Pricing checked the code before the transaction; checked again here
 * under the code's lock, so checkouts opened at the same moment cannot all take its last
 * use. An unlimited code has no last use to race for, and is not locked.
 */
async function reserveDiscount(discounts: DiscountCodesRepository, priced: PricedCart, at: Date): Promise<void> {
  if (!priced.discount || priced.discount.usageLimit === null) return;
  await discounts.lockForReservation(priced.discount.code);
  const problem = discountProblem(await discounts.find(priced.discount.code, at), at);
  if (problem) throw new HttpError(422, problem, DISCOUNT_MESSAGES[problem](priced.discount.code.slice(0, 40)));
}

/** The rows of a new pending order: the order, its lines and its payment. */
function newOrderRows(
  input: InitializeOrderInput,
  context: OrderContext & { hash: string; provider: string; startedAt: Date },
  priced: PricedCart,
): { order: OrderRow; items: Array<Omit<OrderItemRow, 'id' | 'order_id'>>; payment: PaymentRow } {
  const orderId = newId('ORD');
  const createdAt = context.startedAt.toISOString();
  const order: OrderRow = {
    id: orderId,
    idempotency_key: input.idempotencyKey,
    request_hash: context.hash,
    status: 'pending',
    customer_id: context.customerId,
    locale: context.locale,
    email: input.customer.email,
    firstname: input.customer.firstname,
    lastname: input.customer.lastname,
    telephone_prefix: input.customer.telephonePrefix,
    telephone_number: input.customer.telephoneNumber,
    marketing_json: JSON.stringify(input.customer.marketing),
    send_sms: input.sendSms ? 1 : 0,
    discount_code: priced.discount?.code ?? null,
    subtotal_cents: priced.totals.subtotal,
    discount_cents: priced.totals.discount,
    tax_cents: priced.totals.taxAmount,
    total_cents: priced.totals.totalWithTax,
    currency: LOCALE_INFO[context.locale].shopCurrency,
    created_at: createdAt,
    paid_at: null,
  };
  const items = priced.lines.map((line, position) => ({
    position,
    product_code: line.product.code,
    name: line.name,
    quantity: line.quantity,
    unit_price_cents: line.unitPriceCents,
    tax_rate_bp: line.taxRateBasisPoints,
    washes_per_unit: line.washesPerUnit,
  }));
  const payment: PaymentRow = {
    id: newId('PAY'),
    order_id: orderId,
    provider: context.provider,
    method_type: input.payment.type,
    bank: input.payment.type === 'bank' ? (input.payment.bank ?? null) : null,
    amount_cents: priced.totals.totalWithTax,
    status: 'created',
    return_path: input.returnPath,
    result_nonce: null,
    result_method: null,
    callback_at: null,
    created_at: createdAt,
    decided_at: null,
    expires_at: new Date(context.startedAt.getTime() + PAYMENT_WINDOW_MS).toISOString(),
    provider_reference: null,
    provider_url: null,
  };
  return { order, items, payment };
}

export function createInitializeOrder(
  shop: ShopRepositories,
  transaction: Transact,
  deps: { provider: PaymentProvider; pricing: CartPricing; now: () => Date },
) {
  const { orders } = shop;
  const answer = (order: OrderRow) => initializedOrder(orders, deps.provider, order);

  return async function initialize(input: InitializeOrderInput, context: OrderContext): Promise<InitializedOrder> {
    const { idempotencyKey, ...rest } = input;
    const hash = requestHash({ ...rest, locale: context.locale, customerId: context.customerId });
    const existing = await orders.findByIdempotencyKey(idempotencyKey);
    if (existing) {
      if (existing.request_hash !== hash) throw keyReused();
      return answer(existing);
    }
    checkPaymentChoice(input.payment, context.locale);

    const priced = await deps.pricing.price(input.items, {
      locale: context.locale,
      discountCode: input.discountCode,
      now: deps.now(),
    });
    if (eurosToCents(input.expectedTotal) !== priced.totals.totalWithTax)
      throw new HttpError(
        409,
        'PRICE_CHANGED',
        `The total is now ${centsToEuros(priced.totals.totalWithTax).toFixed(2)} EUR, not ${input.expectedTotal.toFixed(2)} EUR: validate the cart again`,
      );

    const startedAt = deps.now();
    const rows = newOrderRows(input, { ...context, hash, provider: deps.provider.id, startedAt }, priced);
    try {
      await transaction(async (tx) => {
        await reserveDiscount(tx.shop.discountCodes, priced, startedAt);
        await tx.shop.orders.insertOrder(rows.order, rows.items, rows.payment);
      });
    } catch (error) {
      // Two requests with one key at the same moment: the unique key lets one in.
      const raced = await orders.findByIdempotencyKey(idempotencyKey);
      if (raced && !(error instanceof HttpError)) {
        if (raced.request_hash !== hash) throw keyReused();
        return answer(raced);
      }
      throw error;
    }
    return answer((await orders.findOrder(rows.order.id))!);
  };
}
