/** Opens the database, migrates, seeds when empty and starts the origin on loopback. */
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import { buildOriginApp } from './app';
import type { OriginConfig } from './config';
import { prepareDataDir } from './data-dir';
import { openDatabase, type Db } from './db';
import { migrateToLatest } from './migrate';
import { seedIfEmpty } from './seed';

export interface RunningOrigin {
  app: FastifyInstance;
  db: Db;
  url: string;
  close(): Promise<void>;
}

export async function startOrigin(
  config: OriginConfig,
  options: { logger?: FastifyServerOptions['logger'] } = {},
): Promise<RunningOrigin> {
  if (!config.databaseUrl) prepareDataDir(config.dataDir, { createIfMissing: !config.dataDirGiven });
  const db = openDatabase({ dataDir: config.dataDir, databaseUrl: config.databaseUrl });
  await migrateToLatest(db);
  await seedIfEmpty(db, config.contentDir);
  const app = buildOriginApp(db, { ...options, siteUrls: config.siteUrls, importTokens: config.importTokens });
  const address = await app.listen({ host: config.host, port: config.port });
  return {
    app,
    db,
    url: address,
    async close() {
      await app.close();
      await db.destroy();
    },
  };
}
