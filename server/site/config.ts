/** Site server configuration from the environment, checked at start-up (docs/style.md rule 7). */
import { resolve } from 'node:path';
import proxyAddr from '@fastify/proxy-addr';
import { z } from 'zod';
import type { PublicConfig } from '#shared/boot-data';
import { logLevelFor, logLevelSchema, type LogLevel } from '../logging';
import { LOCALES, isLocale, type Locale } from '#shared/locales';
import { shutdownSchema, type ShutdownSettings } from '../common/lifecycle';
import { metricsHostSchema, metricsPortSchema, type MetricsListenerConfig } from '../common/metrics';
import { redisUrlSchema } from '../common/station-live-notices';

/** "fi-FI=st1.fi,en-EU=st1.com" → host → locale. */
function parseLocaleMap(value: string | undefined, name: string): Map<string, string> {
  const map = new Map<string, string>();
  if (!value) return map;
  for (const pair of value
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)) {
    const [key, ...rest] = pair.split('=');
    const target = rest.join('=').trim();
    if (!key || !target) throw new Error(`${name}: expected locale=value pairs separated by commas, got "${pair}"`);
    if (!isLocale(key.trim())) throw new Error(`${name}: unknown locale "${key}" (known: ${LOCALES.join(', ')})`);
    map.set(key.trim(), target);
  }
  return map;
}

/**
 * TRUST_PROXY (docs/operations.md "Proxies"): off, or the addresses and networks of the
 * proxies in front of this server, whose X-Forwarded-For/-Proto/-Host are then believed.
 * "true" (every client is a proxy) and hop counts are refused at start-up: with either, a
 * client that reaches this server directly chooses its own address and escapes the
 * per-address rate limits; Fastify 5 itself no longer trusts anything for a hop count.
 */
export function parseTrustProxy(value: string | undefined): false | string[] {
  const text = value?.trim() ?? '';
  if (text === '' || text === 'false' || text === '0') return false;
  const expected = 'give the addresses of the proxies in front of this server, e.g. 127.0.0.1 or 10.0.0.0/8,loopback';
  if (text === 'true') throw new Error(`TRUST_PROXY: "true" would believe any client's X-Forwarded-For; ${expected}`);
  if (/^\d+$/.test(text))
    throw new Error(`TRUST_PROXY: a hop count (${text}) cannot tell a proxy from a client; ${expected}`);
  const addresses = text
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
  try {
    // The parser Fastify uses, so that what passes here is exactly what Fastify trusts.
    proxyAddr.compile(addresses);
  } catch (error) {
    throw new Error(`TRUST_PROXY: ${(error as Error).message}; ${expected}`, { cause: error });
  }
  return addresses;
}

const schema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('127.0.0.1'),
  ORIGIN_URL: z.string().url().optional(),
  LOCALE_DOMAINS: z.string().optional(),
  ROOT_REDIRECTS: z.string().optional(),
  // Host names of the shared host, e.g. "st1.com,localhost" (www.<host> redirects there).
  SITE_HOSTS: z
    .string()
    .regex(/^\s*(?:[a-z0-9.-]+\s*(?:,\s*|$))*$/i, 'expected host names without port or scheme, separated by commas')
    .optional(),
  TRUST_PROXY: z.string().optional(),
  // The shared host's public address (scheme and host, no path), e.g. https://www.st1.com:
  // absolute links (e-mails, canonical URLs) are built on it (server/site/public-urls.ts).
  PUBLIC_URL: z
    .string()
    .url()
    // zod runs a refinement even after .url() failed: an unparsable value answers false.
    .refine((value) => {
      if (!URL.canParse(value)) return false;
      const url = new URL(value);
      return (url.protocol === 'https:' || url.protocol === 'http:') && url.origin === value.replace(/\/+$/, '');
    }, 'expected scheme://host[:port] without a path, e.g. https://www.st1.com')
    .optional(),
  // Shared per-address rate-limit counters for several copies (server/site/shared-counters.ts).
  REDIS_URL: redisUrlSchema,
  // Open live streams (docs/stations.md "Live while open") one process serves; more get a 503.
  LIVE_STREAMS_MAX: z.coerce.number().int().min(1).max(100_000).default(2000),
  // Without REDIS_URL: how often the live version is asked of the origin while a stream is open.
  LIVE_POLL_MS: z.coerce.number().int().min(200).max(60_000).default(3000),
  // How long a page render is kept at most; a change of the page drops it sooner (render-cache.ts). 0: off.
  RENDER_CACHE_TTL_MS: z.coerce.number().int().min(0).default(60_000),
  // Shed load (503 + Retry-After) when the event loop lags by more than this; 0 turns it off.
  SHED_EVENT_LOOP_DELAY_MS: z.coerce.number().int().min(0).max(10_000).default(1000),
  // Shed load when more requests than this are being served at once; 0 turns it off.
  SHED_MAX_IN_FLIGHT: z.coerce.number().int().min(0).max(100_000).default(32),
  // Every call to the origin (pages, /proxy, /images, accounts) gives up after this long.
  ORIGIN_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(8000),
  ...shutdownSchema,
  DIST_DIR: z.string().default('./dist'),
  CONTENT_DIR: z.string().default('./content'),
  LOG_LEVEL: logLevelSchema,
  // Prometheus metrics on a listener of their own, never the public port (docs/operations.md "Metrics").
  METRICS_PORT: metricsPortSchema,
  METRICS_HOST: metricsHostSchema,
  // /readyz on a port and a thread of its own, bound to HOST (server/site/ready-listener.ts); unset: off.
  READY_PORT: metricsPortSchema,
  // Editors' secret for reading drafts under /preview (server/site/preview-access.ts).
  PREVIEW_TOKEN: z.string().min(16, 'PREVIEW_TOKEN must be at least 16 characters').optional(),
  // A browser key (restricted by HTTP referrer at Google), so it may be public.
  GOOGLE_MAPS_API_KEY: z
    .string()
    .regex(/^[\w-]{10,100}$/, 'expected a Google Maps API key (letters, digits, - and _)')
    .or(z.literal(''))
    .optional(),
});

export interface SiteConfig {
  port: number;
  host: string;
  /** Base URL of the origin; when absent `npm start` embeds one. */
  originUrl: string | undefined;
  /** Host name (no port) → locale, for domain mode (DESIGN §2). */
  localeDomains: Map<string, Locale>;
  /** Locale → domain host, the other direction of localeDomains. */
  domainOfLocale: Map<Locale, string>;
  /**
   * Host names (lower case, no port) the site is served on besides the locale domains:
   * www.<host> redirects to them, and no other www host redirects anywhere.
   */
  siteHosts: ReadonlySet<string>;
  /** PUBLIC_URL without a trailing slash: the shared host's public origin. */
  publicUrl: string | undefined;
  /** Locale → where its root path redirects (spec §2 "configured root target"). */
  rootRedirects: Map<Locale, string>;
  /** Fastify's trustProxy: off, or the proxies' addresses and networks (never "everyone"). */
  trustProxy: false | string[];
  /** Editors' token for /preview; preview is off without it. */
  previewToken: string | undefined;
  /** SHUTDOWN_DRAIN_MS and SHUTDOWN_TIMEOUT_MS (server/common/lifecycle.ts). */
  shutdown: ShutdownSettings;
  /**
   * Redis for the per-address rate limits shared by every copy (memory per copy when
   * absent), and for the origin's live-data notices (polling when absent).
   */
  redisUrl: string | undefined;
  /** LIVE_STREAMS_MAX: open live streams one process serves; more are refused with a 503. */
  liveStreamsMax: number;
  /** LIVE_POLL_MS: without Redis, the interval of asking the origin's live version while streams are open. */
  livePollMs: number;
  renderCacheTtlMs: number;
  /** Mean event-loop delay above which new requests get a 503 (plugins/load-shedding.ts); 0: never. */
  shedEventLoopDelayMs: number;
  /** Requests served at once above which new ones get a 503 (plugins/load-shedding.ts); 0: no limit. */
  shedMaxInFlight: number;
  /** Longest wait for the origin's answer (headers, and each pause in its body). */
  originTimeoutMs: number;
  distDir: string;
  contentDir: string;
  /** LOG_LEVEL, by default warn in production and info elsewhere (server/logging.ts). */
  logLevel: LogLevel;
  /** What the browser may see of the configuration (src/shared/boot-data.ts). */
  publicConfig: PublicConfig;
  /** METRICS_HOST and METRICS_PORT: where /metrics is served; no port, no metrics listener. */
  metrics: MetricsListenerConfig;
  /** READY_PORT: where /readyz is answered on its own thread; undefined: no such listener. */
  readyPort: number | undefined;
}

export function loadSiteConfig(env: NodeJS.ProcessEnv = process.env): SiteConfig {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ');
    throw new Error(`Invalid site server configuration: ${problems}`);
  }
  const values = parsed.data;
  if (values.METRICS_PORT !== undefined && values.METRICS_PORT !== 0 && values.METRICS_PORT === values.PORT)
    throw new Error(
      'Invalid site server configuration: METRICS_PORT: must differ from PORT (metrics are never public)',
    );
  if (values.READY_PORT !== undefined && values.READY_PORT !== 0) {
    const taken =
      values.READY_PORT === values.PORT ? 'PORT' : values.READY_PORT === values.METRICS_PORT ? 'METRICS_PORT' : '';
    if (taken) throw new Error(`Invalid site server configuration: READY_PORT: must differ from ${taken}`);
  }
  const domains = parseLocaleMap(values.LOCALE_DOMAINS, 'LOCALE_DOMAINS') as Map<Locale, string>;
  const localeDomains = new Map<string, Locale>();
  for (const [locale, host] of domains) localeDomains.set(host.toLowerCase(), locale);
  return {
    port: values.PORT,
    host: values.HOST,
    originUrl: values.ORIGIN_URL?.replace(/\/+$/, ''),
    localeDomains,
    domainOfLocale: domains,
    siteHosts: new Set(
      (values.SITE_HOSTS ?? '')
        .split(',')
        .map((host) => host.trim().toLowerCase())
        .filter(Boolean),
    ),
    publicUrl: values.PUBLIC_URL?.replace(/\/+$/, ''),
    rootRedirects: parseLocaleMap(values.ROOT_REDIRECTS, 'ROOT_REDIRECTS') as Map<Locale, string>,
    trustProxy: parseTrustProxy(values.TRUST_PROXY),
    previewToken: values.PREVIEW_TOKEN,
    redisUrl: values.REDIS_URL,
    liveStreamsMax: values.LIVE_STREAMS_MAX,
    livePollMs: values.LIVE_POLL_MS,
    shutdown: { drainMs: values.SHUTDOWN_DRAIN_MS, timeoutMs: values.SHUTDOWN_TIMEOUT_MS },
    renderCacheTtlMs: values.RENDER_CACHE_TTL_MS,
    shedEventLoopDelayMs: values.SHED_EVENT_LOOP_DELAY_MS,
    shedMaxInFlight: values.SHED_MAX_IN_FLIGHT,
    originTimeoutMs: values.ORIGIN_TIMEOUT_MS,
    distDir: resolve(values.DIST_DIR),
    contentDir: resolve(values.CONTENT_DIR),
    logLevel: logLevelFor(env, values.LOG_LEVEL),
    publicConfig: values.GOOGLE_MAPS_API_KEY ? { googleMapsApiKey: values.GOOGLE_MAPS_API_KEY } : {},
    metrics: { host: values.METRICS_HOST, port: values.METRICS_PORT },
    readyPort: values.READY_PORT,
  };
}
