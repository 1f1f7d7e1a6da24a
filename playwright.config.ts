/**
 * End-to-end tests in Debian's Chromium (never a downloaded browser). The web server is
 * the real product: `tsx server/main.ts` on a loopback port with a fresh data folder.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from '@playwright/test';
import { chromiumPath } from './tests/e2e/support/chromium';

const port = Number(process.env.E2E_PORT ?? 3199);
// Made once by the runner and inherited by its workers (which load this file again), so
// that tests can read the server's database, e.g. the outbox (tests/e2e/support/outbox.ts).
const dataDir = (process.env.E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'st1-e2e-')));

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: true,
  workers: process.env.CI ? 2 : 2,
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [['list']] : [['list']],
  timeout: 30_000,
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    // page.route() cannot see requests that the service worker answers (Playwright docs),
    // so specs run without it; the PWA specs (tests/e2e/pwa*.spec.ts) turn it on.
    serviceWorkers: 'block',
    // Tests act as a visitor's browser. Headless Chromium says "HeadlessChrome", which the
    // site server (rightly) treats as a crawler: crawlers skip first-visit locale detection.
    userAgent: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36',
    launchOptions: {
      executablePath: chromiumPath(),
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
        '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE localhost, EXCLUDE 127.0.0.1, EXCLUDE [::1]',
      ],
    },
  },
  webServer: {
    command: 'tsx server/main.ts',
    url: `http://127.0.0.1:${port}/healthz`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: {
      DIST_DIR: process.env.DIST_DIR ?? 'dist',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      RENDER_CACHE_TTL_MS: '0',
    },
  },
});
