/**
 * Request and answer shapes of the digital-order endpoints (spec §7, docs/shop.md). The
 * origin checks requests with these zod schemas; the browser imports only the types (no
 * zod in the browser bundle). Money in answers is euros with two decimals, computed from
 * integer cents on the server.
 */
import { LOCALE_INFO, type Country, type Locale, type ShopCurrency } from '../locales';
import { PERSON_NAME_RULES } from '../rules/forms';
import { readPhone } from '../rules/phone';
import { TELEPHONE_PREFIXES } from '../rules/telephone-prefixes';
import { validateField } from '../rules/validation';
import { z } from '../zod';
import { EMAIL_MAX_LENGTH, MAX_CART_LINES, MAX_QUANTITY, NAME_MAX_LENGTH } from '../rules/limits';
import { PAYMENT_RESULT_STATUSES } from '../rules/states';

const PAYMENT_METHODS = ['card', 'bank'] as const;
export type PaymentMethodType = (typeof PAYMENT_METHODS)[number];

/**
 * Online banks offered by the payment test gateway, per country: a customer pays with a
 * bank of the country of the locale's site (en-EU is Finland's). Ids are unique across
 * countries, so an order's bank names one bank; banks present in several countries (Nordea,
 * Danske Bank, Handelsbanken) have one id. docs/shop.md "Payment".
 */
export const BANKS = [
  { id: 'nordea', name: 'Nordea', countries: ['FI', 'SE', 'NO'] },
  { id: 'op', name: 'OP', countries: ['FI'] },
  { id: 'danske', name: 'Danske Bank', countries: ['FI', 'SE', 'NO'] },
  { id: 'spankki', name: 'S-Pankki', countries: ['FI'] },
  { id: 'aktia', name: 'Aktia', countries: ['FI'] },
  { id: 'swedbank', name: 'Swedbank', countries: ['SE'] },
  { id: 'seb', name: 'SEB', countries: ['SE'] },
  { id: 'handelsbanken', name: 'Handelsbanken', countries: ['SE', 'NO'] },
  { id: 'dnb', name: 'DNB', countries: ['NO'] },
  { id: 'sparebank', name: 'SpareBank 1', countries: ['NO'] },
] as const satisfies readonly { id: string; name: string; countries: readonly Country[] }[];
const BANK_IDS = BANKS.map((bank) => bank.id) as [string, ...string[]];
export type Bank = (typeof BANKS)[number];

/** The banks a locale's customers are offered, in the order shown. */
export function banksFor(locale: Locale): Bank[] {
  const country = LOCALE_INFO[locale].country;
  return BANKS.filter((bank) => (bank.countries as readonly Country[]).includes(country));
}

/** The chosen bank when the locale offers it, else the locale's first (a choice kept from another site). */
export function offeredBank(locale: Locale, chosen: string | null | undefined): string {
  const offered = banksFor(locale);
  return offered.find((bank) => bank.id === chosen)?.id ?? offered[0]!.id;
}

const productCode = z
  .string()
  .trim()
  .min(1, 'code must not be empty')
  .max(64)
  .regex(/^[A-Za-z0-9_-]+$/, 'code may hold only letters, digits, - and _');

const cartLineSchema = z.object({
  code: productCode,
  quantity: z
    .number({ error: 'quantity must be a number' })
    .int('quantity must be a whole number')
    .min(1, 'quantity must be at least 1')
    .max(MAX_QUANTITY, `quantity must be at most ${MAX_QUANTITY}`),
  showUpsell: z.boolean().default(true),
});

const discountCodeSchema = z.string().trim().min(1).max(40);

export const validateCartRequestSchema = z.object({
  items: z.array(cartLineSchema).max(MAX_CART_LINES, `a cart holds at most ${MAX_CART_LINES} products`),
  discountCode: discountCodeSchema.optional(),
  customerEmail: z.email().max(EMAIL_MAX_LENGTH).optional(),
});
export type ValidateCartRequest = z.input<typeof validateCartRequestSchema>;

/** The one name rule (rules/forms.ts), as registration and My details check it. */
const personName = z
  .string()
  .trim()
  .min(1)
  .max(NAME_MAX_LENGTH)
  .refine(
    (value) => validateField(value, PERSON_NAME_RULES) === null,
    'a name must not contain markup or control characters (< > { } [ ] \\ ` ^ | ~ $)',
  );

const customerDataSchema = z
  .object({
    email: z.email().max(EMAIL_MAX_LENGTH),
    firstname: personName,
    lastname: personName,
    telephonePrefix: z.enum(TELEPHONE_PREFIXES),
    // Empty when the customer wants no text message (phoneNeeded below says when it is needed).
    telephoneNumber: z
      .string()
      .trim()
      .regex(/^(?:\d{4,14})?$/, 'telephoneNumber must be 4 to 14 digits'),
    marketing: z
      .array(z.enum(['email', 'sms']))
      .max(2)
      .default([]),
  })
  // The one phone rule (the checkout's and My details'): the national number must be a
  // possible number of the prefix's country, as the checkout sends it.
  .refine(
    (data) =>
      data.telephoneNumber === '' ||
      readPhone(data.telephoneNumber, data.telephonePrefix)?.telephonePrefix === data.telephonePrefix,
    { path: ['telephoneNumber'], message: 'telephoneNumber is not a possible number of telephonePrefix' },
  );

/**
 * The phone is asked for only where it is used (docs/shop.md "Checkout"): the wash codes
 * by text message, or marketing by SMS. Otherwise an order needs none.
 */
export function phoneNeeded(choices: { sendSms: boolean; marketing: readonly string[] }): boolean {
  return choices.sendSms || choices.marketing.includes('sms');
}

export const initializeOrderRequestSchema = z
  .object({
    idempotencyKey: z.string().regex(/^[A-Za-z0-9-]{16,64}$/, 'idempotencyKey must be 16 to 64 letters, digits or -'),
    items: validateCartRequestSchema.shape.items.min(1, 'the cart is empty'),
    discountCode: discountCodeSchema.optional(),
    customer: customerDataSchema,
    sendSms: z.boolean().default(false),
    payment: z.object({ type: z.enum(PAYMENT_METHODS), bank: z.enum(BANK_IDS).optional() }),
    /** The total the customer saw (euros); a different server total is a 409 PRICE_CHANGED. */
    expectedTotal: z.number().nonnegative(),
    /** Site path the gateway returns to; must be a local path (no open redirect). */
    returnPath: z
      .string()
      .max(300)
      .regex(/^\/(?!\/)[A-Za-z0-9/_.~-]*$/, 'returnPath must be a local path such as /kassa/maksu'),
  })
  .refine(
    (order) =>
      !phoneNeeded({ sendSms: order.sendSms, marketing: order.customer.marketing }) ||
      order.customer.telephoneNumber !== '',
    {
      path: ['customer', 'telephoneNumber'],
      message: 'a phone number is needed for text messages (sendSms or SMS marketing)',
    },
  );

export type { PaymentResultStatus } from '../rules/states';

/** The signed result the gateway hands to the browser (query string) and the callback. */
export const signedPaymentResultSchema = z.object({
  orderId: z.string().regex(/^ORD-[A-Z0-9]{10,40}$/, 'orderId is not an order id'),
  paymentId: z.string().regex(/^PAY-[A-Z0-9]{10,40}$/, 'paymentId is not a payment id'),
  status: z.enum(PAYMENT_RESULT_STATUSES),
  method: z.string().regex(/^(card|bank):[a-z]{2,20}$/, 'method must be card:<brand> or bank:<id>'),
  timestamp: z.coerce.number().int().positive(),
  nonce: z.string().regex(/^[a-f0-9]{32}$/, 'nonce must be 32 hex digits'),
  signature: z.string().regex(/^[a-f0-9]{64}$/, 'signature must be 64 hex digits'),
});
export type SignedPaymentResult = z.infer<typeof signedPaymentResultSchema>;

export const washCodeCheckRequestSchema = z.object({ code: z.string().trim().min(1).max(60) });

// Answers: the origin builds them from checked data; the browser's shop reads them with
// these schemas (src/features/shop/api/shop-api.ts), so an answer of another shape is a
// bad answer there, not a cart built on a guess.

export const productViewSchema = z.object({
  code: z.string(),
  name: z.string(),
  attributes: z.object({
    product_name: z.string(),
    price: z.number(),
    tax_class: z.array(z.string()),
    currency: z.array(z.string()),
  }),
  /** Gross unit price in euros. */
  unitPrice: z.number(),
  taxPercentage: z.number(),
  image: z.object({ src: z.string(), alt: z.string() }).optional(),
  bundleMembers: z.array(
    z.object({ amount: z.number(), product: z.object({ code: z.string(), globalName: z.string() }) }),
  ),
  showUpsell: z.boolean(),
});
export type ProductView = z.infer<typeof productViewSchema>;

const totalsSchema = z.object({
  subtotal: z.number(),
  discount: z.number(),
  taxAmount: z.number(),
  totalWithTax: z.number(),
  totalWithoutTax: z.number(),
});
export type Totals = z.infer<typeof totalsSchema>;

export const validatedCartSchema = z.object({
  items: z.array(
    z.object({
      quantity: z.number(),
      product: productViewSchema,
      upsellProducts: z.array(z.object({ quantity: z.number(), product: productViewSchema })),
    }),
  ),
  totals: totalsSchema,
  discountCode: z.object({ code: z.string(), kind: z.enum(['percentage', 'fixed']), value: z.number() }).nullable(),
  currency: z.literal('EUR' satisfies ShopCurrency),
});
export type ValidatedCart = z.infer<typeof validatedCartSchema>;

export const initializedOrderSchema = z.object({
  orderId: z.string(),
  paymentId: z.string(),
  /** Site-relative URL of the hosted payment page. */
  paymentUrl: z.string(),
  totals: totalsSchema,
});
export type InitializedOrder = z.infer<typeof initializedOrderSchema>;

export const orderReceiptSchema = z.object({
  orderId: z.string(),
  status: z.enum(['paid', 'pending']),
  paymentStatus: z.enum(['approved', 'declined', 'cancelled', 'pending']),
  /** True when this call did not change the order (a reload, or the callback came first). */
  alreadyCompleted: z.boolean(),
  paidAt: z.string().nullable(),
  email: z.string(),
  items: z.array(
    z.object({
      code: z.string(),
      name: z.string(),
      quantity: z.number(),
      unitPrice: z.number(),
      lineTotal: z.number(),
      washCodes: z.array(z.string()),
    }),
  ),
  totals: totalsSchema,
  paymentMethod: z.string(),
});
export type OrderReceipt = z.infer<typeof orderReceiptSchema>;

export const washCodeStatusSchema = z.object({ code: z.string(), status: z.enum(['valid', 'used', 'unknown']) });
export type WashCodeStatus = z.infer<typeof washCodeStatusSchema>;

/** Test cards the gateway offers (brand id → label); a real provider has its own. */
export const TEST_CARDS = [
  { id: 'visa', name: 'Visa •••• 4242' },
  { id: 'mastercard', name: 'Mastercard •••• 5454' },
] as const;

export const productsQuerySchema = z.object({
  codes: z
    .string()
    .max(2000)
    .transform((value) => value.split(',').filter((code) => code !== ''))
    .pipe(z.array(productCode).min(1, 'codes must list at least one product code').max(MAX_CART_LINES)),
});
