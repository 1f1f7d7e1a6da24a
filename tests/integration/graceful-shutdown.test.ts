/**
 * Graceful shutdown (docs/operations.md "Deployment", server/common/lifecycle.ts): each server,
 * run as an operator runs it, gets SIGTERM under load. While it drains, readiness answers
 * 503 and every request is still served; requests in flight when it closes are finished;
 * the process exits 0. Not one request of the load fails.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { request as httpRequest } from 'node:http';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { distDir, requireProductionBuild } from './support/site-with-origin';
import { startServerProcess, type ServerProcess } from './support/server-process';
import { seededDatabaseEnv } from './support/test-database';

requireProductionBuild('tests/integration/graceful-shutdown.test.ts');

const DRAIN_MS = 500;
/** Requests held in flight across the start of closing. */
const SLOW = 4;
const folders: string[] = [];
const running: ServerProcess[] = [];
afterAll(async () => {
  for (const server of running) await server.stop();
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

function dataDir(name: string): string {
  const folder = mkdtempSync(join(tmpdir(), `st1-shutdown-${name}-`));
  folders.push(folder);
  return folder;
}

type Outcome = { status: number } | { error: string };

/** The first few outcomes that are not a 200. */
const failures = (outcomes: Outcome[]) =>
  outcomes.filter((outcome) => !('status' in outcome) || outcome.status !== 200).slice(0, 3);

/**
 * A POST whose body comes in two halves: after the first, the server has the request in
 * flight (its headers read, its body not); `finish()` sends the rest and gives the answer.
 */
function slowPost(url: string, headers: Record<string, string>, body: string) {
  const half = Math.floor(body.length / 2);
  const request = httpRequest(url, {
    method: 'POST',
    headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
  });
  const answer = new Promise<Outcome>((resolveAnswer) => {
    request.on('response', (response) => {
      response.resume();
      response.on('end', () => resolveAnswer({ status: response.statusCode ?? 0 }));
    });
    request.on('error', (error) => resolveAnswer({ error: String(error) }));
  });
  request.write(body.slice(0, half));
  return {
    finish() {
      request.end(body.slice(half));
      return answer;
    },
  };
}

/** READY_PORT's listener (server/site/ready-listener.ts), from its line in the output. */
const readyUrl = (server: ServerProcess) => /Site readiness on (http:\/\/\S+)/.exec(server.output())![1]!;
const readyPort = async (server: ServerProcess) => {
  const response = await fetch(readyUrl(server));
  return { status: response.status, body: (await response.json()) as { status: string; inFlight: number } };
};

const readiness = async (server: ServerProcess) => {
  const response = await fetch(`${server.url}/readyz`);
  const body = (await response.json()) as { inFlight: number };
  return { status: response.status, inFlight: body.inFlight };
};

async function waitFor(condition: () => Promise<boolean> | boolean, what: string, ms = 60_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/**
 * Load as a load balancer sends it: 8 loops of `request` until readiness answers 503,
 * plus SLOW requests whose bodies are finished only once the server has begun to close:
 * requests in flight when it closes. Returns every outcome.
 */
async function loadThroughShutdown(
  server: ServerProcess,
  request: () => Promise<Response>,
  slow: () => ReturnType<typeof slowPost>,
  closingLine: RegExp,
  readyPortWhileDraining?: () => Promise<number>,
): Promise<{
  outcomes: Outcome[];
  slowOutcomes: Outcome[];
  exitCode: number | null;
  readinessWhileDraining: number;
  readyPortWhileDraining: number | undefined;
}> {
  const outcomes: Outcome[] = [];
  const send = async () => {
    try {
      const response = await request();
      await response.arrayBuffer();
      outcomes.push({ status: response.status });
    } catch (error) {
      outcomes.push({ error: String((error as Error).cause ?? error) });
    }
  };
  let inRotation = true;
  const workers = Array.from({ length: 8 }, async () => {
    while (inRotation) await send();
  });
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const slowRequests = Array.from({ length: SLOW }, slow);
  // Readiness counts itself among the requests in flight.
  await waitFor(async () => (await readiness(server)).inFlight > SLOW, 'the slow requests to reach the server');

  server.signal('SIGTERM');
  let readinessWhileDraining = 0;
  await waitFor(async () => (readinessWhileDraining = (await readiness(server)).status) === 503, 'readiness 503');
  inRotation = false; // the balancer saw 503 and sends this server nothing new
  // The ready port hears of draining with the main loop's next heartbeat (250 ms), and
  // answers until the server has closed: the slow requests below hold closing open.
  let readyPortStatus: number | undefined;
  if (readyPortWhileDraining)
    await waitFor(async () => (readyPortStatus = await readyPortWhileDraining()) === 503, 'ready port 503', 5000);
  await Promise.all(workers);
  await waitFor(() => closingLine.test(server.output()), 'the server to start closing');
  // Closing has begun with these requests in flight: now they may finish.
  await new Promise((resolve) => setTimeout(resolve, 200));
  const slowOutcomes = await Promise.all(slowRequests.map((slowRequest) => slowRequest.finish()));
  return {
    outcomes,
    slowOutcomes,
    exitCode: await server.exited,
    readinessWhileDraining,
    readyPortWhileDraining: readyPortStatus,
  };
}

const CART = JSON.stringify({ items: [{ code: 'WASH-BASIC', quantity: 2 }] });

describe('graceful shutdown on SIGTERM', () => {
  it('the site server (with its embedded origin and READY_PORT) serves every request and exits 0', async () => {
    const server = await startServerProcess('server/main.ts', {
      ...(await seededDatabaseEnv('shutdown_site', dataDir('site'))),
      DIST_DIR: distDir,
      RENDER_CACHE_TTL_MS: '0',
      LOG_LEVEL: 'warn',
      SHUTDOWN_DRAIN_MS: String(DRAIN_MS),
      READY_PORT: '0',
    });
    running.push(server);
    expect((await readiness(server)).status).toBe(200);
    // The ready port answers as the public port does (ready once the first origin check is in).
    await waitFor(async () => (await readyPort(server)).status === 200, 'the ready port to answer 200', 5000);
    expect((await readyPort(server)).body).toEqual({ status: 'ready', inFlight: expect.any(Number) });
    expect((await fetch(readyUrl(server).replace('/readyz', '/'))).status).toBe(404);
    let page = 0;
    const paths = ['/', '/en-EU', '/sv-SE', '/no-NO', '/en-EU/_payload.json'];
    const host = new URL(server.url).host;
    const drainingBodies: string[] = [];
    const { outcomes, slowOutcomes, exitCode, readinessWhileDraining, readyPortWhileDraining } =
      await loadThroughShutdown(
        server,
        () => fetch(`${server.url}${paths[(page += 1) % paths.length]}`),
        () =>
          slowPost(
            `${server.url}/proxy/digital-order/v1/cart/validate`,
            { 'content-type': 'application/json', host, origin: `http://${host}`, 'x-st1-locale': 'fi-FI' },
            CART,
          ),
        /Site server: SIGTERM, closing with \d+ requests in flight/,
        async () => {
          const { status, body } = await readyPort(server);
          drainingBodies.push(body.status);
          return status;
        },
      );
    expect(readinessWhileDraining).toBe(503);
    expect(readyPortWhileDraining).toBe(503);
    expect(drainingBodies.at(-1)).toBe('draining');
    expect({ exitCode, failed: failures(outcomes), slow: slowOutcomes }, server.output()).toEqual({
      exitCode: 0,
      failed: [],
      slow: Array.from({ length: SLOW }, () => ({ status: 200 })),
    });
    expect(outcomes.length).toBeGreaterThan(8);
    const inFlight = /Site server: SIGTERM, closing with (\d+) requests in flight/.exec(server.output());
    expect(Number(inFlight![1]), 'requests in flight when it closed').toBeGreaterThanOrEqual(SLOW);
    expect(server.output()).toContain('Site server: closed');
  }, 120_000);

  it('the origin run on its own serves every request and exits 0', async () => {
    const server = await startServerProcess('server/origin/main.ts', {
      ...(await seededDatabaseEnv('shutdown_origin', dataDir('origin'))),
      LOG_LEVEL: 'warn',
      SHUTDOWN_DRAIN_MS: String(DRAIN_MS),
    });
    running.push(server);
    expect((await readiness(server)).status).toBe(200);
    const headers = { 'content-type': 'application/json', 'x-st1-locale': 'fi-FI' };
    const { outcomes, slowOutcomes, exitCode, readinessWhileDraining } = await loadThroughShutdown(
      server,
      () => fetch(`${server.url}/digital-order/v1/cart/validate`, { method: 'POST', headers, body: CART }),
      () => slowPost(`${server.url}/digital-order/v1/cart/validate`, headers, CART),
      /Origin: SIGTERM, closing with \d+ requests in flight/,
    );
    expect(readinessWhileDraining).toBe(503);
    expect({ exitCode, failed: failures(outcomes), slow: slowOutcomes }, server.output()).toEqual({
      exitCode: 0,
      failed: [],
      slow: Array.from({ length: SLOW }, () => ({ status: 200 })),
    });
    const inFlight = /Origin: SIGTERM, closing with (\d+) requests in flight/.exec(server.output());
    expect(Number(inFlight![1]), 'requests in flight when it closed').toBeGreaterThanOrEqual(SLOW);
    expect(server.output()).toContain('Origin: closed');
  }, 120_000);
});
