/**
 * The shop domain as a plugin: the digital-order endpoints, the customer's order history,
 * and the payment provider's routes (the test gateway's pages, or Paytrail's return and
 * callback). The routes sit in an encapsulated child (the gateway's form-body parser stays
 * inside it); the orders service is the shop's public service (`app.shop`). The customer
 * behind a request comes from the auth plugin.
 */
import fp from 'fastify-plugin';
import { z } from 'zod';
import type { ShopDb } from './shop-tables';
import { createShopRepositories } from './shop-repositories';
import { readCatalogFile } from './catalog-files';
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

/** Shop configuration from the environment, checked when the origin starts. */
const shopEnvSchema = z
  .object({
    /** The payment provider of new payments (docs/shop.md "Switching the payment provider"). */
    PAYMENT_PROVIDER: z.enum(['test-gateway', 'paytrail']).default('test-gateway'),
    /** Overrides the signing key stored in the database (at least 32 characters). */
    PAYMENT_GATEWAY_SECRET: z.string().min(32).optional(),
    /** How often approved-but-pending orders are completed (docs/shop.md "Reconciliation"). */
    ORDER_RECONCILE_INTERVAL_MS: z.coerce.number().int().min(10).max(86_400_000).default(60_000),
    PAYTRAIL_MERCHANT_ID: z
      .string()
      .regex(/^\d{1,12}$/, 'must be the merchant id Paytrail gave (digits)')
      .optional(),
    PAYTRAIL_SECRET: z.string().min(8).optional(),
    /** Paytrail's API; a local fake in tests. */
    PAYTRAIL_API_URL: z
      .string()
      .regex(/^https?:\/\/[^\s/]+$/, 'must be scheme://host[:port]')
      .default('https://services.paytrail.com'),
    /** The site's public origin: Paytrail sends the payer back to it and calls it. */
    PAYTRAIL_SITE_URL: z
      .string()
      .regex(/^https?:\/\/[^\s/]+$/, 'must be scheme://host[:port]')
      .optional(),
    PAYTRAIL_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
  })
  .superRefine((env, context) => {
    if (env.PAYMENT_PROVIDER !== 'paytrail') return;
    for (const name of ['PAYTRAIL_MERCHANT_ID', 'PAYTRAIL_SECRET', 'PAYTRAIL_SITE_URL'] as const)
      if (!env[name])
        context.addIssue({ code: 'custom', path: [name], message: 'is required with PAYMENT_PROVIDER=paytrail' });
  });

export interface ShopPluginOptions {
  /** The payment providers keep their keys and payments' states in it (payments/). */
  db: ShopDb;
  env?: NodeJS.ProcessEnv;
  /** Where content/shop/catalog.json is read for the seller printed on receipts. */
  contentDir: string;
}

export const shopPlugin = fp<ShopPluginOptions>(
  async (app, options) => {
    const parsed = shopEnvSchema.safeParse(options.env ?? process.env);
    if (!parsed.success)
      throw new Error(
        `Invalid shop configuration: ${parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ')}`,
      );
    const { db } = options;
    const env = parsed.data;
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
