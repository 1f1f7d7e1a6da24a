/**
 * The shop inside the origin: the digital-order endpoints and the payment provider's
 * routes (the test gateway's pages, or Paytrail's return and callback), as one
 * encapsulated plugin (the gateway's form-body parser stays inside it).
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
import { createPaytrail } from './payments/paytrail';
import { paytrailRoutes } from './paytrail-routes';

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
  const products = createProductsRepository(db);
  const ordersRepository = createOrdersRepository(db);
  const { seller } = await readCatalogFile(options.contentDir);
  const orders = createOrdersService(db, {
    provider: paytrail ?? gateway,
    seller,
    warn: (message) => app.log.warn(message),
  });
  scheduleReconciliation(app, orders, env.ORDER_RECONCILE_INTERVAL_MS);
  digitalOrderRoutes(app, {
    pricing: createCartPricing({ products, discounts: createDiscountCodesRepository(db) }),
    orders,
    ordersRepository,
    products,
    customerIdOf: options.customerIdOf ?? customerOfSession(db),
  });
  // The test gateway's pages exist only while it is the provider: with Paytrail nobody
  // may approve a payment on a page of the shop's own.
  if (paytrail) paytrailRoutes(app, { paytrail, orders });
  else await paymentGatewayRoutes(app, { gateway, orders: ordersRepository });
}
