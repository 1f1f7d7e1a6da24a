/**
 * What the shop needs from a payment provider. The test gateway implements it; a real
 * provider (its hosted page, its signature scheme) is another implementation chosen by
 * PAYMENT_PROVIDER, with no change to orders or routes (docs/shop.md).
 */
import type { PaymentMethodType, SignedPaymentResult } from '../../../../src/shared/shop/api-schema';

export interface CreatePaymentInput {
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
}

export interface PaymentProvider {
  readonly id: string;
  /** Registers the payment; answers the site-relative URL of the hosted payment page. */
  createPayment(input: CreatePaymentInput): Promise<{ redirectUrl: string }>;
  /** True when the result was signed by the provider and not altered since. */
  verifySignature(result: SignedPaymentResult): Promise<boolean>;
}
