/**
 * Orders (docs/shop.md): initialize creates a pending order and a payment from a cart
 * priced on the server, idempotently; complete checks the provider's signed result and
 * marks the order paid exactly once, spending the discount code's use, issuing wash codes
 * and queueing the receipt.
 */
import { createHash, randomBytes } from 'node:crypto';
import { LOCALE_INFO, type Locale } from '#shared/locales';
import type {
  InitializedOrder,
  OrderReceipt,
  SignedPaymentResult,
  initializeOrderRequestSchema,
} from '#shared/shop/api-schema';
import { banksFor } from '#shared/shop/api-schema';
import { centsToEuros, eurosToCents } from '#shared/shop/money';
import type { z } from 'zod';
import type { Db } from '../db';
import { HttpError } from '../errors';
import { createDiscountCodesRepository, discountProblem } from './discount-codes-repository';
import { createOrdersRepository, type OrderItemRow, type OrderRow } from './orders-repository';
import { createProductsRepository } from './products-repository';
import { DISCOUNT_MESSAGES, createCartPricing, toTotals } from './cart-pricing';
import type { PaymentProvider } from './payments/payment-provider';
import { receiptMessages } from './receipt-messages';
import type { Seller } from './catalog-files';

export type InitializeOrderInput = z.output<typeof initializeOrderRequestSchema>;

/** How long a signed result may be presented: the browser returns within minutes. */
const RESULT_MAX_AGE_MS = 60 * 60 * 1000;

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

export function createOrdersService(
  database: Db,
  deps: {
    provider: PaymentProvider;
    /** Printed on receipts: content/shop/catalog.json `seller`. */
    seller: Seller;
    now?: () => Date;
    warn?: (message: string) => void;
  },
) {
  const db = database;
  const now = deps.now ?? (() => new Date());
  const pricing = createCartPricing({
    products: createProductsRepository(db),
    discounts: createDiscountCodesRepository(db),
  });

  async function receipt(
    order: OrderRow,
    paymentStatus: OrderReceipt['paymentStatus'],
    alreadyCompleted: boolean,
    method: string,
  ): Promise<OrderReceipt> {
    const orders = createOrdersRepository(db);
    const [items, codes] = await Promise.all([orders.items(order.id), orders.washCodes(order.id)]);
    return {
      orderId: order.id,
      status: order.status,
      paymentStatus,
      alreadyCompleted,
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
      totals: toTotals({
        subtotal: order.subtotal_cents,
        discount: order.discount_cents,
        taxAmount: order.tax_cents,
        totalWithTax: order.total_cents,
        totalWithoutTax: order.total_cents - order.tax_cents,
      }),
      paymentMethod: method,
    };
  }

  async function answerFor(order: OrderRow): Promise<InitializedOrder> {
    const payment = await createOrdersRepository(db).latestPayment(order.id);
    if (!payment) throw new Error(`Order ${order.id} has no payment`);
    const { redirectUrl } = await deps.provider.createPayment({
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
    return {
      orderId: order.id,
      paymentId: payment.id,
      paymentUrl: redirectUrl,
      totals: toTotals({
        subtotal: order.subtotal_cents,
        discount: order.discount_cents,
        taxAmount: order.tax_cents,
        totalWithTax: order.total_cents,
        totalWithoutTax: order.total_cents - order.tax_cents,
      }),
    };
  }

  return {
    async initialize(
      input: InitializeOrderInput,
      context: { locale: Locale; customerId: string | null },
    ): Promise<InitializedOrder> {
      const { idempotencyKey, ...rest } = input;
      const hash = requestHash({ ...rest, locale: context.locale, customerId: context.customerId });
      const orders = createOrdersRepository(db);
      const existing = await orders.findByIdempotencyKey(idempotencyKey);
      if (existing) {
        if (existing.request_hash !== hash)
          throw new HttpError(409, 'IDEMPOTENCY_KEY_REUSED', 'This idempotency key was used for a different order');
        return answerFor(existing);
      }
      if (input.payment.type === 'bank' && !input.payment.bank)
        throw new HttpError(400, 'BAD_REQUEST', 'payment.bank is required for a bank payment');
      if (input.payment.bank && !banksFor(context.locale).some((bank) => bank.id === input.payment.bank))
        throw new HttpError(
          400,
          'BAD_REQUEST',
          `payment.bank: ${input.payment.bank} is not offered in ${context.locale}`,
        );

      const priced = await pricing.price(input.items, {
        locale: context.locale,
        discountCode: input.discountCode,
        now: now(),
      });
      if (eurosToCents(input.expectedTotal) !== priced.totals.totalWithTax)
        throw new HttpError(
          409,
          'PRICE_CHANGED',
          `The total is now ${centsToEuros(priced.totals.totalWithTax).toFixed(2)} EUR, not ${input.expectedTotal.toFixed(2)} EUR: validate the cart again`,
        );

      const orderId = newId('ORD');
      const paymentId = newId('PAY');
      const startedAt = now();
      const createdAt = startedAt.toISOString();
      try {
        await db.transaction().execute(async (trx) => {
          // The order reserves a use of its discount code until its payment expires
          // (docs/shop.md "Discount uses"). `pricing.price` checked the code before the
          // transaction; checked again here under the code's lock, so checkouts opened
          // at the same moment cannot all take its last use.
          // An unlimited code has no last use to race for, and is not locked.
          if (priced.discount && priced.discount.usageLimit !== null) {
            const discounts = createDiscountCodesRepository(trx);
            await discounts.lockForReservation(priced.discount.code);
            const problem = discountProblem(await discounts.find(priced.discount.code, startedAt), startedAt);
            if (problem)
              throw new HttpError(422, problem, DISCOUNT_MESSAGES[problem](priced.discount.code.slice(0, 40)));
          }
          await createOrdersRepository(trx).insertOrder(
            {
              id: orderId,
              idempotency_key: idempotencyKey,
              request_hash: hash,
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
            },
            priced.lines.map((line, position) => ({
              position,
              product_code: line.product.code,
              name: line.name,
              quantity: line.quantity,
              unit_price_cents: line.unitPriceCents,
              tax_rate_bp: line.taxRateBasisPoints,
              washes_per_unit: line.washesPerUnit,
            })),
            {
              id: paymentId,
              order_id: orderId,
              provider: deps.provider.id,
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
              expires_at: new Date(startedAt.getTime() + PAYMENT_WINDOW_MS).toISOString(),
              provider_reference: null,
              provider_url: null,
            },
          );
        });
      } catch (error) {
        // Two requests with one key at the same moment: the unique key lets one in.
        const raced = await orders.findByIdempotencyKey(idempotencyKey);
        if (raced && !(error instanceof HttpError)) {
          if (raced.request_hash !== hash)
            throw new HttpError(409, 'IDEMPOTENCY_KEY_REUSED', 'This idempotency key was used for a different order');
          return answerFor(raced);
        }
        throw error;
      }
      return answerFor((await orders.findOrder(orderId))!);
    },

    /**
     * Applies a signed payment result. `channel` says who presents it: the browser coming
     * back from the gateway (may be presented again, e.g. on reload, within its age) or the
     * provider's server-to-server callback (once; a second delivery is a replay).
     */
    async complete(result: SignedPaymentResult, channel: 'browser' | 'callback'): Promise<OrderReceipt> {
      if (!(await deps.provider.verifySignature(result)))
        throw new HttpError(400, 'SIGNATURE_INVALID', 'The payment result signature does not match its contents');
      const age = now().getTime() - result.timestamp;
      if (age > RESULT_MAX_AGE_MS || age < -5 * 60 * 1000)
        throw new HttpError(
          400,
          'SIGNATURE_EXPIRED',
          'The payment result is too old to be used; check the order instead',
        );

      const outcome = await db.transaction().execute(async (trx) => {
        const orders = createOrdersRepository(trx);
        const payment = await orders.findPayment(result.paymentId);
        if (!payment || payment.order_id !== result.orderId)
          throw new HttpError(404, 'PAYMENT_NOT_FOUND', `No payment ${result.paymentId} for order ${result.orderId}`);
        // The provider issues one result per payment; any other nonce is an old or foreign one.
        if (payment.result_nonce !== result.nonce || payment.status !== result.status)
          throw new HttpError(409, 'REPLAYED', 'This payment result is not the one issued for the payment');
        const timestamp = now().toISOString();
        if (channel === 'callback' && !(await orders.markCallback(payment.id, timestamp)))
          throw new HttpError(409, 'REPLAYED', 'This payment callback has already been processed');
        if (result.status !== 'approved') return { changed: false, discountOverLimit: null };
        return settlePaid(trx, result.orderId, timestamp);
      });
      warnOverLimit(outcome, result.orderId);
      const order = (await createOrdersRepository(db).findOrder(result.orderId))!;
      return receipt(order, result.status, !outcome.changed, result.method);
    },

    /**
     * Completes the orders whose payment the provider approved but which are still pending
     * because neither the callback nor the browser's return arrived (the origin stopped in
     * between: docs/shop.md "Reconciliation"). Safe to run at any time and in several
     * processes at once: each order is completed by the one conditional update that moves
     * it to paid, as in `complete`. Answers how many orders this call completed.
     */
    async reconcile(): Promise<number> {
      let completed = 0;
      const failures: unknown[] = [];
      // A real provider is asked first how the open payments ended (the test gateway's
      // decisions are in shop_payments already); what it approved is settled below.
      if (deps.provider.recordDecisionsOfOpenPayments)
        await deps.provider.recordDecisionsOfOpenPayments(now()).catch((error: unknown) => failures.push(error));
      for (const orderId of await createOrdersRepository(db).approvedButPending()) {
        try {
          const outcome = await db.transaction().execute(async (trx) => settlePaid(trx, orderId, now().toISOString()));
          warnOverLimit(outcome, orderId);
          if (outcome.changed) completed += 1;
        } catch (error) {
          // One order that cannot be completed must not hold up the others.
          failures.push(error);
        }
      }
      if (failures.length > 0)
        throw new AggregateError(failures, `Reconciliation completed ${completed} order(s); ${failures.length} failed`);
      return completed;
    },
  };

  /**
   * pending → paid, once (false `changed` when another call got there first); that call
   * spends the discount use, issues the wash codes and queues the receipt. Runs inside the
   * caller's transaction.
   */
  async function settlePaid(
    trx: Db,
    orderId: string,
    timestamp: string,
  ): Promise<{ changed: boolean; discountOverLimit: string | null }> {
    const orders = createOrdersRepository(trx);
    const order = (await orders.findOrder(orderId))!;
    if (!(await orders.markPaid(order.id, timestamp))) return { changed: false, discountOverLimit: null };
    // The discount code's reserved use is spent now, once, with the order paid (docs/shop.md).
    const discountUse = order.discount_code
      ? await createDiscountCodesRepository(trx).countUse(order.discount_code)
      : null;
    const items = await orders.items(order.id);
    await orders.issueWashCodes(order.id, items, timestamp);
    await queueReceipt(orders, { ...order, status: 'paid', paid_at: timestamp }, items, timestamp);
    return { changed: true, discountOverLimit: discountUse === 'over-limit' ? order.discount_code : null };
  }

  function warnOverLimit(outcome: { discountOverLimit: string | null }, orderId: string): void {
    if (outcome.discountOverLimit)
      deps.warn?.(
        `Discount code ${outcome.discountOverLimit} went over its usage limit: order ${orderId} was paid with its last use at the same time as another order`,
      );
  }

  async function queueReceipt(
    orders: ReturnType<typeof createOrdersRepository>,
    order: OrderRow,
    items: OrderItemRow[],
    timestamp: string,
  ): Promise<void> {
    const codes = await orders.washCodes(order.id);
    const messages = receiptMessages(order, items, codes, deps.seller);
    await orders.enqueue(
      {
        channel: 'email',
        recipient: order.email,
        ...messages.email,
        dedupeKey: `receipt-email:${order.id}`,
        locale: order.locale,
      },
      timestamp,
    );
    if (order.send_sms) {
      const phone = `+${order.telephone_prefix.split('|')[1]}${order.telephone_number}`;
      await orders.enqueue(
        {
          channel: 'sms',
          recipient: phone,
          subject: null,
          body: messages.sms,
          dedupeKey: `receipt-sms:${order.id}`,
          locale: order.locale,
        },
        timestamp,
      );
    }
  }
}
export type OrdersService = ReturnType<typeof createOrdersService>;
