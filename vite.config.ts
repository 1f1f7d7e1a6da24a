import { createHash } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { lingui } from '@lingui/vite-plugin';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

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

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react(), lingui({ failOnMissing: true, failOnCompileError: true }), buildInfo()],
  define: { __BUILD_ID__: JSON.stringify(buildId) },
  build: isSsrBuild
    ? { outDir: resolve(distDir, 'server'), emptyOutDir: true, target: 'node22' }
    : { outDir: resolve(distDir, 'client'), emptyOutDir: true, target: 'es2022', sourcemap: true },
  ssr: { noExternal: isSsrBuild ? [] : undefined },
  test: {
    include: [
      'src/**/*.test.{ts,tsx}',
      'server/**/*.test.ts',
      'tests/integration/**/*.test.ts',
      'scripts/**/*.test.ts',
    ],
    environment: 'node',
    testTimeout: 20_000,
  },
}));
