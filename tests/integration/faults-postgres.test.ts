/**
 * PostgreSQL restarted under a running origin (issue 27, the fault suite): the origin and
 * a site server in this process on a PostgreSQL server of this test's own (the run's
 * shared one must not restart under the other files), which is shut down (fast: its
 * connections ended) and started again. What the visitor gets: while it is down, a clear
 * error at once, never a hang, and the origin's readiness 503; once it is back, everything
 * works again without restarting the origin (its pool replaces the ended connections;
 * before, the ended idle connections' error events ended the origin process); a form
 * acknowledged with 201 before the restart is still stored.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadOriginConfig } from '../../server/origin/config';
import { startOrigin, type RunningOrigin } from '../../server/origin/start';
import { buildSiteApp } from '../../server/site/app';
import { loadSiteConfig } from '../../server/site/config';
import { loadRenderer } from '../../server/site/renderer';
import { distDir, requireProductionBuild } from './support/site-with-origin';
import { testDatabase } from './support/test-database';
import { postgresSkipReason, startThrowawayPostgres, type ThrowawayPostgres } from './support/throwaway-postgres';

requireProductionBuild('tests/integration/faults-postgres.test.ts');

const skip = postgresSkipReason();
if (skip) console.warn(skip);

const sameSite = {
  'content-type': 'application/json',
  host: 'localhost',
  origin: 'http://localhost',
  'x-st1-locale': 'fi-FI',
};
const form = (message: string) => ({
  form: 'contact',
  fields: {
    firstname: 'Maija',
    lastname: 'Mehiläinen',
    email: 'maija@example.fi',
    phone: '040 123 4567',
    topic: 'card',
    message,
  },
});

/** Polls `check` every 100 ms until it is true; fails naming `what` after `ms`. */
async function within(ms: number, what: string, check: () => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`${what}: not within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

// Once per test run: in the PostgreSQL run (test-database.ts), on a server of its own.
describe.skipIf(skip !== undefined || testDatabase !== 'PostgreSQL')('PostgreSQL restarted under the origin', () => {
  let postgres: ThrowawayPostgres;
  let folder: string;
  let origin: RunningOrigin;
  let site: FastifyInstance;

  beforeAll(async () => {
    postgres = await startThrowawayPostgres();
    folder = mkdtempSync(join(tmpdir(), 'st1-faults-postgres-'));
    const originEnv = {
      DATA_DIR: folder,
      CONTENT_DIR: 'content',
      DATABASE_URL: await postgres.createDatabase('faults_restart'),
    } as NodeJS.ProcessEnv;
    origin = await startOrigin(loadOriginConfig(originEnv), { env: { ...process.env, ...originEnv } });
    const config = {
      ...loadSiteConfig({
        RENDER_CACHE_TTL_MS: '0',
        SHED_EVENT_LOOP_DELAY_MS: '0',
        SHED_MAX_IN_FLIGHT: '0',
        DIST_DIR: distDir,
      } as NodeJS.ProcessEnv),
      originUrl: origin.url,
    };
    site = await buildSiteApp({ config, renderer: await loadRenderer(distDir) });
    await site.ready();
  }, 120_000);

  afterAll(async () => {
    await site?.close();
    await origin?.close();
    await postgres?.stop();
    if (folder) rmSync(folder, { recursive: true, force: true });
  });

  const submit = (message: string) =>
    site.inject({ method: 'POST', url: '/api/v1/form/submit', headers: sameSite, payload: form(message) });
  const originReady = async () => (await fetch(`${origin.url}/readyz`)).status;

  it('answers at once while it is down, and works again once it is back', async () => {
    expect((await submit('Ennen uudelleenkäynnistystä.')).statusCode).toBe(201);

    await postgres.restart(async () => {
      const answer = await Promise.race([
        submit('Tietokanta alhaalla.'),
        new Promise<never>((_resolve, reject) =>
          setTimeout(() => reject(new Error('a form with the database down: no answer within 5 s')), 5000),
        ),
      ]);
      expect(answer.statusCode, answer.body).toBeGreaterThanOrEqual(500);
      expect(answer.json()).toMatchObject({ status: answer.statusCode });
      expect(await originReady()).toBe(503);
    });
    // The pool's connections were ended by the restart: the first requests may meet one.
    // Each answers (an error or the right answer), none hangs, and it recovers by itself.
    await within(15_000, 'a form stored again after the restart', async () => {
      const answer = await submit('Uudelleenkäynnistyksen jälkeen.');
      expect(answer.statusCode === 201 || answer.statusCode >= 500, answer.body).toBe(true);
      return answer.statusCode === 201;
    });
    expect(await originReady()).toBe(200);
    expect((await site.inject({ method: 'GET', url: '/yrityksille' })).statusCode).toBe(200);

    const stored = await origin.db.selectFrom('form_submissions').select('fields_json').execute();
    const texts = stored.map((row) => row.fields_json).join();
    expect(texts).toContain('Ennen uudelleenkäynnistystä.');
    expect(texts).toContain('Uudelleenkäynnistyksen jälkeen.');
  }, 120_000);
});
