/** Origin configuration from the environment, checked at start-up (docs/style.md rule 7). */
import { resolve } from 'node:path';
import { z } from 'zod';
import { shutdownSchema, type ShutdownSettings } from '../common/lifecycle';
import { logLevelFor, logLevelSchema, type LogLevel } from '../logging';
import { loadMailConfig, type MailConfig } from './outbox/mail-config';
import { loadShopConfig, type ShopConfig } from './shop/shop-config';
import { metricsHostSchema, metricsPortSchema, type MetricsListenerConfig } from '../common/metrics';
import { SCRYPT_COST, type ScryptCost } from './auth/secrets';
import { redisUrlSchema } from '../common/station-live-notices';

const schema = z.object({
  DATA_DIR: z.string().min(1).optional(),
  DATABASE_URL: z.string().url().optional(),
  ORIGIN_HOST: z.string().default('127.0.0.1'),
  ORIGIN_PORT: z.coerce.number().int().min(0).max(65535).default(0),
  CONTENT_DIR: z.string().default('./content'),
  LOG_LEVEL: logLevelSchema,
  // The origin's Prometheus metrics, embedded or on its own: a port of their own, apart from
  // the site server's METRICS_PORT, so both run on one machine (docs/operations.md "Metrics").
  ORIGIN_METRICS_PORT: metricsPortSchema,
  METRICS_HOST: metricsHostSchema,
  // The site's public origins, comma-separated (https://www.st1.fi,https://www.st1.com):
  // the only bases links in e-mails may have. Unset: loopback bases only (development).
  SITE_URLS: z.string().optional(),
  // The origin run on its own (npm run start:origin, server/origin/main.ts).
  ...shutdownSchema,
  // Bearer tokens of the station data imports (docs/stations.md "Import API"); unset: that import is off.
  PRICE_IMPORT_TOKEN: z.string().min(32, 'PRICE_IMPORT_TOKEN must be at least 32 characters').optional(),
  // The caches in front (Varnish, a CDN's purge address), comma-separated: each gets
  // `PURGE` by surrogate key when content or station data change (outbox/cache-purges.ts).
  CACHE_PURGE_URLS: z.string().optional(),
  CHARGER_STATUS_IMPORT_TOKEN: z
    .string()
    .min(32, 'CHARGER_STATUS_IMPORT_TOKEN must be at least 32 characters')
    .optional(),
  // scrypt's N for new password hashes (auth/secrets.ts): the product's 2^15 unless raised.
  // The tests lower it (each hash of theirs costs ~2 ms instead of ~100), never production.
  PASSWORD_SCRYPT_N: z.coerce
    .number()
    .int()
    .min(2 ** 10)
    .max(2 ** 20)
    .refine((n) => Number.isInteger(Math.log2(n)), 'must be a power of two')
    .default(SCRYPT_COST.N),
  // The Redis the site servers share: a committed live-data import is announced on it
  // (docs/stations.md "Live while open"); unset, the site servers poll instead.
  REDIS_URL: redisUrlSchema,
});

/** "https://www.st1.fi, https://st1.com/" → their origins; a value that is not one is refused. */
function parseSiteUrls(value: string | undefined): string[] {
  const entries = (value ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
  return entries.map((entry) => {
    const url = URL.canParse(entry) ? new URL(entry) : undefined;
    if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:') || url.origin !== entry.replace(/\/+$/, ''))
      throw new Error(`Invalid origin configuration: SITE_URLS: "${entry}" is not scheme://host[:port]`);
    return url.origin;
  });
}

/** "http://10.0.0.5:6081/, http://10.0.0.6:6081/" → the URLs; one that is not http(s) is refused. */
function parsePurgeUrls(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)
    .map((entry) => {
      const url = URL.canParse(entry) ? new URL(entry) : undefined;
      if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:'))
        throw new Error(`Invalid origin configuration: CACHE_PURGE_URLS: "${entry}" is not an http(s) URL`);
      return url.href;
    });
}

export interface OriginConfig {
  dataDir: string;
  /** Whether DATA_DIR was given: only the default ./data is created when missing. */
  dataDirGiven: boolean;
  databaseUrl: string | undefined;
  host: string;
  port: number;
  contentDir: string;
  /** The same LOG_LEVEL as the site server's (server/logging.ts). */
  logLevel: LogLevel;
  /** SITE_URLS: the origins links in e-mails may point to; empty means loopback only. */
  siteUrls: string[];
  /** SMTP_URL, senders and the outbox worker's timing (outbox/mail-config.ts). */
  mail: MailConfig;
  /** SHUTDOWN_DRAIN_MS and SHUTDOWN_TIMEOUT_MS, for the origin run on its own (server/common/lifecycle.ts). */
  shutdown: ShutdownSettings;
  /** PRICE_IMPORT_TOKEN and CHARGER_STATUS_IMPORT_TOKEN: who may push live station data. */
  importTokens: { prices?: string | undefined; chargerStatuses?: string | undefined };
  /** METRICS_HOST and ORIGIN_METRICS_PORT: where the origin serves /metrics; no port, none. */
  metrics: MetricsListenerConfig;
  /** CACHE_PURGE_URLS: where purges by surrogate key go; none by default. */
  cachePurgeUrls: string[];
  /** REDIS_URL: where committed live-data imports are announced to the site servers; none by default. */
  redisUrl: string | undefined;
  /** PAYMENT_PROVIDER, PAYTRAIL_* and the reconciliation's interval (shop/shop-config.ts). */
  shop: ShopConfig;
  /** PASSWORD_SCRYPT_N: the scrypt cost of new password hashes (auth/secrets.ts SCRYPT_COST by default). */
  passwordCost: ScryptCost;
}

export function loadOriginConfig(env: NodeJS.ProcessEnv = process.env): OriginConfig {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ');
    throw new Error(`Invalid origin configuration: ${problems}`);
  }
  const values = parsed.data;
  if (
    values.ORIGIN_METRICS_PORT !== undefined &&
    values.ORIGIN_METRICS_PORT !== 0 &&
    values.ORIGIN_METRICS_PORT === values.ORIGIN_PORT
  )
    throw new Error('Invalid origin configuration: ORIGIN_METRICS_PORT: must differ from ORIGIN_PORT');
  // A cheaper hash is for the test suite alone: `npm start` runs with NODE_ENV=production.
  if (values.PASSWORD_SCRYPT_N < SCRYPT_COST.N && env.NODE_ENV === 'production')
    throw new Error(
      `Invalid origin configuration: PASSWORD_SCRYPT_N: below ${SCRYPT_COST.N} only outside production (NODE_ENV=production)`,
    );
  return {
    dataDir: resolve(values.DATA_DIR ?? './data'),
    dataDirGiven: values.DATA_DIR !== undefined,
    databaseUrl: values.DATABASE_URL,
    host: values.ORIGIN_HOST,
    port: values.ORIGIN_PORT,
    contentDir: resolve(values.CONTENT_DIR),
    logLevel: logLevelFor(env, values.LOG_LEVEL),
    siteUrls: parseSiteUrls(values.SITE_URLS),
    mail: loadMailConfig(env),
    shutdown: { drainMs: values.SHUTDOWN_DRAIN_MS, timeoutMs: values.SHUTDOWN_TIMEOUT_MS },
    importTokens: { prices: values.PRICE_IMPORT_TOKEN, chargerStatuses: values.CHARGER_STATUS_IMPORT_TOKEN },
    metrics: { host: values.METRICS_HOST, port: values.ORIGIN_METRICS_PORT },
    cachePurgeUrls: parsePurgeUrls(values.CACHE_PURGE_URLS),
    redisUrl: values.REDIS_URL,
    shop: loadShopConfig(env),
    passwordCost: { ...SCRYPT_COST, N: values.PASSWORD_SCRYPT_N },
  };
}
