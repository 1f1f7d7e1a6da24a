/**
 * READY_PORT (docs/operations.md "Health and readiness"): `/readyz` on a port and a thread
 * of its own, for a load balancer. The public port's `/readyz` waits its turn on the main
 * event loop, behind every busy connection (issue 27, finding 2: under 1,000 connections
 * no check was answered within 1 s); this one reads the main thread's shared state
 * (ready-state.ts) on an idle loop. The main thread beats every HEARTBEAT_MS, so a main loop
 * stuck for STALLED_MS answers 503 here.
 */
import { Worker } from 'node:worker_threads';
import { threadEntry } from '../common/thread-entry';
import type { Lifecycle } from '../common/lifecycle';
import { HEARTBEAT_MS, readyPublisher } from './ready-state';

export interface ReadyWorkerData {
  buffer: SharedArrayBuffer;
  host: string;
  port: number;
}
export type FromReadyThread = { kind: 'listening'; url: string } | { kind: 'failed'; message: string };

export interface ReadyListener {
  /** http://host:port/readyz */
  url: string;
  /** Stops the heartbeat and ends the thread (its server with it). */
  close(): Promise<void>;
}

/** Starts the listener on `buffer` (the one buildSiteApp publishes the origin's state in). */
export async function serveReadiness(
  buffer: SharedArrayBuffer,
  lifecycle: Lifecycle,
  config: { host: string; port: number },
): Promise<ReadyListener> {
  const publisher = readyPublisher(buffer);
  const beat = () => publisher.beat(lifecycle);
  beat();
  const heartbeat = setInterval(beat, HEARTBEAT_MS);
  heartbeat.unref();
  // Under tsx the worker inherits node's flags, `--import tsx` among them, and runs the
  // TypeScript source; in the server's build, its own bundle.
  const worker = new Worker(threadEntry(import.meta.url, 'ready-worker'), {
    workerData: { buffer, ...config } satisfies ReadyWorkerData,
  });
  const close = async () => {
    clearInterval(heartbeat);
    await worker.terminate();
  };
  try {
    const url = await new Promise<string>((resolve, reject) => {
      worker.once('error', reject);
      worker.once('exit', (code) => reject(new Error(`the readiness thread ended (exit code ${code})`)));
      worker.once('message', (message: FromReadyThread) =>
        message.kind === 'listening' ? resolve(message.url) : reject(new Error(message.message)),
      );
    });
    // Not fatal later: the port then refuses checks and the balancer takes this copy out.
    worker.on('error', (error) => console.error(`Site readiness thread failed: ${error.message}`));
    return { url, close };
  } catch (error) {
    await close();
    throw new Error(`READY_PORT: ${(error as Error).message}`, { cause: error });
  }
}
