/**
 * One origin process's outbox worker, for the test that runs two of them at once:
 * `tsx outbox-worker-process.ts <dataDir> <databaseUrl|-> <smtpUrl> <startAtMs>`. Waits
 * until `startAtMs` (so that both start together), delivers what is due, and prints
 * `{"handled":N}`.
 */
import { openDatabase } from '../../../server/origin/db';
import { loadMailConfig } from '../../../server/origin/outbox/mail-config';
import { createMailTransport } from '../../../server/origin/outbox/mail-transport';
import { createOutboxWorker } from '../../../server/origin/outbox/outbox-worker';
import { createOutboxRepository } from '../../../server/origin/outbox/outbox-repository';

const [dataDir, databaseUrl, smtpUrl, startAt] = process.argv.slice(2);
if (!dataDir || !databaseUrl || !smtpUrl || !startAt)
  throw new Error('usage: <dataDir> <databaseUrl|-> <smtpUrl> <startAtMs>');

const db = openDatabase({ dataDir, databaseUrl: databaseUrl === '-' ? undefined : databaseUrl });
const config = loadMailConfig({ SMTP_URL: smtpUrl, SMTP_TIMEOUT_MS: '5000' });
const quiet = { info: () => undefined, warn: () => undefined, error: (...args: unknown[]) => console.error(...args) };
const worker = createOutboxWorker({
  outbox: createOutboxRepository(db),
  transport: createMailTransport(config, dataDir),
  config,
  log: quiet,
});
await new Promise((resolve) => setTimeout(resolve, Math.max(0, Number(startAt) - Date.now())));
const handled = await worker.runOnce();
await worker.stop();
await db.destroy();
process.stdout.write(JSON.stringify({ handled }));
