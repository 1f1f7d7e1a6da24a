/**
 * Two site servers on one origin and one Redis, as the operator runs them (decision 017),
 * for the live-stream e2e spec and bench (tests/e2e/station-live-stream.spec.ts,
 * scripts/bench-live-stream.ts): A is the product as `npm start` runs it, with its embedded
 * origin (on a port chosen here, so B can name it); B is the same with ORIGIN_URL pointing
 * at A's origin; both with REDIS_URL on a throwaway redis-server. A price is imported over
 * the origin's HTTP import API (as a feed does), so the origin's notice goes out on Redis.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { redisSkipReason, startThrowawayRedis, type ThrowawayRedis } from '../../integration/support/throwaway-redis';
import { freePort } from '../../integration/support/throwaway-postgres';
import { serverNodeArgs } from '../../../scripts/build-server';

export { redisSkipReason };

const PRICE_TOKEN = 'live-pair-price-token-0123456789abcdefgh';

export interface LivePair {
  /** Site server A (with the embedded origin) and site server B (ORIGIN_URL on A's origin). */
  a: string;
  b: string;
  origin: string;
  /** Imports a 95 price for `station` at the origin; resolves with the live version it took. */
  importPrice(station: string, price: number): Promise<number>;
  stop(): Promise<void>;
}

async function waitUntilUp(url: string, child: ChildProcess, what: string): Promise<void> {
  const deadline = Date.now() + 90_000;
  for (;;) {
    const up = await fetch(`${url}/readyz`).then(
      (response) => response.ok,
      () => false,
    );
    if (up) return;
    if (Date.now() > deadline || child.exitCode !== null) throw new Error(`${what} did not start`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

function startServer(env: Record<string, string>): ChildProcess {
  return spawn(process.execPath, serverNodeArgs('main'), {
    env: {
      ...process.env,
      DIST_DIR: process.env.DIST_DIR ?? 'dist',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      RENDER_CACHE_TTL_MS: '0',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
    // Its own process group: stop() ends everything it started.
    detached: true,
  });
}

async function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || !child.pid) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  process.kill(-child.pid, 'SIGTERM');
  await exited;
}

export async function startLivePair(name: string, env: Record<string, string> = {}): Promise<LivePair> {
  const redis: ThrowawayRedis = await startThrowawayRedis();
  const dataDir = mkdtempSync(join(tmpdir(), `st1-${name}-`));
  const [portA, portB, originPort] = [await freePort(), await freePort(), await freePort()];
  const a = `http://127.0.0.1:${portA}`;
  const b = `http://127.0.0.1:${portB}`;
  const origin = `http://127.0.0.1:${originPort}`;
  const children: ChildProcess[] = [];
  const stop = async () => {
    for (const child of children.reverse()) await stopServer(child);
    await redis.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    children.push(
      startServer({
        PORT: String(portA),
        DATA_DIR: dataDir,
        ORIGIN_PORT: String(originPort),
        REDIS_URL: redis.url,
        PRICE_IMPORT_TOKEN: PRICE_TOKEN,
        ...env,
      }),
    );
    // Both start at once: B's /readyz says 503 until A's origin answers.
    children.push(startServer({ PORT: String(portB), ORIGIN_URL: origin, REDIS_URL: redis.url, ...env }));
    await Promise.all([
      waitUntilUp(a, children[0]!, 'Site server A with the embedded origin'),
      waitUntilUp(b, children[1]!, 'Site server B'),
    ]);
  } catch (error) {
    await stop();
    throw error;
  }
  return {
    a,
    b,
    origin,
    async importPrice(station, price) {
      const answer = await fetch(`${origin}/station-import/v1/fuel-prices`, {
        method: 'POST',
        headers: { authorization: `Bearer ${PRICE_TOKEN}`, 'content-type': 'application/json' },
        body: JSON.stringify({
          prices: [{ station, grade: '95', price, currency: 'EUR', setAt: new Date().toISOString() }],
        }),
      });
      const body = (await answer.json()) as { version?: number; message?: string };
      if (answer.status !== 200 || typeof body.version !== 'number')
        throw new Error(`The price import answered ${answer.status}: ${body.message ?? ''}`);
      return body.version;
    },
    stop,
  };
}
