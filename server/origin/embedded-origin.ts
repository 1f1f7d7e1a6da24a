/**
 * The origin `npm start` embeds, on a thread of its own. Site server and origin are two
 * services that talk HTTP (DESIGN.md); in production they run as separate processes. On
 * one thread they also shared one event loop: every SQLite query (better-sqlite3 answers
 * synchronously) and every origin answer held up the site server's pages, and a page's
 * server time was the two servers' work added up on one core. On its own thread the
 * origin runs beside the site server as it would beside it in production, on the second
 * core when there is one (docs/performance.md "Uncached renders").
 */
import { Worker } from 'node:worker_threads';
import { threadEntry } from '../common/thread-entry';
import type { OriginConfig } from './config';

export type ToOriginThread = { kind: 'close' };
export type FromOriginThread =
  | { kind: 'listening'; url: string; metricsUrl: string | undefined }
  | { kind: 'closed' }
  | { kind: 'failed'; message: string };

export interface EmbeddedOrigin {
  url: string;
  /** Where the origin's thread serves its /metrics (ORIGIN_METRICS_PORT); undefined when off. */
  metricsUrl: string | undefined;
  /** Closes the origin (its requests in flight finished, the database closed) and ends the thread. */
  close(): Promise<void>;
}

/**
 * Starts the origin on its thread; rejects with the origin's own message when it cannot
 * start (a bad configuration, a database it cannot open). `onExit` hears of the thread
 * ending other than by `close()`: the origin failed after start.
 */
export function startEmbeddedOrigin(config: OriginConfig, onExit: (reason: string) => void): Promise<EmbeddedOrigin> {
  // Under tsx the worker inherits node's flags, `--import tsx` among them, and runs the
  // TypeScript source; in the server's build, its own bundle.
  const worker = new Worker(threadEntry(import.meta.url, 'embedded-worker'), { workerData: config });
  let state: 'starting' | 'running' | 'closing' = 'starting';
  let closing: { done: () => void; fail: (error: Error) => void } | undefined;
  return new Promise((resolve, reject) => {
    const failed = (error: Error) => {
      if (state === 'starting') reject(error);
      else if (state === 'closing') closing?.fail(error);
      else onExit(`the embedded origin failed: ${error.message}`);
    };
    worker.on('error', failed);
    worker.on('exit', (code) => {
      if (state === 'closing') closing?.done();
      else failed(new Error(`its thread ended (exit code ${code})`));
    });
    worker.on('message', (message: FromOriginThread) => {
      if (message.kind === 'failed') failed(new Error(message.message));
      // Closed: the thread is ended, and its exit resolves close().
      else if (message.kind === 'closed') void worker.terminate();
      else {
        state = 'running';
        resolve({
          url: message.url,
          metricsUrl: message.metricsUrl,
          close: () =>
            new Promise<void>((done, fail) => {
              state = 'closing';
              closing = { done, fail };
              worker.postMessage({ kind: 'close' } satisfies ToOriginThread);
            }),
        });
      }
    });
  });
}
