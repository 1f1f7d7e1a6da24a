/**
 * The origin dead and back (issue 27, the fault suite): the origin run on its own
 * (`server/origin/main.ts`, as `npm run start:origin`) behind a site server; killed with
 * SIGKILL, then started again on the same port and database. What the visitor gets
 * meanwhile: the cart a 503 with Retry-After (never a 500 or a wait), readiness 503 within
 * a couple of seconds so that a balancer takes the copy out, and everything working again
 * once the origin is back; a form acknowledged with 201 before the fault is still stored.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/origin/db';
import { buildSiteApp } from '../../server/site/app';
import { loadSiteConfig } from '../../server/site/config';
import { loadRenderer } from '../../server/site/renderer';
import { distDir, requireProductionBuild } from './support/site-with-origin';
import { startServerProcess, type ServerProcess } from './support/server-process';
import { seededDatabaseEnv } from './support/test-database';

requireProductionBuild('tests/integration/faults-origin.test.ts');

const sameSite = {
  'content-type': 'application/json',
  host: 'localhost',
  origin: 'http://localhost',
  'x-st1-locale': 'fi-FI',
};
const CART = { items: [{ code: 'WASH-BASIC', quantity: 1 }] };
const FORM = {
  form: 'contact',
  fields: {
    firstname: 'Maija',
    lastname: 'Mehiläinen',
    email: 'maija@example.fi',
    phone: '040 123 4567',
    topic: 'card',
    message: 'Lähetetty juuri ennen kuin origin kaatui.',
  },
};

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

/** Polls `check` every 100 ms until it is true; fails naming `what` after `ms`. */
async function within(ms: number, what: string, check: () => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`${what}: not within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('the origin dead and back', () => {
  let folder: string;
  let originEnv: Record<string, string>;
  let origin: ServerProcess;
  let site: FastifyInstance;

  beforeAll(async () => {
    folder = mkdtempSync(join(tmpdir(), 'st1-faults-origin-'));
    originEnv = {
      // A copy of the run's seeded template, kept by the origin's restart.
      ...(await seededDatabaseEnv('faults_origin', folder)),
      ORIGIN_PORT: String(await freePort()),
      LOG_LEVEL: 'warn',
    };
    origin = await startServerProcess('server/origin/main.ts', originEnv);
    const config = {
      ...loadSiteConfig({
        RENDER_CACHE_TTL_MS: '0',
        SHED_EVENT_LOOP_DELAY_MS: '0',
        DIST_DIR: distDir,
      } as NodeJS.ProcessEnv),
      originUrl: origin.url,
    };
    site = await buildSiteApp({ config, renderer: await loadRenderer(distDir) });
    await site.ready();
  }, 120_000);

  afterAll(async () => {
    await site?.close();
    await origin?.stop();
    rmSync(folder, { recursive: true, force: true });
  });

  const cart = () =>
    site.inject({ method: 'POST', url: '/proxy/digital-order/v1/cart/validate', headers: sameSite, payload: CART });
  const ready = async () => (await site.inject({ method: 'GET', url: '/readyz' })).statusCode;

  it('answers at once while the origin is down, and serves again once it is back', async () => {
    const form = await site.inject({ method: 'POST', url: '/api/v1/form/submit', headers: sameSite, payload: FORM });
    expect(form.statusCode, form.body).toBe(201);
    expect((await cart()).statusCode).toBe(200);

    origin.child.kill('SIGKILL');
    await origin.exited;
    const down = await cart();
    expect(down.statusCode).toBe(503);
    expect(Number(down.headers['retry-after'])).toBeGreaterThan(0);
    await within(5000, 'readiness 503 with the origin dead', async () => (await ready()) === 503);
    const page = await site.inject({ method: 'GET', url: '/yrityksille' });
    expect(page.statusCode).toBeGreaterThanOrEqual(500);
    expect(page.headers['content-type']).toMatch(/text\/html/);

    origin = await startServerProcess('server/origin/main.ts', originEnv);
    await within(10_000, 'readiness 200 with the origin back', async () => (await ready()) === 200);
    expect((await cart()).statusCode).toBe(200);
    expect((await site.inject({ method: 'GET', url: '/yrityksille' })).statusCode).toBe(200);

    // What was acknowledged before the fault is there after it.
    const db = openDatabase({ dataDir: folder, databaseUrl: originEnv.DATABASE_URL });
    try {
      const stored = await db.selectFrom('form_submissions').select('fields_json').execute();
      expect(stored.map((row) => row.fields_json).join()).toContain('juuri ennen kuin origin kaatui');
    } finally {
      await db.destroy();
    }
  }, 120_000);
});
