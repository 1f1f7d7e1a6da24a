/**
 * The shop's orders service (docs/shop.md): its use cases, one module each under orders/:
 * initialize (a pending order and payment from a cart priced on the server), complete (a
 * signed payment result marks the order paid exactly once) and reconcile (approved orders
 * left pending are completed).
 */
import type { Db } from '../db';
import { createCartPricing } from './cart-pricing';
import type { Seller } from './catalog-files';
import { createDiscountCodesRepository } from './discount-codes-repository';
import { createCompleteOrder } from './orders/complete-order';
import { createInitializeOrder } from './orders/initialize-order';
import { createReconcileOrders } from './orders/reconcile-orders';
import type { PaymentProvider } from './payments/payment-provider';
import { createProductsRepository } from './products-repository';

export function createOrdersService(
  db: Db,
  deps: {
    provider: PaymentProvider;
    /** Printed on receipts: content/shop/catalog.json `seller`. */
    seller: Seller;
    now?: () => Date;
    warn?: (message: string) => void;
  },
) {
  const useCase = { ...deps, now: deps.now ?? (() => new Date()) };
  const pricing = createCartPricing({
    products: createProductsRepository(db),
    discounts: createDiscountCodesRepository(db),
  });
  return {
    initialize: createInitializeOrder(db, { ...useCase, pricing }),
    complete: createCompleteOrder(db, useCase),
    reconcile: createReconcileOrders(db, useCase),
  };
}

export type OrdersService = ReturnType<typeof createOrdersService>;
