/** Opens the database, migrates, seeds when empty and starts the origin on loopback. */
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import { closeApp, type Lifecycle } from '../lifecycle';
import { buildOriginApp } from './app';
import type { OriginConfig } from './config';
import { prepareDataDir } from './data-dir';
import { openDatabase, type Db } from './db';
import { migrateToLatest } from './migrate';
import { seedIfEmpty } from './seed';
import { contentHash, describeSync, recordContentHash, syncContentIfChanged } from './content-sync';

export interface RunningOrigin {
  app: FastifyInstance;
  db: Db;
  url: string;
  close(): Promise<void>;
}

export async function startOrigin(
  config: OriginConfig,
  options: { logger?: FastifyServerOptions['logger']; lifecycle?: Lifecycle } = {},
): Promise<RunningOrigin> {
  if (!config.databaseUrl) prepareDataDir(config.dataDir, { createIfMissing: !config.dataDirGiven });
  const db = openDatabase({ dataDir: config.dataDir, databaseUrl: config.databaseUrl });
  await migrateToLatest(db);
  const seeded = await seedIfEmpty(db, config.contentDir);
  // A database seeded just now holds exactly content/; an older one takes what changed
  // in content/ since its last sync (docs/operations.md "Content for an existing database").
  if (seeded.seeded) await recordContentHash(db, await contentHash(config.contentDir));
  else {
    const report = await syncContentIfChanged(db, config.contentDir);
    if (report) for (const line of describeSync(report)) console.log(`Content sync: ${line}`);
  }
  const app = buildOriginApp(db, { ...options, siteUrls: config.siteUrls });
  const address = await app.listen({ host: config.host, port: config.port });
  return {
    app,
    db,
    url: address,
    async close() {
      await closeApp(app);
      await db.destroy();
    },
  };
}
