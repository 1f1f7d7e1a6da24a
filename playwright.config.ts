/**
 * End-to-end tests in Debian's Chromium (never a downloaded browser). The web server is
 * the real product, started as `npm start` starts it (the server's build, rebuilt first
 * when its source changed), on a loopback port with a fresh data folder.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from '@playwright/test';
import { E2E_TEST_ARGS, headlessShellPath, VISITOR_USER_AGENT } from './tests/e2e/support/chromium';

const port = Number(process.env.E2E_PORT ?? 3199);
// Made once by the runner and inherited by its workers (which load this file again), so
// that tests can read the server's database, e.g. the outbox (tests/e2e/support/outbox.ts).
const dataDir = (process.env.E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'st1-e2e-')));

/**
 * The specs of the installed app (a Chromium profile on disk, launched again and again) and
 * of slow or held-back connections: most of their time is waiting on the emulated link, the
 * worker's timers or a relaunch, with the cores idle. They run one at a time in a third
 * worker beside the two that run everything else, which are bound by Chromium's CPU (in
 * alphabetical order the two workers used to wait in these files together, the machine 13 %
 * idle over the run: docs/performance.md "Test suite"). Since these run in the headless
 * shell as well, the offline specs of the pages (`pwa-offline`, about 100 s) join them, so
 * that the three workers end together (846 s against 925 s each for the two, before).
 * `shop-offline-first` (38 s) went to the two: in the fresh-clone CI of bf40e3d this worker
 * ran 635 s of tests against 583 s for each of the two, and ended the run alone.
 */
const WAITING_SPECS = [
  'pwa-install',
  'pwa-lie-fi',
  'pwa-live-data-age',
  'pwa-nordic-offline',
  'pwa-offline',
  'pwa-offline-stations',
  'pwa-prefetch',
  'pwa-slow-links',
  'pwa-static-routes',
  'pwa-storage',
  'pwa-updates',
  'station-live-stream',
].map((name) => `**/${name}.spec.ts`);

export default defineConfig({
  testDir: 'tests/e2e',
  // Only specs: tests/e2e/support/*.test.ts are unit tests of the support code (Vitest).
  testMatch: '**/*.spec.ts',
  fullyParallel: true,
  // Two workers for the browser-bound specs and one for the waiting ones (projects below).
  workers: 3,
  projects: [
    // First, so that its one worker starts at once and its long tests do not end the run.
    { name: 'waiting', testMatch: WAITING_SPECS, workers: 1 },
    { name: 'browser', testIgnore: WAITING_SPECS, workers: 2 },
  ],
  retries: process.env.CI ? 1 : 0,
  // A retry absorbs the shared machine's noise, but every test that needed one is named at
  // the end of the run (tests/e2e/support/flaky-reporter.ts, README.md "Test it").
  reporter: [['list'], ['./tests/e2e/support/flaky-reporter.ts']],
  timeout: 30_000,
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    // page.route() cannot see requests that the service worker answers (Playwright docs),
    // so specs run without it; the PWA specs (tests/e2e/pwa*.spec.ts) turn it on.
    serviceWorkers: 'block',
    // Tests act as a visitor's browser (not a crawler: see VISITOR_USER_AGENT).
    userAgent: VISITOR_USER_AGENT,
    // Every spec runs in Chromium's headless shell, which spends far less CPU per browser,
    // context and page (tests/e2e/support/chromium.ts), the installed app's too: its
    // worker, storage, install checks and relaunches behave there as in the full browser.
    // The one exception, a connection type forced by a flag that only the full browser
    // reads, asks for it (launchProfile's `fullBrowser`, tests/e2e/support/pwa.ts).
    launchOptions: {
      executablePath: headlessShellPath(),
      args: E2E_TEST_ARGS,
    },
  },
  webServer: {
    command: 'tsx scripts/ensure-build.ts && node --enable-source-maps dist/node/main.js',
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
      // The browser's requests come from 127.0.0.1 and stand for many visitors: the specs
      // that log in or post forms send each test's own X-Forwarded-For, as a load balancer
      // would (tests/e2e/support/visitor-address.ts), so the per-address limits count visitors.
      TRUST_PROXY: '127.0.0.1',
    },
  },
});
