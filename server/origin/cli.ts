/** `npm run db:migrate` and `npm run db:seed`. */
import { loadOriginConfig } from './config';
import { prepareDataDir } from './data-dir';
import { openDatabase } from './db';
import { migrateToLatest } from './migrate';
import { seedIfEmpty } from './seed';

const command = process.argv[2];
const config = loadOriginConfig();
if (!config.databaseUrl) prepareDataDir(config.dataDir, { createIfMissing: !config.dataDirGiven });
const db = openDatabase({ dataDir: config.dataDir, databaseUrl: config.databaseUrl });
try {
  await migrateToLatest(db);
  if (command === 'seed') {
    const result = await seedIfEmpty(db, config.contentDir);
    console.log(
      result.seeded ? `Seeded ${result.pages} pages.` : `Database already has ${result.pages} pages; nothing seeded.`,
    );
  } else if (command === 'migrate') {
    console.log('Migrations are up to date.');
  } else {
    console.error('Usage: cli.ts migrate|seed');
    process.exitCode = 2;
  }
} finally {
  await db.destroy();
}
