import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { lingui } from '@lingui/vite-plugin';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin, type PluginOption } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { configDefaults } from 'vitest/config';
import { postgresSkipReason } from './tests/integration/support/throwaway-postgres';
import { isolatedFiles } from './tests/support/unit-isolation';

/**
 * The build id identifies one client build: the browser polls /builds/latest.json and
 * reloads on the next navigation when it changes (spec §4 "Build check").
 * BUILD_ID may be given by CI; otherwise it is the build time and a random tail.
 */
const buildId =
  process.env.BUILD_ID ??
  `${new Date()
    .toISOString()
    .replace(/[-:TZ.]/g, '')
    .slice(0, 14)}-${createHash('sha1').update(String(Math.random())).digest('hex').slice(0, 8)}`;

/** The build goes to DIST_DIR (default dist), so that parallel builds need not share one. */
const distDir = resolve(import.meta.dirname, process.env.DIST_DIR ?? 'dist');

/** Writes dist/build.json next to the client build; the site server reads it at start. */
function buildInfo(): Plugin {
  return {
    name: 'st1-build-info',
    apply: 'build',
    closeBundle() {
      if (this.environment?.config.build.ssr) return;
      const out = distDir;
      mkdirSync(out, { recursive: true });
      writeFileSync(resolve(out, 'build.json'), JSON.stringify({ id: buildId, timestamp: Date.now() }));
    },
  };
}

/**
 * Source maps are for debugging and bundle analysis (docs/decisions/004), not for the
 * public: the client build writes them "hidden" (no sourceMappingURL comment in the
 * served files) and this moves them out of the served folder, dist/client, to
 * dist/sourcemaps, which no route serves (docs/operations.md "Source maps", issue 11).
 */
function privateSourceMaps(): Plugin {
  return {
    name: 'st1-private-source-maps',
    apply: 'build',
    closeBundle() {
      if (this.environment?.config.build.ssr) return;
      const client = resolve(distDir, 'client');
      const target = resolve(distDir, 'sourcemaps');
      rmSync(target, { recursive: true, force: true });
      for (const file of readdirSync(client, { recursive: true, encoding: 'utf8' })) {
        if (!file.endsWith('.map')) continue;
        mkdirSync(dirname(resolve(target, file)), { recursive: true });
        renameSync(resolve(client, file), resolve(target, file));
      }
    },
  };
}

/**
 * What the start pages and the manifest's shortcuts need to open offline, and what the app
 * needs to build a page on the device (docs/pwa.md "Slow links and Save-Data"): their
 * chunks (those holding these modules) with everything they import statically, and their
 * message catalogs. Part of the app shell, so that a worker installed on 2g or Save-Data has them too (issue 31: the
 * cart, a manifest shortcut, stayed on "loading" offline; the locator never hydrated).
 * The map (Google's and the built-in one) stays on use.
 */
const OFFLINE_CORE_MODULES = [
  /\/src\/app\/offline-page\.tsx$/,
  /\/src\/app\/cart-service\.ts$/,
  /\/src\/features\/shop\/components\/cart-block\.tsx$/,
  /\/src\/features\/stations\/components\/station-locator\.tsx$/,
  /\/src\/features\/stations\/offline-pages\.ts$/,
  /\/src\/features\/stations\/offline-station-page\.ts$/,
  /\/src\/features\/content\/api\/fetch-payload\.ts$/,
  // Loaded by fetch-payload beside each request (a dynamic import, which visit() does not follow).
  /\/src\/shared\/payload-content\.ts$/,
  // Its own chunk after hydration: "added to the cart" and the offline notices need it offline too.
  /\/src\/ui\/notifications\.tsx$/,
  // Loaded at the first press or idle moment (app-shell.tsx), which on 2g may come only after
  // the online visit ended: the consent manager and the worker's bridge must open offline too.
  /\/src\/app\/client-extras\.tsx$/,
  /\/locales\/[\w-]+\/(?:app|shop|stations)\.po(?:\?|$)/,
];

/** The client build's files of OFFLINE_CORE_MODULES (filled by offlineCore(), read by markAppShell). */
const offlineCoreFiles = new Set<string>();

function offlineCore(): Plugin {
  return {
    name: 'st1-offline-core',
    apply: 'build',
    generateBundle(_options, bundle) {
      if (this.environment?.config.build.ssr) return;
      offlineCoreFiles.clear();
      const visit = (fileName: string) => {
        const chunk = bundle[fileName];
        if (!chunk || chunk.type !== 'chunk' || offlineCoreFiles.has(fileName)) return;
        offlineCoreFiles.add(fileName);
        for (const css of chunk.viteMetadata?.importedCss ?? []) offlineCoreFiles.add(css);
        // Stylesheets imported as addresses (`?url`, the stations feature's StationStyles).
        for (const asset of chunk.viteMetadata?.importedAssets ?? [])
          if (asset.endsWith('.css')) offlineCoreFiles.add(asset);
        for (const imported of chunk.imports) visit(imported);
      };
      const holds = (chunk: (typeof bundle)[string], pattern: RegExp) =>
        chunk.type === 'chunk' && chunk.moduleIds.some((id) => pattern.test(id));
      for (const [fileName, chunk] of Object.entries(bundle)) {
        if (OFFLINE_CORE_MODULES.some((pattern) => holds(chunk, pattern))) visit(fileName);
      }
      const missing = OFFLINE_CORE_MODULES.filter(
        (pattern) => !Object.values(bundle).some((chunk) => holds(chunk, pattern)),
      );
      // A module renamed or merged into another chunk would silently leave the shell.
      if (missing.length > 0) throw new Error(`offlineCore: no chunk of ${missing.join(', ')}`);
    },
  };
}

/**
 * Marks the precache entries of the app shell (`shell: true`; the rest `false`), which the
 * worker always precaches at install; on Save-Data or a slow link it leaves the rest
 * until a page uses it (sw/precache-plan.ts). The shell: every file outside assets/
 * (icons, logo, favicon, offline.css), the scripts and stylesheet the HTML template names
 * (the entry and what it preloads), the message catalogs (one per locale, needed by
 * every page), and the offline core (OFFLINE_CORE_MODULES).
 */
function markAppShell(entries: Array<{ url: string; revision: string | null; size: number }>) {
  const template = resolve(distDir, 'client', 'index.html');
  // Without the template no script would count as shell: stop rather than ship a worker
  // that installs with icons only.
  if (!existsSync(template)) throw new Error(`markAppShell: ${template} is not written yet`);
  const named = new Set(
    [...readFileSync(template, 'utf8').matchAll(/(?:src|href)="\/(assets\/[^"]+)"/g)].map((match) => match[1]),
  );
  const manifest = entries.map((entry) => ({
    ...entry,
    shell:
      !entry.url.startsWith('assets/') ||
      named.has(entry.url) ||
      offlineCoreFiles.has(entry.url) ||
      /^assets\/messages-[\w-]+\.js$/.test(entry.url),
  }));
  return { manifest };
}

/**
 * The service worker (sw/sw.ts → sw.js), built by vite-plugin-pwa's injectManifest for the
 * client build only (in the SSR build it would write into the server output). The web app
 * manifests are per locale and come from the site server (server/site/routes/manifest.ts),
 * and the page registers the worker itself after hydration (src/features/pwa), hence no
 * manifest and no injected registration here. Precached: the hashed scripts and styles and
 * the few files the offline page and the manifests need, never the HTML template
 * (documents are cached at run time, network first; docs/pwa.md).
 */
function serviceWorker(): PluginOption {
  return VitePWA({
    strategies: 'injectManifest',
    srcDir: 'sw',
    filename: 'sw.ts',
    injectRegister: false,
    manifest: false,
    includeManifestIcons: false,
    injectManifest: {
      globPatterns: ['assets/**/*.{js,css}', 'icons/*.png', 'images/logo.svg', 'favicon.svg', 'offline.css'],
      globIgnores: ['**/*.map', 'index.html'],
      // The worker is small and readable; it gets no source map.
      sourcemap: false,
      // Hashed names need no revision query.
      dontCacheBustURLsMatching: /^assets\//,
      manifestTransforms: [markAppShell],
      // The worker shows the offline page in four languages: the Lingui plugin compiles
      // the `app` catalogs it imports.
      buildPlugins: { vite: [lingui({ failOnMissing: true, failOnCompileError: true })] },
    },
  });
}

export default defineConfig(({ isSsrBuild }) => ({
  // "@/…" is src/… (tsconfig paths say the same to TypeScript, tsx and Playwright).
  resolve: { alias: { '@': resolve(import.meta.dirname, 'src') } },
  plugins: [
    react(),
    lingui({ failOnMissing: true, failOnCompileError: true }),
    buildInfo(),
    ...(isSsrBuild ? [] : [offlineCore(), serviceWorker(), privateSourceMaps()]),
  ],
  define: { __BUILD_ID__: JSON.stringify(buildId) },
  // The station sync worker (src/features/stations/sync-worker) loads parts on demand: a module worker.
  worker: { format: 'es' as const },
  build: isSsrBuild
    ? {
        outDir: resolve(distDir, 'server'),
        emptyOutDir: true,
        target: 'node22',
        // Stylesheets the server render links (`?url`, src/features/stations/components/station-styles.tsx)
        // must get the client build's names, which are hashes of the minified CSS.
        cssMinify: true,
        cssTarget: 'es2022',
      }
    : { outDir: resolve(distDir, 'client'), emptyOutDir: true, target: 'es2022', sourcemap: 'hidden' as const },
  ssr: { noExternal: isSsrBuild ? [] : undefined },
  test: {
    environment: 'node',
    testTimeout: 20_000,
    // A beforeAll that starts an origin and a site server (and loads the server render)
    // took more than the default 10 s while other suites ran on the same 2 cores.
    hookTimeout: 30_000,
    // Vitest's default is cores − 1 workers: one on the 2-core CI machine, so the suite ran
    // file after file while the integration files spend much of their time waiting on
    // servers, child processes and PostgreSQL (docs/performance.md "Test suite").
    maxWorkers: 2,
    // The integration suite runs twice from the same files: on SQLite, and on one
    // throwaway PostgreSQL server for the run (tests/integration/support/test-database.ts).
    projects: [
      // Unit files that change what another file in their process could see run isolated,
      // the others share their worker's modules (tests/support/unit-isolation.ts).
      {
        extends: true,
        test: { name: 'unit', include: ISOLATED_UNIT_FILES },
      },
      {
        extends: true,
        test: {
          name: 'unit-shared',
          include: UNIT_FILES,
          exclude: [...configDefaults.exclude, BENCH_SMOKE_FILE, ...ISOLATED_UNIT_FILES],
          isolate: false,
        },
      },
      {
        // Last, alone: its scripts run five at a time, each with servers and a browser of its
        // own. Beside the other files they made the machine's load 10 and more on the 2-core
        // CI machine, and a unit test that launches Chromium timed out there
        // (docs/performance.md "Test suite").
        extends: true,
        test: {
          name: 'bench-smoke',
          include: [BENCH_SMOKE_FILE],
          sequence: { groupOrder: 1 },
          globalSetup: [SERVER_BUILD_SETUP],
        },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.test.ts'],
          // One process per worker for all its files (INTEGRATION_ISOLATE below).
          isolate: INTEGRATION_ISOLATE,
          // The run's seeded template database (tests/integration/support/seeded-template.ts).
          globalSetup: [SERVER_BUILD_SETUP, 'tests/integration/support/sqlite-global-setup.ts'],
        },
      },
      ...postgresProject(),
    ],
  },
}));

/** The server's build, remade when its source changed, for files that start it in a child process. */
const SERVER_BUILD_SETUP = 'tests/integration/support/server-build-global-setup.ts';

/** Every benchmark script in its smoke mode (scripts/benches.smoke.test.ts). */
const BENCH_SMOKE_FILE = 'scripts/benches.smoke.test.ts';

/** The unit test files: everything but the integration suite, the e2e specs and the smoke runs. */
const UNIT_FILES = [
  'src/**/*.test.{ts,tsx}',
  'server/**/*.test.ts',
  'scripts/**/*.test.ts',
  'sw/**/*.test.ts',
  'tests/lint/**/*.test.ts',
  'tests/support/**/*.test.ts',
  // Unit tests of the e2e support code (Playwright runs only tests/e2e/**/*.spec.ts).
  'tests/e2e/support/**/*.test.ts',
  // The hostile-input suite: both servers on SQLite (tests/fuzz/hostile-input.test.ts).
  'tests/fuzz/**/*.test.ts',
];

/** The unit files that run isolated (tests/support/unit-isolation.ts). */
const ISOLATED_UNIT_FILES = isolatedFiles(UNIT_FILES, import.meta.dirname).filter((file) => file !== BENCH_SMOKE_FILE);

/**
 * The integration files run without Vitest's per-file isolation: each file starts its own
 * servers on its own database anyway, and a fresh process per file spent half the
 * project's CPU importing the servers, the origin and the render bundle again
 * (docs/performance.md "Test suite"). A file that sets globals must set them itself.
 */
const INTEGRATION_ISOLATE = false;

/**
 * Integration files whose assertions are about the site server or plain HTTP, not about
 * what the origin's database does: no write, query or transaction of theirs behaves
 * differently on PostgreSQL (the origin behind them only serves the seeded content, which
 * the origin's own files check on both). They run on SQLite only, to keep the suite short
 * (docs/performance.md "Test suite"); a file that tests a repository stays on both.
 */
const SITE_SERVER_ONLY = [
  // No database at all: a fake origin, the route tables, the device's page build, content files.
  'tests/integration/contract-table-routes.test.ts',
  'tests/integration/origin-failures.test.ts',
  'tests/integration/origin-retries.test.ts',
  'tests/integration/offline-station-page.test.ts',
  'tests/integration/redirect-tables.test.ts',
  // The site server's render, headers, caches, limits and connections.
  'tests/integration/layout-markup-cache.test.ts',
  'tests/integration/payload-content.test.ts',
  'tests/integration/public-urls.test.ts',
  'tests/integration/pwa-site.test.ts',
  'tests/integration/site-metadata.test.ts',
  'tests/integration/site-hardening.test.ts',
  'tests/integration/edge-cache-routes.test.ts',
  'tests/integration/load-shedding.test.ts',
  'tests/integration/shared-rate-limits.test.ts',
  'tests/integration/faults-connections.test.ts',
];

/**
 * The integration suite on PostgreSQL (DESIGN §1: the origin scales out on it). Left out,
 * with a warning, only outside CI on a machine without PostgreSQL's binaries; in CI a
 * missing server fails the run (throwaway-postgres.ts). Tests of SQLite's own files (the
 * DATA_DIR start-up checks, the logging test that breaks the SQLite file under a running
 * origin) and of the test support itself run on SQLite only.
 */
function postgresProject() {
  const skip = postgresSkipReason();
  if (skip) {
    console.warn(skip);
    return [];
  }
  return [
    {
      extends: true,
      test: {
        name: 'integration-postgres',
        include: ['tests/integration/**/*.test.ts'],
        isolate: INTEGRATION_ISOLATE,
        exclude: [
          'tests/integration/start-up.test.ts',
          'tests/integration/logging.test.ts',
          // Varnish's behaviour does not depend on the origin's database.
          'tests/integration/edge-cache-varnish.test.ts',
          ...SITE_SERVER_ONLY,
          'tests/integration/support/**',
        ],
        env: { TEST_DATABASE: 'postgres' },
        globalSetup: [SERVER_BUILD_SETUP, 'tests/integration/support/postgres-global-setup.ts'],
      },
    },
  ];
}
