/**
 * The product as the browser meets it, for integration tests through `app.inject()`: the
 * embedded origin on a database of its own (test-database.ts: SQLite or PostgreSQL, a copy
 * of the run's seeded template, seeded-template.ts) and site
 * servers in front of it, rendering with the production build (`npm run build` first).
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { loadOriginConfig } from '../../../server/origin/config';
import { startOrigin, type RunningOrigin } from '../../../server/origin/start';
import { buildSiteApp } from '../../../server/site/app';
import { loadSiteConfig } from '../../../server/site/config';
import { loadRenderer } from '../../../server/site/renderer';
import { TEST_PASSWORD_ENV } from './password-cost';
import { seededDatabaseEnv } from './test-database';

export const distDir = process.env.DIST_DIR ?? 'dist';

/** Fails the test file at once, with the reason, when the production build is missing. */
export function requireProductionBuild(testFile: string): void {
  if (!existsSync(join(distDir, 'build.json')) || !existsSync(join(distDir, 'server', 'entry-server.js')))
    throw new Error(`${testFile} needs the production build: run "npm run build" first`);
}

export interface SiteWithOrigin {
  origin: RunningOrigin;
  /** A site server on this origin, render cache and load shedding off; `env` adds site configuration. */
  site(env?: Record<string, string>): Promise<FastifyInstance>;
  /** Closes every site server made here, then the origin, and deletes the data folder. */
  close(): Promise<void>;
}

/** `originEnv` adds origin configuration, e.g. SITE_URLS or PAYMENT_PROVIDER. */
export async function startSiteWithOrigin(
  name: string,
  options: { originEnv?: Record<string, string> } = {},
): Promise<SiteWithOrigin> {
  const dataDir = mkdtempSync(join(tmpdir(), `st1-${name}-test-`));
  const originEnv = {
    DATA_DIR: dataDir,
    CONTENT_DIR: 'content',
    ...TEST_PASSWORD_ENV,
    ...(await seededDatabaseEnv(name, dataDir)),
    ...options.originEnv,
  } as NodeJS.ProcessEnv;
  const origin = await startOrigin(loadOriginConfig(originEnv), { env: { ...process.env, ...originEnv } });
  const renderer = await loadRenderer(distDir);
  const sites: FastifyInstance[] = [];
  return {
    origin,
    async site(env = {}) {
      const config = {
        // Load shedding off: a busy test machine's lag is not what these tests are about
        // (tests/integration/load-shedding.test.ts turns it on).
        ...loadSiteConfig({
          RENDER_CACHE_TTL_MS: '0',
          SHED_EVENT_LOOP_DELAY_MS: '0',
          SHED_MAX_IN_FLIGHT: '0',
          DIST_DIR: distDir,
          ...env,
        } as NodeJS.ProcessEnv),
        originUrl: origin.url,
      };
      const app = await buildSiteApp({ config, renderer });
      sites.push(app);
      await app.ready();
      return app;
    },
    async close() {
      for (const app of sites) await app.close();
      await origin.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
