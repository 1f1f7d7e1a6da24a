/**
 * The site server (DESIGN §1): external plugins, then app services, then routes, in a
 * fixed order. Stateless: everything it knows comes from the origin or the request.
 */
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
import { countRequests, createLifecycle, type Lifecycle } from '../lifecycle';
import { QUIET_ROUTE } from '../logging';
import { resolvePath } from '#shared/locales';
import type { SiteConfig } from './config';
import { createOriginClient, type OriginClient } from './origin-client';
import { HttpError } from './errors';
import { createPayloadService } from './payload-service';
import { addSecurityHeaders, security } from './plugins/security';
import { loadShedding } from './plugins/load-shedding';
import { keepPrivate } from './edge-cache';
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
import { openSharedCounters } from './shared-counters';

export interface SiteDeps {
  config: SiteConfig & { originUrl: string };
  renderer: Renderer;
  /** Fastify's logger option (server/logging.ts); no logs when absent. */
  logger?: FastifyServerOptions['logger'];
  /** Sees every route as it is added: the hostile-input tests take their route list from it. */
  onRoute?: (route: RouteOptions) => void;
  /** Draining on shutdown turns readiness to 503 (server/lifecycle.ts). */
  lifecycle?: Lifecycle;
}

function isApiRequest(request: FastifyRequest): boolean {
  return request.url.startsWith('/proxy/') || request.url.startsWith('/api/') || request.url.endsWith('_payload.json');
}

/** Health for monitoring, readiness for a load balancer, and the build the browser checks for updates. */
function statusRoutes(
  app: FastifyInstance,
  { origin, renderer, lifecycle }: { origin: OriginClient; renderer: Renderer; lifecycle: Lifecycle },
) {
  app.get('/healthz', QUIET_ROUTE, async (_request, reply) => {
    const originUp = await origin.healthy();
    return reply
      .status(originUp ? 200 : 503)
      .header('cache-control', 'no-store')
      .send({ status: originUp ? 'ok' : 'degraded', origin: originUp ? 'up' : 'down', buildId: renderer.buildId });
  });
  // Readiness for a load balancer: 503 while draining for shutdown or without the origin.
  app.get('/readyz', QUIET_ROUTE, async (_request, reply) => {
    const ready = !lifecycle.draining && (await origin.healthy());
    return reply
      .status(ready ? 200 : 503)
      .header('cache-control', 'no-store')
      .send({
        status: lifecycle.draining ? 'draining' : ready ? 'ready' : 'origin unavailable',
        inFlight: lifecycle.inFlight,
      });
  });
  app.get('/builds/latest.json', QUIET_ROUTE, async (_request, reply) =>
    reply
      .header('cache-control', 'no-cache, no-store, must-revalidate')
      .send({ id: renderer.buildId, timestamp: renderer.buildTimestamp }),
  );
}

export async function buildSiteApp({
  config,
  renderer,
  logger,
  onRoute,
  lifecycle = createLifecycle(),
}: SiteDeps): Promise<FastifyInstance> {
  const origin = createOriginClient(config.originUrl, { timeoutMs: config.originTimeoutMs });
  const payloads = createPayloadService({ origin, buildId: renderer.buildId, translate: renderer.translate });
  // Built before the app: Fastify's own bad-URL answer below sends the page route's 400 page.
  const documents = createPageDocuments({ config, payloads, renderer, origin });

  const app = Fastify({
    logger: logger ?? false,
    trustProxy: config.trustProxy,
    bodyLimit: 64 * 1024,
    routerOptions: { maxParamLength: 4096, ignoreDuplicateSlashes: false },
    // Closing finishes what is in flight and serves what already came on open connections
    // (server/lifecycle.ts); the drain period has already taken the server out of rotation.
    return503OnClosing: false,
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

  if (onRoute) app.addHook('onRoute', onRoute);

  // Route schemas are zod schemas (decision 008): a bad body is a 400 naming the field
  // before the handler runs. No serializer compiler: no route declares a response schema.
  app.setValidatorCompiler(validatorCompiler);
  countRequests(app, lifecycle);

  const redirectTables = loadRedirectTables(config.contentDir);
  const counters = openSharedCounters(config.redisUrl);
  app.addHook('onClose', () => counters.close());
  app.addHook('onClose', async () => origin.close());

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
  });
  await app.register(compress, {
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { 1: 4 } } as never,
  });
  await app.register(staticFiles, { distDir: config.distDir });

  // The error handlers shared with the origin (decision 008): every API error is
  // `{ status, code, message }`, never cached.
  app.setErrorHandler(createErrorHandler({ failureLog: 'request failed', noStore: true }));
  app.setNotFoundHandler(notFoundHandler);

  // Routes.
  statusRoutes(app, { origin, renderer, lifecycle });
  await app.register(proxyRoutes, { originUrl: config.originUrl, timeoutMs: config.originTimeoutMs, counters });
  await app.register(accountRoutes, { config, counters });
  await app.register(imageRoutes, { originUrl: config.originUrl, timeoutMs: config.originTimeoutMs });
  await app.register(manifestRoutes, { localeDomains: config.localeDomains, translate: renderer.translate });
  await app.register(appShellRoutes, {
    localeDomains: config.localeDomains,
    renderer,
    origin,
    publicConfig: config.publicConfig,
  });
  await app.register(paymentGatewayRoutes, { originUrl: config.originUrl, timeoutMs: config.originTimeoutMs });
  await app.register(paytrailRoutes, { originUrl: config.originUrl, timeoutMs: config.originTimeoutMs });
  await app.register(crawlerFileRoutes, { config, buildTimestamp: renderer.buildTimestamp });
  await app.register(pageRoutes, { config, redirectTables, payloads, origin, documents });
  return app;
}
