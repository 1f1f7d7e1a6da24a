/**
 * The shop inside the origin: the digital-order endpoints and the payment test gateway,
 * as one encapsulated plugin (its form-body parser stays inside it).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Db } from '../db';
import { bearerToken } from '../accounts/customer-auth';
import { readCatalogFile } from './catalog-files';
import { createDiscountCodesRepository } from './discount-codes-repository';
import { createSessionsRepository } from '../accounts/sessions-repository';
import { createOrdersRepository } from './orders-repository';
import { createProductsRepository } from './products-repository';
import { digitalOrderRoutes } from './digital-order-routes';
import { paymentGatewayRoutes } from './payment-gateway-routes';
import { createCartPricing } from './cart-pricing';
import { createOrdersService, type OrdersService } from './orders-service';
import { createTestGateway } from './payments/test-gateway';

/** Shop configuration from the environment, checked when the origin starts. */
const shopEnvSchema = z.object({
  /** Only the test gateway exists today; a real provider is another value here. */
  PAYMENT_PROVIDER: z.enum(['test-gateway']).default('test-gateway'),
  /** Overrides the signing key stored in the database (at least 32 characters). */
  PAYMENT_GATEWAY_SECRET: z.string().min(32).optional(),
  /** How often approved-but-pending orders are completed (docs/shop.md "Reconciliation"). */
  ORDER_RECONCILE_INTERVAL_MS: z.coerce.number().int().min(10).max(86_400_000).default(60_000),
});

export interface ShopPluginOptions {
  db: Db;
  env?: NodeJS.ProcessEnv;
  /** Where content/shop/catalog.json is read for the seller printed on receipts. */
  contentDir: string;
  /** Resolves the signed-in customer of a request (accounts feature); guests are null. */
  customerIdOf?: (request: FastifyRequest) => Promise<string | null>;
}

/**
 * The account behind an order: the site server adds `authorization: Bearer <session>` for
 * a signed-in customer (server/site/proxy-allow-list.ts); a guest, or a session that has
 * ended, orders as a guest (customer_id null) rather than being refused.
 */
function customerOfSession(db: Db) {
  const sessions = createSessionsRepository(db);
  return async (request: FastifyRequest): Promise<string | null> => {
    const token = bearerToken(request);
    if (!token) return null;
    return (await sessions.find(token))?.customerId ?? null;
  };
}

/**
 * Completes approved-but-pending orders when the origin starts (before it answers any
 * request) and every `intervalMs` after, one run at a time. A failed run is logged and
 * tried again at the next tick; it never stops the origin.
 */
function scheduleReconciliation(app: FastifyInstance, orders: OrdersService, intervalMs: number): void {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  // A tick that finds the previous run still going is skipped, so runs never pile up.
  const run = (): Promise<void> =>
    (running ??= orders
      .reconcile()
      .then((completed) => {
        if (completed > 0) app.log.warn(`reconciliation completed ${completed} approved order(s) left pending`);
      })
      .catch((error: unknown) => app.log.error({ err: error }, 'order reconciliation failed'))
      .finally(() => {
        running = undefined;
      }));
  app.addHook('onReady', async () => {
    await run();
    timer = setInterval(() => void run(), intervalMs);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
  });
}

export async function shopPlugin(app: FastifyInstance, options: ShopPluginOptions) {
  const parsed = shopEnvSchema.safeParse(options.env ?? process.env);
  if (!parsed.success)
    throw new Error(
      `Invalid shop configuration: ${parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ')}`,
    );
  const { db } = options;
  const gateway = createTestGateway(db, { secret: parsed.data.PAYMENT_GATEWAY_SECRET });
  const products = createProductsRepository(db);
  const ordersRepository = createOrdersRepository(db);
  const { seller } = await readCatalogFile(options.contentDir);
  const orders = createOrdersService(db, { provider: gateway, seller, warn: (message) => app.log.warn(message) });
  scheduleReconciliation(app, orders, parsed.data.ORDER_RECONCILE_INTERVAL_MS);
  digitalOrderRoutes(app, {
    pricing: createCartPricing({ products, discounts: createDiscountCodesRepository(db) }),
    orders,
    ordersRepository,
    products,
    customerIdOf: options.customerIdOf ?? customerOfSession(db),
  });
  await paymentGatewayRoutes(app, { gateway, orders: ordersRepository });
}
