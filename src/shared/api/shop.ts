/**
 * digital-order/v1 (spec §7, docs/shop.md). The request and answer schemas are the shop's
 * own (src/shared/shop/api-schema.ts, also the browser's types).
 */
import { z } from '../zod';
import {
  initializeOrderRequestSchema,
  productsQuerySchema,
  signedPaymentResultSchema,
  validateCartRequestSchema,
  washCodeCheckRequestSchema,
  initializedOrderSchema,
  orderReceiptSchema,
  productViewSchema,
  validatedCartSchema,
  washCodeStatusSchema,
} from '../shop/api-schema';
import { endpoint } from './endpoint';
import { SHOP_API_PATHS } from './paths';

/**
 * Each schema is named as a refusal calls it ("Invalid cart: items.0.quantity: ..."): the
 * servers' error handler takes a schema's description as the name of the part.
 */
const paymentResult = signedPaymentResultSchema.describe('payment result');
const washCode = washCodeCheckRequestSchema.describe('wash code');

export const shopApi = {
  validateCart: endpoint({
    method: 'POST',
    path: SHOP_API_PATHS.validateCart,
    request: { body: validateCartRequestSchema.describe('cart') },
    response: validatedCartSchema,
    errors: [
      'UNKNOWN_PRODUCT',
      'DUPLICATE_PRODUCT',
      'DISCOUNT_UNKNOWN',
      'DISCOUNT_NOT_YET_VALID',
      'DISCOUNT_EXPIRED',
      'DISCOUNT_USED_UP',
    ],
  }),
  /** Prices for the shop blocks and the wash code check of the car-wash page. */
  products: endpoint({
    method: 'GET',
    path: SHOP_API_PATHS.products,
    request: { query: productsQuerySchema.describe('query') },
    response: z.object({ items: z.array(productViewSchema) }),
    errors: [],
  }),
  initializeOrder: endpoint({
    method: 'POST',
    path: SHOP_API_PATHS.initializeOrder,
    status: 201,
    request: { body: initializeOrderRequestSchema.describe('order') },
    response: initializedOrderSchema,
    errors: [
      'UNKNOWN_PRODUCT',
      'DUPLICATE_PRODUCT',
      'PRICE_CHANGED',
      'IDEMPOTENCY_KEY_REUSED',
      'DISCOUNT_UNKNOWN',
      'DISCOUNT_NOT_YET_VALID',
      'DISCOUNT_EXPIRED',
      'DISCOUNT_USED_UP',
      'PAYMENT_PROVIDER_UNAVAILABLE',
    ],
  }),
  completeOrder: endpoint({
    method: 'POST',
    path: SHOP_API_PATHS.completeOrder,
    request: { body: paymentResult },
    response: orderReceiptSchema,
    errors: ['PAYMENT_NOT_FOUND', 'SIGNATURE_INVALID', 'SIGNATURE_EXPIRED', 'REPLAYED', 'AMOUNT_MISMATCH'],
  }),
  /** The provider's server-to-server callback; not reachable through the site's proxy. */
  paymentCallback: endpoint({
    method: 'POST',
    path: SHOP_API_PATHS.paymentCallback,
    request: { body: paymentResult },
    response: z.object({ orderId: z.string(), status: z.enum(['paid', 'pending']) }),
    errors: ['PAYMENT_NOT_FOUND', 'SIGNATURE_INVALID', 'SIGNATURE_EXPIRED', 'REPLAYED', 'AMOUNT_MISMATCH'],
  }),
  checkWashCode: endpoint({
    method: 'POST',
    path: SHOP_API_PATHS.checkWashCode,
    request: { body: washCode },
    response: washCodeStatusSchema,
    errors: [],
  }),
  /** A wash station takes a code (not proxied: stations call the origin directly). */
  redeemWashCode: endpoint({
    method: 'POST',
    path: SHOP_API_PATHS.redeemWashCode,
    request: { body: washCode },
    response: washCodeStatusSchema,
    errors: ['WASH_CODE_UNKNOWN', 'WASH_CODE_USED'],
  }),
};
