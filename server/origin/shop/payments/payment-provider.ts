/**
 * What the shop needs from a payment provider. The test gateway and Paytrail implement it,
 * chosen by PAYMENT_PROVIDER, with no change to orders or routes (docs/shop.md).
 */
import type { PaymentMethodType, SignedPaymentResult } from '#shared/shop/api-schema';

interface CreatePaymentInput {
  paymentId: string;
  orderId: string;
  amountCents: number;
  currency: string;
  methodType: PaymentMethodType;
  bank: string | null;
  /** Local path of the site to return to with the signed result. */
  returnPath: string;
  /**
   * ISO time after which the provider must not approve the payment (the order's discount
   * reservation ends then); null for payments made before payments had an end.
   */
  expiresAt: string | null;
  /** The payer's e-mail and the order's locale (a hosted page's language). */
  customerEmail: string;
  locale: string;
}

export interface PaymentProvider {
  readonly id: string;
  /**
   * Registers the payment (once: a retried initialize gets the same page again); answers
   * the URL of the hosted payment page, site-relative or the provider's own.
   */
  createPayment(input: CreatePaymentInput): Promise<{ redirectUrl: string }>;
  /** True when the result was signed for the shop and not altered since. */
  verifySignature(result: SignedPaymentResult): Promise<boolean>;
  /**
   * Reconciliation: asks the provider how its open payments ended and records what it
   * answers, so that the usual settling completes the approved ones. Absent for the test
   * gateway, whose decisions are recorded in shop_payments as they are made.
   */
  recordDecisionsOfOpenPayments?(now: Date): Promise<number>;
}
