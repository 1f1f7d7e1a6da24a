/**
 * A throwaway Redis server for tests, from Debian's `redis-server` package (.ci/run
 * installs it): 127.0.0.1 on a free port, nothing written to disk, stopped by `stop()`.
 * Like throwaway-postgres.ts, a missing binary skips the tests only outside CI; in CI it
 * is an error, so the Redis tests can never pass by not running.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';

export interface ThrowawayRedis {
  url: string;
  /** Stops the process without closing its connections (SIGSTOP): a hung Redis. */
  pause(): void;
  /** Lets a paused process run again (SIGCONT). */
  resume(): void;
  /** Ends the process at once (SIGKILL): a dead Redis; its counts are gone. */
  kill(): Promise<void>;
  /** Starts a new process on the same port after `kill()`: Redis back, empty. */
  restart(): Promise<void>;
  stop(): Promise<void>;
}

/** REDIS_SERVER, else Debian's /usr/bin/redis-server. */
function findRedisServer(env: NodeJS.ProcessEnv = process.env): string | undefined {
  return [env.REDIS_SERVER, '/usr/bin/redis-server'].find(
    (candidate): candidate is string => candidate !== undefined && existsSync(candidate),
  );
}

/** Why the Redis tests cannot run here (outside CI without the binary), else undefined. */
export function redisSkipReason(env: NodeJS.ProcessEnv = process.env): string | undefined {
  if (findRedisServer(env)) return undefined;
  const inCi = env.CI !== undefined && env.CI !== '' && env.CI !== 'false' && env.CI !== '0';
  if (inCi) return undefined; // startThrowawayRedis then fails with the reason
  return 'Redis tests skipped: not in CI (CI is unset) and no redis-server (apt-get install redis-server, or set REDIS_SERVER)';
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

interface RedisProcess {
  process: ChildProcess;
  exited: Promise<void>;
}

/** Starts redis-server on `port` and waits until it answers PING. */
async function launch(binary: string, port: number, dir: string): Promise<RedisProcess> {
  const server: ChildProcess = spawn(
    binary,
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let log = '';
  const collect = (chunk: Buffer) => (log = (log + chunk.toString()).slice(-4000));
  server.stdout?.on('data', collect);
  server.stderr?.on('data', collect);
  const exited = new Promise<void>((resolve) => server.once('exit', () => resolve()));
  const url = `redis://127.0.0.1:${port}`;

  const deadline = Date.now() + 15_000;
  for (;;) {
    const client = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
    client.on('error', () => undefined);
    try {
      await client.connect();
      await client.ping();
      client.disconnect();
      return { process: server, exited };
    } catch (error) {
      client.disconnect();
      if (server.exitCode !== null || Date.now() > deadline) {
        server.kill('SIGKILL');
        throw new Error(`Redis did not start: ${String(error)}\n${log}`, { cause: error });
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
}

export async function startThrowawayRedis(): Promise<ThrowawayRedis> {
  const binary = findRedisServer();
  if (!binary)
    throw new Error(
      'redis-server not found (REDIS_SERVER or /usr/bin/redis-server): .ci/run installs the Debian package redis-server',
    );
  const dir = mkdtempSync(join(tmpdir(), 'st1-redis-'));
  const port = await freePort();
  let current = await launch(binary, port, dir).catch((error: unknown) => {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  });
  const running = () => current.process.exitCode === null && current.process.signalCode === null;

  return {
    url: `redis://127.0.0.1:${port}`,
    pause: () => current.process.kill('SIGSTOP'),
    resume: () => current.process.kill('SIGCONT'),
    async kill() {
      if (running()) current.process.kill('SIGKILL');
      await current.exited;
    },
    async restart() {
      current = await launch(binary, port, dir);
    },
    async stop() {
      // A paused process does not act on SIGTERM until it runs again.
      if (running()) current.process.kill('SIGCONT');
      if (running()) current.process.kill('SIGTERM');
      await Promise.race([current.exited, new Promise((resolve) => setTimeout(resolve, 5000))]);
      if (running()) current.process.kill('SIGKILL');
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
