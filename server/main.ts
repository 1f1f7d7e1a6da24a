/**
 * `npm start`: the embedded origin on loopback (unless ORIGIN_URL points elsewhere) and
 * the site server on PORT. Shuts both down cleanly on SIGINT/SIGTERM.
 */
import { loadOriginConfig } from './origin/config';
import { startOrigin, type RunningOrigin } from './origin/start';
import { loggerOptions } from './logging';
import { buildSiteApp } from './site/app';
import { loadSiteConfig } from './site/config';
import { configuredPublicOrigins } from './site/public-urls';
import { loadRenderer } from './site/renderer';

// React picks its development or production build from NODE_ENV when first loaded (by
// the renderer below); the product runs the production build unless told otherwise.
process.env.NODE_ENV ??= 'production';

async function main() {
  const siteConfig = loadSiteConfig();
  let origin: RunningOrigin | undefined;
  let originUrl = siteConfig.originUrl;
  if (!originUrl) {
    const originConfig = loadOriginConfig();
    // The embedded origin takes link bases only from this site's own configuration.
    if (originConfig.siteUrls.length === 0) originConfig.siteUrls = configuredPublicOrigins(siteConfig);
    origin = await startOrigin(originConfig, { logger: loggerOptions('origin', originConfig.logLevel) });
    originUrl = origin.url;
  }
  const renderer = await loadRenderer(siteConfig.distDir);
  const logger = loggerOptions('site', siteConfig.logLevel);
  const site = await buildSiteApp({ config: { ...siteConfig, originUrl }, renderer, logger });
  const address = await site.listen({ host: siteConfig.host, port: siteConfig.port });
  console.log(
    `Site server on ${address.replace('127.0.0.1', 'localhost')} (origin ${origin ? `embedded at ${originUrl}` : originUrl}, build ${renderer.buildId})`,
  );

  let closing = false;
  const shutdown = async () => {
    if (closing) return;
    closing = true;
    await site.close();
    await origin?.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown());
  process.on('SIGTERM', () => void shutdown());
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
