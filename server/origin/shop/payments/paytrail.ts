/**
 * Paytrail (docs/shop.md "Paytrail"), the Finnish payment service, through its public API
 * (https://docs.paytrail.com): POST /payments registers a payment and answers its hosted
 * page; the payer comes back to the site's redirect URL and Paytrail calls the callback
 * URL, both with signed `checkout-*` query parameters; GET /payments/{transactionId}
 * tells how a payment ended (reconciliation). Requests and answers are signed both ways
 * (paytrail-signature.ts).
 *
 * A verified return or callback is recorded as the payment's one decision and handed on
 * as the shop's own signed result, the same the test gateway issues, so completing the
 * order (exactly once, replay checks) is the orders service's as for any provider.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import type { PaymentResultStatus, SignedPaymentResult } from '#shared/shop/api-schema';
import type { PaytrailRedirectParams } from '#shared/shop/paytrail-params';
import type { ShopDb } from '../shop-tables';
import { HttpError } from '../../errors';
import type { ShopPaymentsTable } from '../shop-tables';
import type { PaymentProvider } from './payment-provider';
import { isPaytrailSignatureValid, paytrailSignature } from './paytrail-signature';
import { signedPaymentResult, verifyPaymentSignature } from './signature';

const PAYTRAIL_ID = 'paytrail';
/** The site server's routes Paytrail sends the payer back to and calls (server/site/routes/paytrail.ts). */
const PAYTRAIL_RETURN_PATH = '/payment-return/paytrail';
const PAYTRAIL_CALLBACK_PATH = '/payment-callback/paytrail';

export interface PaytrailConfig {
  merchantId: string;
  secret: string;
  /** https://services.paytrail.com, or a local fake in tests. */
  apiUrl: string;
  /** The site's public origin, for the redirect and callback URLs (never a request's Host). */
  siteUrl: string;
  timeoutMs: number;
}

export interface Paytrail extends PaymentProvider {
  /**
   * Checks a return or callback and records its decision; answers the shop's signed result
   * and the site path to send the payer to, or no result while Paytrail reports the payment
   * still open (pending, delayed).
   */
  recordReturn(
    params: PaytrailRedirectParams,
    now?: Date,
  ): Promise<{ returnPath: string; result: SignedPaymentResult | null }>;
}

/** Paytrail's hosted page speaks Finnish, Swedish and English. */
const LANGUAGE: Record<string, 'FI' | 'SV' | 'EN'> = { 'fi-FI': 'FI', 'sv-SE': 'SV', 'en-EU': 'EN', 'no-NO': 'EN' };
const CARD_PROVIDERS = new Set(['creditcard', 'amex', 'applepay', 'googlepay']);
const STATUS_OF: Partial<Record<string, PaymentResultStatus>> = { ok: 'approved', fail: 'cancelled' };

/** Paytrail's payment method id as the receipt's method ('card:creditcard', 'bank:osuuspankki'). */
function paymentMethodOf(provider: string | undefined): string {
  const id = (provider ?? '').replace(/[^a-z]/g, '').slice(0, 20);
  const name = id.length >= 2 ? id : 'paytrail';
  return `${CARD_PROVIDERS.has(name) ? 'card' : 'bank'}:${name}`;
}

/** A failure of Paytrail's API: the checkout answers 502 and nothing is decided. */
function unavailable(what: string, cause?: unknown): HttpError {
  const error = new HttpError(502, 'PAYMENT_PROVIDER_UNAVAILABLE', `The payment service did not answer: ${what}`);
  if (cause) (error as Error & { cause?: unknown }).cause = cause;
  return error;
}

/** Signed calls of Paytrail's API with this merchant's credentials. */
function paytrailCall(config: PaytrailConfig) {
  /** One signed call of Paytrail's API; its answer's signature is checked before it is read. */
  async function call(method: 'GET' | 'POST', path: string, body?: object, transactionId?: string): Promise<unknown> {
    const text = body ? JSON.stringify(body) : '';
    const headers: Record<string, string> = {
      'checkout-account': config.merchantId,
      'checkout-algorithm': 'sha256',
      'checkout-method': method,
      'checkout-nonce': randomUUID(),
      'checkout-timestamp': new Date().toISOString(),
      ...(transactionId ? { 'checkout-transaction-id': transactionId } : {}),
    };
    headers.signature = paytrailSignature(config.secret, headers, text);
    let response: Response;
    try {
      response = await fetch(`${config.apiUrl}${path}`, {
        method,
        headers: { ...headers, ...(body ? { 'content-type': 'application/json; charset=utf-8' } : {}) },
        ...(body ? { body: text } : {}),
        signal: AbortSignal.timeout(config.timeoutMs),
      });
    } catch (error) {
      throw unavailable(`${method} ${path}: ${(error as Error).message}`, error);
    }
    const answer = await response.text().catch(() => '');
    if (!response.ok) throw unavailable(`${method} ${path} answered ${response.status}: ${answer.slice(0, 200)}`);
    const answerHeaders = Object.fromEntries(response.headers.entries());
    if (!isPaytrailSignatureValid(config.secret, answerHeaders, answer, answerHeaders.signature))
      throw unavailable(`${method} ${path}: the answer's signature does not match`);
    try {
      return JSON.parse(answer) as unknown;
    } catch (error) {
      throw unavailable(`${method} ${path}: the answer is not JSON`, error);
    }
  }

  return call;
}

/** Paytrail's payments in the shop's tables: the result key, the rows and their decisions. */
function paytrailPayments(db: ShopDb) {
  let resultKey: string | undefined;
  async function key(): Promise<string> {
    resultKey ??= (
      await db
        .selectFrom('shop_provider_keys')
        .select('secret')
        .where('provider', '=', PAYTRAIL_ID)
        .executeTakeFirstOrThrow()
    ).secret;
    return resultKey;
  }

  function findPayment(paymentId: string): Promise<ShopPaymentsTable | undefined> {
    return db.selectFrom('shop_payments').selectAll().where('id', '=', paymentId).executeTakeFirst();
  }

  /**
   * Records Paytrail's word on a payment: a waiting payment takes it; a cancelled one can
   * still become approved (the payer went back to the hosted page and paid: the money is
   * taken, so the order must be paid); nothing else changes a decision. Answers the row after.
   */
  async function decide(payment: ShopPaymentsTable, status: PaymentResultStatus, method: string, now: Date) {
    await db
      .updateTable('shop_payments')
      .set({
        status,
        result_method: method,
        result_nonce: randomBytes(16).toString('hex'),
        decided_at: now.toISOString(),
      })
      .where('id', '=', payment.id)
      .where((eb) =>
        status === 'approved'
          ? eb.or([eb('status', '=', 'created'), eb('status', '=', 'cancelled')])
          : eb('status', '=', 'created'),
      )
      .execute();
    return (await findPayment(payment.id))!;
  }

  return {
    key,
    find: findPayment,
    decide,
    /** Stores Paytrail's transaction of a payment; two initialize retries at once: the first stands. */
    async storeReference(paymentId: string, transactionId: string, href: string) {
      await db
        .updateTable('shop_payments')
        .set({ provider_reference: transactionId, provider_url: href })
        .where('id', '=', paymentId)
        .where('provider_reference', 'is', null)
        .execute();
      return findPayment(paymentId);
    },
    /** Open Paytrail payments created since `since` (at most 100, oldest first). */
    openSince(since: Date) {
      return db
        .selectFrom('shop_payments')
        .selectAll()
        .where('provider', '=', PAYTRAIL_ID)
        .where('status', '=', 'created')
        .where('provider_reference', 'is not', null)
        .where('created_at', '>=', since.toISOString())
        .orderBy('created_at')
        .limit(100)
        .execute();
    },
  };
}

// eslint-disable-next-line max-lines-per-function -- the provider is one closure over its configuration, database and result key whose methods (create a payment, verify, record a return, poll open payments) are each short and share the signed API call and the decision helpers.
export function createPaytrail(database: ShopDb, config: PaytrailConfig): Paytrail {
  const payments = paytrailPayments(database);
  const call = paytrailCall(config);
  return {
    id: PAYTRAIL_ID,

    async createPayment(input) {
      const payment = await payments.find(input.paymentId);
      if (payment?.provider_url) return { redirectUrl: payment.provider_url };
      if (input.currency !== 'EUR')
        throw new HttpError(500, 'PAYMENT_PROVIDER_CONFIGURATION', 'Paytrail takes payments in euros only');
      // A new stamp per attempt: Paytrail refuses a stamp twice, and an attempt whose answer
      // was lost must not block the retry. The stamp starts with the payment id.
      const stamp = `${input.paymentId}-${randomBytes(4).toString('hex')}`;
      const returnUrl = `${config.siteUrl}${PAYTRAIL_RETURN_PATH}`;
      const callbackUrl = `${config.siteUrl}${PAYTRAIL_CALLBACK_PATH}`;
      const answer = (await call('POST', '/payments', {
        stamp,
        reference: input.orderId,
        amount: input.amountCents,
        currency: 'EUR',
        language: LANGUAGE[input.locale] ?? 'EN',
        customer: { email: input.customerEmail },
        redirectUrls: { success: returnUrl, cancel: returnUrl },
        callbackUrls: { success: callbackUrl, cancel: callbackUrl },
      })) as { transactionId?: unknown; href?: unknown };
      const { transactionId, href } = answer;
      if (
        typeof transactionId !== 'string' ||
        !/^[A-Za-z0-9._-]{1,100}$/.test(transactionId) ||
        typeof href !== 'string' ||
        !/^https?:$/.test(URL.canParse(href) ? new URL(href).protocol : '')
      )
        throw unavailable('POST /payments answered without a transaction id and a payment page');
      const stored = await payments.storeReference(input.paymentId, transactionId, href);
      return { redirectUrl: stored?.provider_url ?? href };
    },

    async verifySignature(result) {
      return verifyPaymentSignature(await payments.key(), result);
    },

    async recordReturn(params, now = new Date()) {
      if (
        !isPaytrailSignatureValid(config.secret, params, '', params.signature) ||
        params['checkout-account'] !== config.merchantId
      )
        throw new HttpError(400, 'SIGNATURE_INVALID', 'The payment result signature does not match its contents');
      const paymentId = params['checkout-stamp'].replace(/-[a-f0-9]{8}$/, '');
      const payment = await payments.find(paymentId);
      if (!payment || payment.provider !== PAYTRAIL_ID || payment.order_id !== params['checkout-reference'])
        throw new HttpError(404, 'PAYMENT_NOT_FOUND', `No payment ${paymentId.slice(0, 60)}`);
      // Signed by Paytrail, but for another transaction than the one this payment has now.
      if (payment.provider_reference !== params['checkout-transaction-id'])
        throw new HttpError(409, 'REPLAYED', 'This payment result is not the one issued for the payment');
      if (Number(params['checkout-amount']) !== payment.amount_cents)
        throw new HttpError(409, 'AMOUNT_MISMATCH', 'The paid amount is not the amount of the payment');
      const status = STATUS_OF[params['checkout-status']];
      if (!status) return { returnPath: payment.return_path, result: null };
      const decided = await payments.decide(payment, status, paymentMethodOf(params['checkout-provider']), now);
      if (decided.status !== status)
        throw new HttpError(409, 'REPLAYED', `This payment has already been ${decided.status}`);
      return { returnPath: decided.return_path, result: signedPaymentResult(await payments.key(), decided) };
    },

    async recordDecisionsOfOpenPayments(now) {
      // Open Paytrail payments of the last week (older ones Paytrail has ended anyway).
      const open = await payments.openSince(new Date(now.getTime() - 7 * 86_400_000));
      let recorded = 0;
      const failures: unknown[] = [];
      for (const payment of open) {
        try {
          const answer = (await call(
            'GET',
            `/payments/${encodeURIComponent(payment.provider_reference!)}`,
            undefined,
            payment.provider_reference!,
          )) as { status?: unknown; provider?: unknown; amount?: unknown };
          const status = typeof answer.status === 'string' ? STATUS_OF[answer.status] : undefined;
          if (!status) continue;
          if (status === 'approved' && answer.amount !== payment.amount_cents)
            throw new Error(`Paytrail reports ${String(answer.amount)} paid for payment ${payment.id}`);
          const method = paymentMethodOf(typeof answer.provider === 'string' ? answer.provider : undefined);
          if ((await payments.decide(payment, status, method, now)).status === status) recorded += 1;
        } catch (error) {
          failures.push(error);
        }
      }
      if (failures.length > 0)
        throw new AggregateError(failures, `Paytrail status of ${failures.length} open payment(s) unknown`);
      return recorded;
    },
  };
}
