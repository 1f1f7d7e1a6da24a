/**
 * Connection faults of the site server run as an operator runs it (`server/main.ts` in a
 * child process, embedded origin): SIGTERM while keep-alive clients keep sending, and
 * clients that connect and never send a byte (issue 27, findings 4 and 5). What the
 * visitor gets: every request the server read is answered (none cut with ECONNRESET),
 * answers from the termination signal on carry `Connection: close`, and a silent
 * connection is closed (target: within 15 s; IDLE_CONNECTION_MS is 10 s). The 10-run
 * figure of cut requests is scripts/bench-shutdown.ts's.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IDLE_CONNECTION_MS } from '../../server/site/plugins/load-shedding';
import { distDir, requireProductionBuild } from './support/site-with-origin';
import { keepAliveThroughShutdown } from './support/keep-alive-through-shutdown';
import { startServerProcess, type ServerProcess } from './support/server-process';
import { seededDatabaseEnv } from './support/test-database';

requireProductionBuild('tests/integration/faults-connections.test.ts');

const DRAIN_MS = 1500;
/** Silent connections must be closed within this (the target; IDLE_CONNECTION_MS is below it). */
const TARGET_MS = 15_000;
const folders: string[] = [];
const running: ServerProcess[] = [];
let idleServer: ServerProcess;
let drainingServer: ServerProcess;

async function startSite(name: string): Promise<ServerProcess> {
  const folder = mkdtempSync(join(tmpdir(), `st1-faults-${name}-`));
  folders.push(folder);
  const server = await startServerProcess('server/main.ts', {
    DIST_DIR: distDir,
    // A copy of the run's seeded template: these faults are the connections', not the seed's.
    ...(await seededDatabaseEnv(`faults_${name}`, folder)),
    RENDER_CACHE_TTL_MS: '0',
    LOG_LEVEL: 'warn',
    SHUTDOWN_DRAIN_MS: String(DRAIN_MS),
  });
  running.push(server);
  return server;
}

beforeAll(async () => {
  [idleServer, drainingServer] = await Promise.all([startSite('idle'), startSite('drain')]);
}, 120_000);

afterAll(async () => {
  for (const server of running) await server.stop();
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

describe.concurrent('connections', () => {
  it('closes connections that send nothing', async () => {
    expect(IDLE_CONNECTION_MS).toBeLessThan(TARGET_MS);
    const { port } = new URL(idleServer.url);
    const sockets = await Promise.all(
      Array.from(
        { length: 20 },
        () =>
          new Promise<Socket>((resolve, reject) => {
            const socket = connect(Number(port), '127.0.0.1', () => resolve(socket));
            socket.once('error', reject);
          }),
      ),
    );
    const closed = await Promise.all(
      sockets.map(
        (socket) =>
          new Promise<boolean>((resolve) => {
            const timer = setTimeout(() => resolve(false), TARGET_MS);
            socket.once('close', () => {
              clearTimeout(timer);
              resolve(true);
            });
          }),
      ),
    );
    expect(closed.filter((isClosed) => !isClosed).length, 'silent connections still open after 15 s').toBe(0);
    // The server still serves.
    expect((await fetch(`${idleServer.url}/builds/latest.json`)).status).toBe(200);
  }, 30_000);

  it('answers every keep-alive request through SIGTERM, with Connection: close from the signal on', async () => {
    const { exitCode, answered, errors } = await keepAliveThroughShutdown(drainingServer);
    expect(exitCode).toBe(0);
    expect(errors.length, 'each client stops at its first error').toBe(6);
    expect(
      errors.filter((outcome) => outcome.reusedSocket),
      'requests cut',
    ).toEqual([]);
    expect(answered.filter((outcome) => outcome.status !== 200 && outcome.status !== 503)).toEqual([]);
    // The server keeps answering after the signal (counted from the moment the test sent
    // it: counted from readiness' 503 as the test sees it, a busy machine's late poll left
    // none in a fresh-clone CI run beside another), and every answer once readiness says
    // it is draining tells the client to close.
    expect(answered.filter((outcome) => outcome.afterSignal).length, 'answers after SIGTERM').toBeGreaterThan(5);
    expect(answered.filter((outcome) => outcome.afterDrainBegan && !outcome.connectionClose)).toEqual([]);
  }, 60_000);
});
