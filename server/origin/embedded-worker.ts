/**
 * The embedded origin's thread (server/origin/embedded-origin.ts): starts the origin from
 * the configuration it is handed, says where it listens, and closes it when told.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { createLifecycle } from '../common/lifecycle';
import { loggerOptions } from '../logging';
import type { OriginConfig } from './config';
import { startOrigin } from './start';
import type { FromOriginThread, ToOriginThread } from './embedded-origin';

const port = parentPort;
if (!port) throw new Error('embedded-worker.ts runs as a worker thread (server/origin/embedded-origin.ts)');
const config = workerData as OriginConfig;
const tell = (message: FromOriginThread) => port.postMessage(message);

try {
  const origin = await startOrigin(config, {
    logger: loggerOptions('origin', config.logLevel),
    lifecycle: createLifecycle(),
  });
  port.on('message', (message: ToOriginThread) => {
    if (message.kind !== 'close') return;
    origin.close().then(
      () => tell({ kind: 'closed' }),
      (error: unknown) => tell({ kind: 'failed', message: error instanceof Error ? error.message : String(error) }),
    );
  });
  tell({ kind: 'listening', url: origin.url, metricsUrl: origin.metricsUrl });
} catch (error) {
  tell({ kind: 'failed', message: error instanceof Error ? error.message : String(error) });
}
