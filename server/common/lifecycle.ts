/**
 * Readiness and graceful shutdown, shared by the site server and the origin
 * (docs/operations.md "Deployment"). On SIGTERM or SIGINT a server first drains: it keeps
 * serving everything, but its readiness endpoint answers 503 so that a load balancer
 * stops sending it new visitors (SHUTDOWN_DRAIN_MS, 0 by default: nothing in front to
 * tell). Then it closes: it stops accepting connections, finishes the requests in flight,
 * closes its database pool and exits 0. Closing is bounded by SHUTDOWN_TIMEOUT_MS; past
 * it the process exits 1 and says how many requests it cut off.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';

/** The two variables, read by both servers' configuration. */
export const shutdownSchema = {
  SHUTDOWN_DRAIN_MS: z.coerce.number().int().min(0).max(300_000).default(0),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(100).max(300_000).default(10_000),
};

export interface ShutdownSettings {
  /** How long readiness answers 503 before the server stops accepting. */
  drainMs: number;
  /** Longest wait for requests in flight once closing. */
  timeoutMs: number;
}

export interface Lifecycle {
  /** Set on the termination signal: readiness answers 503 from then on. */
  draining: boolean;
  /** Requests received and not yet answered (for the shutdown's log line). */
  inFlight: number;
}

export function createLifecycle(): Lifecycle {
  return { draining: false, inFlight: 0 };
}

/**
 * Counts the app's requests in flight into `lifecycle`. From the termination signal on,
 * every answer carries `Connection: close` and Node closes its connection once it is
 * sent: a keep-alive client opens a new connection for its next request (served while
 * draining, refused once closed) instead of sending it on an idle connection that closing
 * may end at that very moment (ECONNRESET: issue 27, finding 4).
 */
export function countRequests(app: FastifyInstance, lifecycle: Lifecycle): void {
  app.addHook('onRequest', async (_request, reply) => {
    lifecycle.inFlight += 1;
    // 'close' comes once per response: sent, or its connection gone.
    reply.raw.once('close', () => {
      lifecycle.inFlight -= 1;
    });
  });
  app.addHook('onSend', async (_request, reply) => {
    if (lifecycle.draining) reply.header('connection', 'close');
  });
}

/**
 * Closes a Fastify app: no new connections, requests in flight finished. Node closes the
 * idle keep-alive connections when closing starts; a connection whose request was in
 * flight then would stay open after its answer until the keep-alive timeout, so idle ones
 * are closed again every 100 ms until the server has closed. Each of these closes runs
 * after a poll phase of the event loop (setImmediate): a request that has reached the
 * socket but was not read yet (a busy loop) is read first, so its connection is no longer
 * idle and is not cut.
 */
export async function closeApp(app: FastifyInstance): Promise<void> {
  const afterPoll = () => new Promise((resolve) => setImmediate(resolve));
  await afterPoll();
  const sweep = setInterval(() => setImmediate(() => app.server.closeIdleConnections()), 100);
  try {
    await app.close();
  } finally {
    clearInterval(sweep);
  }
}

/** Exits once stdout has taken what was written (writes to a pipe are asynchronous). */
function exitAfterOutput(code: number): void {
  process.stdout.write('', () => process.exit(code));
}

/**
 * On the first SIGTERM or SIGINT: drain, then `close` (servers, then pools), then exit 0;
 * exit 1 when closing takes longer than the timeout. `say` writes the lifecycle lines.
 */
export function shutDownOnSignals(options: {
  name: string;
  lifecycle: Lifecycle;
  settings: ShutdownSettings;
  close: () => Promise<void>;
  say?: (line: string) => void;
}): void {
  const { name, lifecycle, settings, close } = options;
  const say = options.say ?? ((line: string) => console.log(line));
  const run = async (signal: string) => {
    if (lifecycle.draining) return;
    lifecycle.draining = true;
    if (settings.drainMs > 0) {
      say(`${name}: ${signal}, draining for ${settings.drainMs} ms (readiness answers 503)`);
      await new Promise((resolve) => setTimeout(resolve, settings.drainMs));
    }
    say(`${name}: ${signal}, closing with ${lifecycle.inFlight} requests in flight`);
    const timer = setTimeout(() => {
      say(`${name}: closing took over ${settings.timeoutMs} ms, exiting with ${lifecycle.inFlight} requests cut off`);
      exitAfterOutput(1);
    }, settings.timeoutMs);
    try {
      await close();
    } catch (error) {
      say(`${name}: closing failed: ${error instanceof Error ? error.message : String(error)}`);
      exitAfterOutput(1);
      return;
    }
    clearTimeout(timer);
    say(`${name}: closed`);
    exitAfterOutput(0);
  };
  process.once('SIGTERM', () => void run('SIGTERM'));
  process.once('SIGINT', () => void run('SIGINT'));
}
