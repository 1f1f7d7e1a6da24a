/**
 * `npm run start:origin`: the origin on its own, for deployments with several site
 * servers and origin processes on one PostgreSQL (docs/operations.md "Deployment"). It
 * listens on ORIGIN_HOST:ORIGIN_PORT; site servers reach it with ORIGIN_URL. Graceful
 * shutdown as the site server's (server/common/lifecycle.ts).
 */
import { createLifecycle, shutDownOnSignals } from '../common/lifecycle';
import { loggerOptions } from '../logging';
import { loadOriginConfig } from './config';
import { startOrigin } from './start';

process.env.NODE_ENV ??= 'production';

async function main() {
  const config = loadOriginConfig();
  const lifecycle = createLifecycle();
  const origin = await startOrigin(config, { logger: loggerOptions('origin', config.logLevel), lifecycle });
  if (origin.metricsUrl) console.log(`Origin metrics on ${origin.metricsUrl}`);
  console.log(`Origin on ${origin.url} (${config.databaseUrl ? 'PostgreSQL' : `SQLite in ${config.dataDir}`})`);
  shutDownOnSignals({ name: 'Origin', lifecycle, settings: config.shutdown, close: () => origin.close() });
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
