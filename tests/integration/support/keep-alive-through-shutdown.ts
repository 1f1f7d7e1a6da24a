/**
 * Keep-alive clients through a server's SIGTERM, for the fault test
 * (tests/integration/faults-connections.test.ts) and its 10-run figure
 * (scripts/bench-shutdown.ts): six clients, each on one keep-alive connection, send GETs
 * until the server is gone (they ignore readiness, unlike a balancer); the server gets
 * SIGTERM after a second.
 */
import { Agent, request as httpRequest } from 'node:http';
import type { ServerProcess } from './server-process';

/** When a request was sent: after the test sent SIGTERM, and after readiness had turned 503. */
interface SentWhen {
  afterSignal: boolean;
  afterDrainBegan: boolean;
}

export type Outcome =
  ({ status: number; connectionClose: boolean } & SentWhen) | { error: string; reusedSocket: boolean };

/**
 * One GET on a keep-alive agent. An error on a connection that had served a request before
 * (`reusedSocket`) is a request cut by the server: it closed a connection the client was
 * using (ECONNRESET: what issue 27 found). An error on a new connection comes once the
 * server has stopped listening: refused (ECONNREFUSED), or reset by the kernel when the
 * connection was still in the listen queue as the listener closed; the server never read
 * that request. A balancer sends nothing new by then (the drain is for that).
 */
function get(agent: Agent, url: string, sentWhen: () => SentWhen): Promise<Outcome> {
  const when = sentWhen();
  return new Promise((resolve) => {
    const request = httpRequest(url, { agent }, (response) => {
      response.resume();
      response.on('end', () =>
        resolve({
          status: response.statusCode ?? 0,
          connectionClose: response.headers.connection === 'close',
          ...when,
        }),
      );
    });
    request.on('error', (error: NodeJS.ErrnoException) =>
      resolve({ error: error.code ?? String(error), reusedSocket: request.reusedSocket }),
    );
    request.end();
  });
}

export interface ShutdownOutcomes {
  exitCode: number | null;
  /** Answers, with whether their requests were sent after the signal and after readiness had turned 503. */
  answered: Array<Extract<Outcome, { status: number }>>;
  /** Each client's last outcome: the error that ended it. */
  errors: Array<Extract<Outcome, { error: string }>>;
}

/** Runs the clients, sends SIGTERM after a second, and waits for the server to exit. */
export async function keepAliveThroughShutdown(server: ServerProcess, clients = 6): Promise<ShutdownOutcomes> {
  let signalSent = false;
  let drainBegan = false;
  const outcomes: Outcome[] = [];
  const paths = ['/builds/latest.json', '/en-EU/_payload.json', '/readyz'];
  const loops = Array.from({ length: clients }, async (_, index) => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    for (let sent = 0; ; sent += 1) {
      const outcome = await get(agent, `${server.url}${paths[(index + sent) % paths.length]}`, () => ({
        afterSignal: signalSent,
        afterDrainBegan: drainBegan,
      }));
      outcomes.push(outcome);
      if ('error' in outcome) break;
    }
    agent.destroy();
  });
  await new Promise((resolve) => setTimeout(resolve, 1000));
  server.signal('SIGTERM');
  signalSent = true;
  // Draining has begun once readiness says so. This test notices it late when the machine
  // is busy (each poll is a request of its own), so it marks the answers that must say
  // `Connection: close`, not the window in which the server must still answer.
  while ((await fetch(`${server.url}/readyz`)).status !== 503) await new Promise((resolve) => setTimeout(resolve, 20));
  drainBegan = true;
  await Promise.all(loops);
  return {
    exitCode: await server.exited,
    answered: outcomes.filter((outcome): outcome is Extract<Outcome, { status: number }> => 'status' in outcome),
    errors: outcomes.filter((outcome): outcome is Extract<Outcome, { error: string }> => 'error' in outcome),
  };
}
