/**
 * The site server (DESIGN §1): external plugins, then app services, then routes, in a
 * fixed order. Stateless: everything it knows comes from the origin or the request.
 */
import { constants as zlibConstants } from 'node:zlib';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import Fastify, {
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
  type RouteOptions,
} from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { createErrorHandler, notFoundHandler } from '../common/error-handler';
import { countRequests, createLifecycle, type Lifecycle } from '../common/lifecycle';
import { QUIET_ROUTE } from '../logging';
import { zodRoutes } from '../common/zod-routes';
import { routeSchema } from '#shared/api/endpoint';
import { probeRouteSchema, siteProbesApi } from '#shared/api/probes';
import { resolvePath } from '#shared/locales';
import type { SiteConfig } from './config';
import { createOriginClient, type OriginClient } from './origin-client';
import { HttpError } from './errors';
import { createPayloadService } from './payload-service';
import { addSecurityHeaders, security } from './plugins/security';
import { loadShedding, NEVER_SHED } from './plugins/load-shedding';
import { keepPrivate } from './edge-cache';
import { BROTLI_QUALITY } from './encoded-bodies';
import { isValidHost } from './host-header';
import { staticFiles } from './plugins/static-files';
import { loadRedirectTables } from './redirect-tables';
import type { Renderer } from './renderer';
import { createPageDocuments } from './page-documents';
import { pageRoutes } from './routes/pages';
import { proxyRoutes } from './routes/proxy';
import { accountRoutes } from './routes/account';
import { imageRoutes } from './routes/images';
import { appShellRoutes } from './routes/app-shell';
import { manifestRoutes } from './routes/manifest';
import { crawlerFileRoutes } from './routes/crawler-files';
import { paymentGatewayRoutes } from './routes/payment-gateway';
import { paytrailRoutes } from './routes/paytrail';
import { liveStreamRoutes } from './routes/live-stream';
import { openLiveStreams } from './live-stream/live-streams';
import { watchOriginReadiness, type OriginReadiness } from './origin-readiness';
import { readyPublisher } from './ready-state';
import { openSharedCounters } from './shared-counters';
import { observeRequests, Registry } from '../common/metrics';
import { requestIdGenerator } from '../common/request-id';
import { createSiteMetrics } from './site-metrics';
import { enterRequestScope } from './request-scope';
import proxyAddr from '@fastify/proxy-addr';

export interface SiteDeps {
  config: SiteConfig & { originUrl: string };
  renderer: Renderer;
  /** Fastify's logger option (server/logging.ts); no logs when absent. */
  logger?: FastifyServerOptions['logger'];
  /** Sees every route as it is added: the hostile-input tests take their route list from it. */
  onRoute?: (route: RouteOptions) => void;
  /** Draining on shutdown turns readiness to 503 (server/common/lifecycle.ts). */
  lifecycle?: Lifecycle;
  /**
   * Where the site's metrics are registered (docs/operations.md "Metrics"); main.ts serves
   * it on METRICS_PORT. Absent: a registry of the app's own that nobody reads.
   */
  metrics?: Registry;
  /** Where the origin check's result is published for READY_PORT's thread (ready-listener.ts). */
  readyBuffer?: SharedArrayBuffer;
}

/** Whether a request's sender (the socket's peer) is one of the proxies of TRUST_PROXY. */
function trustsProxy(trustProxy: false | string[]): (address: string) => boolean {
  if (!trustProxy) return () => false;
  const trusted = proxyAddr.compile(trustProxy);
  return (address) => trusted(address, 0);
}

function isApiRequest(request: FastifyRequest): boolean {
  return request.url.startsWith('/proxy/') || request.url.startsWith('/api/') || request.url.endsWith('_payload.json');
}

/** Health for monitoring, readiness for a load balancer, and the build the browser checks for updates. */
function statusRoutes(
  app: FastifyInstance,
  {
    origin,
    readiness,
    renderer,
    lifecycle,
  }: { origin: OriginClient; readiness: OriginReadiness; renderer: Renderer; lifecycle: Lifecycle },
) {
  // Their answers follow the contract (src/shared/api/probes.ts): a scope of their own, so
  // that its zod compilers reach no other route.
  void app.register(async (scope) => {
    const routes = zodRoutes(scope);
    const { health, ready, latestBuild } = siteProbesApi;
    routes.get(`/${health.path}`, { ...QUIET_ROUTE, schema: probeRouteSchema(health) }, async (_request, reply) => {
      const originUp = await origin.healthy();
      return reply
        .status(originUp ? 200 : 503)
        .header('cache-control', 'no-store')
        .send({ status: originUp ? 'ok' : 'degraded', origin: originUp ? 'up' : 'down', buildId: renderer.buildId });
    });
    // Readiness for a load balancer: 503 while draining for shutdown or without the origin.
    // Never shed, and answered from the background check (origin-readiness.ts): a busy copy
    // must still say it is there, or the balancer takes every copy out at once.
    routes.get(
      `/${ready.path}`,
      { ...QUIET_ROUTE, config: NEVER_SHED, schema: probeRouteSchema(ready) },
      async (_request, reply) => {
        const isReady = !lifecycle.draining && (await readiness.up());
        return reply
          .status(isReady ? 200 : 503)
          .header('cache-control', 'no-store')
          .send({
            status: lifecycle.draining ? 'draining' : isReady ? 'ready' : 'origin unavailable',
            inFlight: lifecycle.inFlight,
          });
      },
    );
    routes.get(`/${latestBuild.path}`, { ...QUIET_ROUTE, schema: routeSchema(latestBuild) }, async (_request, reply) =>
      reply
        .header('cache-control', 'no-cache, no-store, must-revalidate')
        .send({ id: renderer.buildId, timestamp: renderer.buildTimestamp }),
    );
  });
}

/** The Fastify instance with the site's server options (ids, limits, framework errors). */
function createSiteServer(
  config: SiteDeps['config'],
  logger: SiteDeps['logger'],
  documents: ReturnType<typeof createPageDocuments>,
): FastifyInstance {
  return Fastify({
    logger: logger ?? false,
    trustProxy: config.trustProxy,
    bodyLimit: 64 * 1024,
    routerOptions: { maxParamLength: 4096, ignoreDuplicateSlashes: false },
    // Closing finishes what is in flight and serves what already came on open connections
    // (server/common/lifecycle.ts); the drain period has already taken the server out of rotation.
    return503OnClosing: false,
    // One id per browser request, taken from a trusted proxy's x-request-id or made here,
    // and sent on to the origin (server/common/request-id.ts).
    requestIdHeader: false,
    genReqId: requestIdGenerator(trustsProxy(config.trustProxy)),
    // Malformed percent-encoding never reaches a route: answer it with the error page.
    frameworkErrors: (error, request, reply) => {
      // These answers skip every hook, the security headers' too.
      addSecurityHeaders(request, reply);
      const status = error.code === 'FST_ERR_BAD_URL' ? 400 : (error.statusCode ?? 400);
      if (status === 400 && !isApiRequest(request)) {
        return void documents.sendBadRequest(
          request,
          reply,
          400,
          resolvePath(request.url.split('?')[0]?.slice(0, 64) ?? '/').locale,
        );
      }
      return void (reply as FastifyReply).status(status).send({ status, code: 'BAD_REQUEST', message: error.message });
    },
  });
}

export async function buildSiteApp({
  config,
  renderer,
  logger,
  onRoute,
  lifecycle = createLifecycle(),
  metrics: registry = new Registry(),
  readyBuffer,
}: SiteDeps): Promise<FastifyInstance> {
  const metrics = createSiteMetrics(registry, renderer.markupCacheStats);
  const origin = createOriginClient(config.originUrl, { timeoutMs: config.originTimeoutMs, metrics });
  const payloads = createPayloadService({ origin, buildId: renderer.buildId, translate: renderer.translate });
  // Built before the app: Fastify's own bad-URL answer below sends the page route's 400 page.
  const documents = createPageDocuments({ config, payloads, renderer, origin });

  const app = createSiteServer(config, logger, documents);

  if (onRoute) app.addHook('onRoute', onRoute);

  // Route schemas are zod schemas (decision 008): a bad body is a 400 naming the field
  // before the handler runs. The API routes declare their contracts' response schemas
  // (src/shared/api/site.ts) through zodRoutes, whose serializer is plain JSON.stringify:
  // the compiler checks each answer, and nothing at run time can turn it into a 500.
  app.setValidatorCompiler(validatorCompiler);
  countRequests(app, lifecycle);
  observeRequests(app, registry, () => lifecycle.inFlight);
  enterRequestScope(app);

  const redirectTables = loadRedirectTables(config.contentDir);
  const counters = openSharedCounters(config.redisUrl, {
    onStoreError: (error) => {
      metrics.rateLimitStoreError();
      app.log.warn({ err: error }, 'rate-limit store failed, counting in memory');
    },
    // Not logged: ioredis reports every reconnection attempt.
    onConnectionError: () => metrics.rateLimitStoreError(),
  });
  app.addHook('onClose', () => counters.close());
  app.addHook('onClose', async () => origin.close());
  // Live data while a page is open (decision 017): one origin read per change for all streams.
  const live = openLiveStreams(config, origin, registry, app.log);
  app.addHook('onClose', () => live.close());
  const readiness = watchOriginReadiness(origin, readyBuffer && readyPublisher(readyBuffer).originUp);
  app.addHook('onClose', async () => readiness.stop());

  // External plugins.
  await app.register(cookie);
  await app.register(security);
  // No shared cache keeps an answer to a session, a cookie-setting answer or a personal route.
  await app.register(keepPrivate);
  // A Host that names no host is refused before any route builds a URL from it (host-header.ts).
  app.addHook('onRequest', async (request) => {
    if (request.host && !isValidHost(request.host))
      throw new HttpError(400, 'BAD_REQUEST', 'The Host header is not a valid host name');
  });
  await app.register(loadShedding, {
    maxEventLoopDelayMs: config.shedEventLoopDelayMs,
    maxInFlight: config.shedMaxInFlight,
    onShed: (reason) => metrics.shed(reason),
  });
  await app.register(compress, {
    threshold: 1024,
    encodings: ['br', 'gzip'],
    // The quality a cached page's copies are made with too (encoded-bodies.ts).
    brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } } as never,
  });
  await app.register(staticFiles, { distDir: config.distDir });

  // The error handlers shared with the origin (decision 008): every API error is
  // `{ status, code, message }`, never cached.
  app.setErrorHandler(createErrorHandler({ failureLog: 'request failed', noStore: true }));
  app.setNotFoundHandler(notFoundHandler);

  // Routes.
  statusRoutes(app, { origin, readiness, renderer, lifecycle });
  const forwarding = { originUrl: config.originUrl, timeoutMs: config.originTimeoutMs, metrics };
  await app.register(proxyRoutes, { ...forwarding, counters });
  await app.register(accountRoutes, { config, counters, metrics });
  await app.register(liveStreamRoutes, { hub: live.hub, maxStreams: config.liveStreamsMax, metrics: live.metrics });
  await app.register(imageRoutes, forwarding);
  await app.register(manifestRoutes, { localeDomains: config.localeDomains, translate: renderer.translate });
  await app.register(appShellRoutes, {
    localeDomains: config.localeDomains,
    renderer,
    origin,
    publicConfig: config.publicConfig,
  });
  await app.register(paymentGatewayRoutes, forwarding);
  await app.register(paytrailRoutes, forwarding);
  await app.register(crawlerFileRoutes, { config, buildTimestamp: renderer.buildTimestamp });
  await app.register(pageRoutes, { config, redirectTables, payloads, origin, documents, metrics });
  return app;
}
