/**
 * The shop's orders service (docs/shop.md): its use cases, one module each under orders/:
 * initialize (a pending order and payment from a cart priced on the server), complete (a
 * signed payment result marks the order paid exactly once) and reconcile (approved orders
 * left pending are completed).
 */
import type { Transact } from '../unit-of-work';
import type { ShopRepositories } from './shop-repositories';
import { createCartPricing } from './cart-pricing';
import type { Seller } from './catalog-files';
import { createCompleteOrder } from './orders/complete-order';
import { createInitializeOrder } from './orders/initialize-order';
import { createReconcileOrders } from './orders/reconcile-orders';
import type { PaymentProvider } from './payments/payment-provider';

export function createOrdersService(
  shop: ShopRepositories,
  transaction: Transact,
  deps: {
    provider: PaymentProvider;
    /** Printed on receipts: content/shop/catalog.json `seller`. */
    seller: Seller;
    now?: () => Date;
    warn?: (message: string) => void;
  },
) {
  const useCase = { ...deps, now: deps.now ?? (() => new Date()) };
  const pricing = createCartPricing({ products: shop.products, discounts: shop.discountCodes });
  return {
    initialize: createInitializeOrder(shop, transaction, { ...useCase, pricing }),
    complete: createCompleteOrder(shop, transaction, useCase),
    reconcile: createReconcileOrders(shop, transaction, useCase),
  };
}

export type OrdersService = ReturnType<typeof createOrdersService>;
