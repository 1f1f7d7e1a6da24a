/**
 * The shop's configuration (docs/shop.md): the payment provider and its settings, and the
 * reconciliation's interval. Parsed with the rest of the origin's configuration at start-up
 * (config.ts `shop`), as the outbox's mail settings are (outbox/mail-config.ts).
 */
import { z } from 'zod';

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

export type ShopConfig = z.output<typeof shopEnvSchema>;

/** The shop's variables of `env`, or an error naming each one that is wrong or missing. */
export function loadShopConfig(env: NodeJS.ProcessEnv): ShopConfig {
  const parsed = shopEnvSchema.safeParse(env);
  if (!parsed.success)
    throw new Error(
      `Invalid shop configuration: ${parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ')}`,
    );
  return parsed.data;
}
