/**
 * Opens the database, migrates, seeds when empty and starts the origin on loopback, with
 * its outbox worker delivering mail (docs/accounts.md "Mail delivery").
 */
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import { closeApp, type Lifecycle } from '../common/lifecycle';
import { buildOriginApp } from './app';
import type { OriginConfig } from './config';
import { prepareDataDir } from './data-dir';
import { openDatabase, type Db } from './db';
import { migrateToLatest } from './migrate';
import { createMailTransport } from './outbox/mail-transport';
import { createOutboxWorker, type OutboxWorker } from './outbox/outbox-worker';
import { createCachePurges } from './outbox/cache-purges';
import { createLiveNotices } from './stations/live-notices';
import { seedIfEmpty } from './seed';
import { createOriginUnitOfWork } from './origin-unit-of-work';
import { contentHash, describeSync, recordContentHash, syncContentIfChanged } from './content-sync';
import { createProcessRegistry, serveMetrics, type MetricsListener } from '../common/metrics';

export interface RunningOrigin {
  app: FastifyInstance;
  db: Db;
  url: string;
  outbox: OutboxWorker;
  /** Where /metrics is served (ORIGIN_METRICS_PORT); undefined when off. */
  metricsUrl: string | undefined;
  /** Stops listening and the outbox worker (each finishing what is in flight), then closes the database. */
  close(): Promise<void>;
}

export async function startOrigin(
  config: OriginConfig,
  options: { logger?: FastifyServerOptions['logger']; env?: NodeJS.ProcessEnv; lifecycle?: Lifecycle } = {},
): Promise<RunningOrigin> {
  if (!config.databaseUrl) prepareDataDir(config.dataDir, { createIfMissing: !config.dataDirGiven });
  const db = openDatabase({ dataDir: config.dataDir, databaseUrl: config.databaseUrl });
  await migrateToLatest(db);
  const seeded = await seedIfEmpty(db, config.contentDir, { passwordCost: config.passwordCost });
  const purgeLog = { warn: console.warn, error: console.error };
  const { outbox: outboxRepositories } = createOriginUnitOfWork(db).repositories;
  const purges = createCachePurges({
    outbox: outboxRepositories.messages,
    urls: config.cachePurgeUrls,
    retry: config.mail,
    log: purgeLog,
  });
  // A database seeded just now holds exactly content/; an older one takes what changed
  // in content/ since its last sync (docs/operations.md "Content for an existing database").
  if (seeded.seeded) await recordContentHash(db, await contentHash(config.contentDir));
  else {
    const report = await syncContentIfChanged(db, config.contentDir, purges);
    if (report) for (const line of describeSync(report)) console.log(`Content sync: ${line}`);
  }
  // Node's default metrics only where they are served: on the embedded origin's thread they
  // describe that thread (its heap, its event loop), besides the process.
  const metricsPort = config.metrics.port;
  const registry = metricsPort === undefined ? undefined : createProcessRegistry();
  const liveNotices = config.redisUrl ? createLiveNotices(config.redisUrl, purgeLog) : undefined;
  const app = buildOriginApp(db, {
    ...options,
    siteUrls: config.siteUrls,
    contentDir: config.contentDir,
    importTokens: config.importTokens,
    ...(registry ? { metrics: registry } : {}),
    cachePurges: purges,
    shop: config.shop,
    passwordCost: config.passwordCost,
    ...(liveNotices ? { liveNotices } : {}),
  });
  const address = await app.listen({ host: config.host, port: config.port });
  const metrics: MetricsListener | undefined =
    registry && metricsPort !== undefined
      ? await serveMetrics(registry, { host: config.metrics.host, port: metricsPort })
      : undefined;
  const transport = createMailTransport(config.mail, config.dataDir);
  const outbox = createOutboxWorker({
    outbox: outboxRepositories.messages,
    transport,
    config: config.mail,
    log: app.log,
    purges,
  });
  outbox.start();
  app.log.info(`outbox mail goes to ${transport.description}`);
  return {
    app,
    db,
    url: address,
    outbox,
    metricsUrl: metrics?.url,
    async close() {
      await Promise.all([closeApp(app), outbox.stop(), metrics?.close()]);
      await Promise.all([db.destroy(), liveNotices?.close()]);
    },
  };
}
