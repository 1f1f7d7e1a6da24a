/**
 * `npm start`: the embedded origin on loopback, on its own thread (unless ORIGIN_URL points
 * elsewhere), and the site server on PORT. On SIGTERM/SIGINT it drains, finishes the requests in flight,
 * closes the site server, then the origin and its database pool, and exits 0
 * (server/common/lifecycle.ts).
 */
import { loadOriginConfig } from './origin/config';
import { startEmbeddedOrigin, type EmbeddedOrigin } from './origin/embedded-origin';
import { closeApp, createLifecycle, shutDownOnSignals } from './common/lifecycle';
import { loggerOptions } from './logging';
import { buildSiteApp } from './site/app';
import { loadSiteConfig } from './site/config';
import { configuredPublicOrigins } from './site/public-urls';
import { loadRenderer } from './site/renderer';
import { createProcessRegistry, serveMetrics } from './common/metrics';
import { serveReadiness } from './site/ready-listener';
import { createReadyBuffer } from './site/ready-state';

// React picks its development or production build from NODE_ENV when first loaded (by
// the renderer below); the product runs the production build unless told otherwise.
process.env.NODE_ENV ??= 'production';

async function main() {
  const siteConfig = loadSiteConfig();
  // The render bundle loads while the origin's thread starts: neither waits for the other.
  // Awaited below; the no-op catch only keeps an origin that fails first from leaving this
  // promise's own failure unhandled.
  const rendererLoading = loadRenderer(siteConfig.distDir);
  rendererLoading.catch(() => undefined);
  // One lifecycle for the process: the embedded origin drains with its site server.
  const lifecycle = createLifecycle();
  let origin: EmbeddedOrigin | undefined;
  let originUrl = siteConfig.originUrl;
  if (!originUrl) {
    const originConfig = loadOriginConfig();
    // The embedded origin takes link bases only from this site's own configuration.
    if (originConfig.siteUrls.length === 0) originConfig.siteUrls = configuredPublicOrigins(siteConfig);
    // On a thread of its own (embedded-origin.ts); a failure there after start ends the
    // process, as an uncaught error in one thread would.
    origin = await startEmbeddedOrigin(originConfig, (reason) => {
      console.error(`Site server: ${reason}`);
      process.exit(1);
    });
    originUrl = origin.url;
  }
  const renderer = await rendererLoading;
  const logger = loggerOptions('site', siteConfig.logLevel);
  const metricsPort = siteConfig.metrics.port;
  const registry = metricsPort === undefined ? undefined : createProcessRegistry();
  const readyPort = siteConfig.readyPort;
  const readyBuffer = readyPort === undefined ? undefined : createReadyBuffer();
  const site = await buildSiteApp({
    config: { ...siteConfig, originUrl },
    renderer,
    logger,
    lifecycle,
    ...(registry ? { metrics: registry } : {}),
    ...(readyBuffer ? { readyBuffer } : {}),
  });
  const address = await site.listen({ host: siteConfig.host, port: siteConfig.port });
  // Metrics on a listener of their own, never on the public port (docs/operations.md "Metrics").
  const metrics =
    registry && metricsPort !== undefined
      ? await serveMetrics(registry, { host: siteConfig.metrics.host, port: metricsPort })
      : undefined;
  // Readiness on a thread of its own, answered even when the main loop is busy (site/ready-listener.ts).
  const ready =
    readyBuffer && readyPort !== undefined
      ? await serveReadiness(readyBuffer, lifecycle, { host: siteConfig.host, port: readyPort })
      : undefined;
  // The metrics lines first: the start line is the last, what a supervisor waits for.
  if (metrics) console.log(`Site metrics on ${metrics.url}`);
  if (ready) console.log(`Site readiness on ${ready.url}`);
  if (origin?.metricsUrl) console.log(`Origin metrics on ${origin.metricsUrl}`);
  console.log(
    `Site server on ${address.replace('127.0.0.1', 'localhost')} (origin ${origin ? `embedded at ${originUrl}` : originUrl}, build ${renderer.buildId})`,
  );

  shutDownOnSignals({
    name: 'Site server',
    lifecycle,
    settings: siteConfig.shutdown,
    // The site server first: its requests in flight may still need the origin.
    close: async () => {
      await closeApp(site);
      await Promise.all([origin?.close(), metrics?.close(), ready?.close()]);
    },
  });
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
