/**
 * The embedded origin: the upstream APIs of spec §7 as a real backend on loopback.
 * The error handler shared with the site server (server/common) answers
 * `{ status, code, message }` and hides 5xx details.
 */
import Fastify, { type FastifyInstance, type FastifyServerOptions, LogController, type RouteOptions } from 'fastify';
import { sql } from 'kysely';
import type { Db } from './database-schema';
import { createUnitOfWork, unitOfWorkPlugin } from './unit-of-work';
import { countRequests, createLifecycle, type Lifecycle } from '../common/lifecycle';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { originProbesApi, probeRouteSchema } from '#shared/api/probes';
import { zodRoutes } from '../common/zod-routes';
import { createErrorHandler, notFoundHandler } from '../common/error-handler';
import { containsNul, nulRefusal } from '../common/nul-characters';
import { authPlugin } from './auth/auth-plugin';
import { outboxPlugin } from './outbox/outbox-plugin';
import { imagesPlugin } from './images/images-plugin';
import { contentPlugin } from './content/content-plugin';
import { stationsPlugin } from './stations/stations-plugin';
import type { LiveNotices } from './stations/live-notices';
import type { ImportTokens } from './stations/station-import-routes';
import { accountsPlugin } from './accounts/accounts-plugin';
import { SCRYPT_COST, type ScryptCost } from './auth/secrets';
import { formsPlugin } from './forms/forms-plugin';
import { shopPlugin } from './shop/shop-plugin';
import { observeRequests, Registry } from '../common/metrics';
import { requestIdGenerator } from '../common/request-id';
import type { CachePurges } from './outbox/cache-purges';
import type { ShopConfig } from './shop/shop-config';

declare module 'fastify' {
  interface FastifyInstance {
    /** The origin's metrics registry (docs/operations.md "Metrics"): domains register their own metrics in it. */
    metrics: Registry;
  }
}

export interface OriginAppOptions {
  logger?: FastifyServerOptions['logger'];
  /** SITE_URLS (config.ts): the origins links in e-mails may point to; none: loopback only. */
  siteUrls?: readonly string[];
  /** CONTENT_DIR: the shop reads its seller from content/shop/catalog.json; default ./content. */
  contentDir?: string;
  /** Sees every route as it is added: the hostile-input tests take their route list from it. */
  onRoute?: (route: RouteOptions) => void;
  /** The shop's configuration (config.ts `shop`); when absent the shop reads it from `env`. */
  shop?: ShopConfig;
  /** Where the shop reads its configuration without `shop` (PAYMENT_PROVIDER, …); process.env by default. */
  env?: NodeJS.ProcessEnv;
  /** Draining on shutdown turns readiness to 503 (server/common/lifecycle.ts). */
  lifecycle?: Lifecycle;
  /** PRICE_IMPORT_TOKEN and CHARGER_STATUS_IMPORT_TOKEN (config.ts); an import without one is off. */
  importTokens?: ImportTokens;
  /** Where the metrics go (served on ORIGIN_METRICS_PORT by start.ts's caller); a registry of its own when absent. */
  metrics?: Registry;
  /** Purges by surrogate key (CACHE_PURGE_URLS, outbox/cache-purges.ts); none: nothing is purged. */
  cachePurges?: CachePurges;
  /** PASSWORD_SCRYPT_N (config.ts): the scrypt cost of new password hashes; SCRYPT_COST when absent. */
  passwordCost?: ScryptCost;
  /** Announces committed live-data imports to the site servers (REDIS_URL, stations/live-notices.ts). */
  liveNotices?: LiveNotices;
}

export function buildOriginApp(db: Db, options: OriginAppOptions = {}): FastifyInstance {
  const app = Fastify({
    logger: options.logger ?? false,
    bodyLimit: 256 * 1024,
    // Every request here comes from the site server, which logs it; the origin logs only
    // what goes wrong (its 5xx below, warnings of its plugins), not a line per request.
    logController: new LogController({ disableRequestLogging: true }),
    // Closing finishes what is in flight and serves what already came on open connections
    // (server/common/lifecycle.ts); the drain period has already taken the process out of rotation.
    return503OnClosing: false,
    // The site server's request id (x-request-id) names this request in the logs too, so
    // one page view is one grep across both servers. Taken from any caller: the origin is
    // reached only from the site servers' side (loopback or a private network), and a
    // malformed id is replaced (server/common/request-id.ts, docs/operations.md "Logs").
    requestIdHeader: false,
    genReqId: requestIdGenerator(() => true),
  });
  const lifecycle = options.lifecycle ?? createLifecycle();
  countRequests(app, lifecycle);
  const registry = options.metrics ?? new Registry();
  app.decorate('metrics', registry);
  observeRequests(app, registry, () => lifecycle.inFlight);

  if (options.onRoute) app.addHook('onRoute', options.onRoute);

  // Route schemas are zod schemas (decision 008): a bad query, body or parameter is a 400
  // naming the field before the handler runs. The contracts' response schemas
  // (src/shared/api) type the handlers' answers at compile time; no serializer compiler
  // runs them, so answers stay plain JSON.stringify.
  app.setValidatorCompiler(validatorCompiler);
  app.setErrorHandler(createErrorHandler({ failureLog: 'origin request failed' }));
  app.setNotFoundHandler(notFoundHandler);
  // Before validation: NUL in any text is a 400 on either database (nul-characters.ts).
  app.addHook('preValidation', async (request) => {
    if (containsNul(request.body) || containsNul(request.query) || containsNul(request.params)) throw nulRefusal();
  });

  // The probes' answers follow the contract (src/shared/api/probes.ts).
  void app.register(async (scope) => {
    const routes = zodRoutes(scope);
    const { health, ready } = originProbesApi;
    routes.get(`/${health.path}`, { schema: probeRouteSchema(health) }, async () => ({ status: 'ok' as const }));
    // Readiness: 503 while draining for shutdown or while the database does not answer.
    routes.get(`/${ready.path}`, { schema: probeRouteSchema(ready) }, async (_request, reply) => {
      const inFlight = lifecycle.inFlight;
      if (lifecycle.draining) return reply.status(503).send({ status: 'draining', inFlight });
      try {
        await sql`select 1`.execute(db);
      } catch {
        return reply.status(503).send({ status: 'database unavailable', inFlight });
      }
      return { status: 'ready' as const, inFlight };
    });
  });

  // The unit of work below every domain: each domain plugin provides its repositories to it,
  // and `app.transaction` hands them all, built on one transaction (decision 015).
  void app.register(unitOfWorkPlugin, { unitOfWork: createUnitOfWork(db) });
  // The domains, each a plugin (docs/design.md "The origin's domains"): auth and the outbox
  // first, below the domains that use them; content before stations, which registers its
  // pages as a page source of content and reads its hero image from images.
  void app.register(authPlugin);
  void app.register(outboxPlugin, { purges: options.cachePurges });
  void app.register(imagesPlugin);
  void app.register(contentPlugin);
  void app.register(stationsPlugin, { db, importTokens: options.importTokens, liveNotices: options.liveNotices });
  void app.register(accountsPlugin, {
    siteUrls: options.siteUrls ?? [],
    passwordCost: options.passwordCost ?? SCRYPT_COST,
  });
  void app.register(formsPlugin);
  void app.register(shopPlugin, {
    db,
    contentDir: options.contentDir ?? 'content',
    config: options.shop,
    ...(options.env ? { env: options.env } : {}),
  });
  return app;
}
