/**
 * The shop domain's repositories on one connection: the database (its plugin's decorator)
 * or a transaction of the unit of work (unit-of-work.ts), which builds them once per
 * transaction from this factory.
 */
import type { ShopDb } from './shop-tables';
import { createProductsRepository } from './products-repository';
import { createDiscountCodesRepository } from './discount-codes-repository';
import { createOrdersRepository } from './orders-repository';
import { createOrderHistoryRepository } from './order-history-repository';

export function createShopRepositories(db: ShopDb) {
  return {
    products: createProductsRepository(db),
    discountCodes: createDiscountCodesRepository(db),
    orders: createOrdersRepository(db),
    orderHistory: createOrderHistoryRepository(db),
  };
}

export type ShopRepositories = ReturnType<typeof createShopRepositories>;

declare module '../unit-of-work' {
  interface Repositories {
    shop: ShopRepositories;
  }
}
