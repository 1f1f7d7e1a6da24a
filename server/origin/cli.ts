/** `npm run db:migrate`, `npm run db:seed` and `npm run content:sync`. */
import { loadOriginConfig } from './config';
import { prepareDataDir } from './data-dir';
import { openDatabase } from './db';
import { migrateToLatest } from './migrate';
import { seedIfEmpty } from './seed';
import { contentHash, describeSync, recordContentHash, syncContent } from './content-sync';
import { createCachePurges } from './outbox/cache-purges';
import { createOriginUnitOfWork } from './origin-unit-of-work';

const command = process.argv[2];
const config = loadOriginConfig();
if (!config.databaseUrl) prepareDataDir(config.dataDir, { createIfMissing: !config.dataDirGiven });
const db = openDatabase({ dataDir: config.dataDir, databaseUrl: config.databaseUrl });
try {
  await migrateToLatest(db);
  if (command === 'seed') {
    const result = await seedIfEmpty(db, config.contentDir, { passwordCost: config.passwordCost });
    if (result.seeded) await recordContentHash(db, await contentHash(config.contentDir));
    console.log(
      result.seeded ? `Seeded ${result.pages} pages.` : `Database already has ${result.pages} pages; nothing seeded.`,
    );
  } else if (command === 'content-sync') {
    // An empty database is seeded first; the sync then finds it up to date.
    await seedIfEmpty(db, config.contentDir, { passwordCost: config.passwordCost });
    const { outbox } = createOriginUnitOfWork(db).repositories;
    const purges = createCachePurges({
      outbox: outbox.messages,
      urls: config.cachePurgeUrls,
      retry: config.mail,
      log: console,
    });
    for (const line of describeSync(await syncContent(db, config.contentDir, purges))) console.log(line);
    // Sent before the command ends; a cache that refused is retried by the servers' outbox worker.
    const sent = await purges.deliverDue();
    if (purges.enabled) console.log(`Cache purges sent: ${sent}`);
  } else if (command === 'migrate') {
    console.log('Migrations are up to date.');
  } else {
    console.error('Usage: cli.ts migrate|seed|content-sync');
    process.exitCode = 2;
  }
} finally {
  await db.destroy();
}
