/**
 * The shop domain as a plugin: the digital-order endpoints, the customer's order history,
 * and the payment provider's routes (the test gateway's pages, or Paytrail's return and
 * callback). The routes sit in an encapsulated child (the gateway's form-body parser stays
 * inside it); the orders service is the shop's public service (`app.shop`). The customer
 * behind a request comes from the auth plugin.
 */
import fp from 'fastify-plugin';
import type { ShopDb } from './shop-tables';
import { createShopRepositories } from './shop-repositories';
import { readCatalogFile } from './catalog-files';
import { loadShopConfig, type ShopConfig } from './shop-config';
import { digitalOrderRoutes } from './digital-order-routes';
import { paymentGatewayRoutes } from './payment-gateway-routes';
import { createCartPricing } from './cart-pricing';
import { createOrdersService, type OrdersService } from './orders-service';
import { createTestGateway } from './payments/test-gateway';
import { createPaytrail } from './payments/paytrail';
import { paytrailRoutes } from './paytrail-routes';
import { scheduleReconciliation } from './orders/reconcile-orders';
import { orderHistoryRoutes } from './order-history-routes';

declare module 'fastify' {
  interface FastifyInstance {
    shop: { orders: OrdersService };
  }
}

export interface ShopPluginOptions {
  /** The payment providers keep their keys and payments' states in it (payments/). */
  db: ShopDb;
  /** The shop's configuration (config.ts `shop`); read from `env` (process.env by default) when absent. */
  config?: ShopConfig | undefined;
  env?: NodeJS.ProcessEnv;
  /** Where content/shop/catalog.json is read for the seller printed on receipts. */
  contentDir: string;
}

export const shopPlugin = fp<ShopPluginOptions>(
  async (app, options) => {
    const { db } = options;
    const env = options.config ?? loadShopConfig(options.env ?? process.env);
    const gateway = createTestGateway(db, { secret: env.PAYMENT_GATEWAY_SECRET });
    const paytrail =
      env.PAYMENT_PROVIDER === 'paytrail'
        ? createPaytrail(db, {
            merchantId: env.PAYTRAIL_MERCHANT_ID!,
            secret: env.PAYTRAIL_SECRET!,
            apiUrl: env.PAYTRAIL_API_URL,
            siteUrl: env.PAYTRAIL_SITE_URL!,
            timeoutMs: env.PAYTRAIL_TIMEOUT_MS,
          })
        : undefined;
    const shop = app.provideRepositories('shop', createShopRepositories);
    const { seller } = await readCatalogFile(options.contentDir);
    const orders = createOrdersService(shop, app.transaction, {
      provider: paytrail ?? gateway,
      seller,
      warn: (message) => app.log.warn(message),
    });
    app.decorate('shop', { orders });
    scheduleReconciliation(app, orders.reconcile, env.ORDER_RECONCILE_INTERVAL_MS);
    const { auth } = app;
    await app.register(async (routes) => {
      digitalOrderRoutes(routes, {
        pricing: createCartPricing({ products: shop.products, discounts: shop.discountCodes }),
        orders,
        ordersRepository: shop.orders,
        products: shop.products,
        customerIdOf: auth.customerIdOf,
      });
      orderHistoryRoutes(routes, { orders: shop.orderHistory, auth });
      // The test gateway's pages exist only while it is the provider: with Paytrail nobody
      // may approve a payment on a page of the shop's own.
      if (paytrail) paytrailRoutes(routes, { paytrail, orders });
      else await paymentGatewayRoutes(routes, { gateway, orders: shop.orders });
    });
  },
  { name: 'shop', fastify: '5.x', dependencies: ['unit-of-work', 'auth'] },
);
