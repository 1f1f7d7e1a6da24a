/**
 * The client build: hashed assets are immutable for a year; everything else (icons,
 * sw.js, manifest) is revalidated on every use. The HTML template and source maps are
 * never served.
 *
 * Hashed assets are never shed under load (load-shedding.ts): they are asked for by a page
 * that was already let in, and a 503 for one of its scripts or stylesheets breaks that
 * page (a chunk that fails to load reloads it, src/features/pwa/navigation-reload.ts)
 * rather than sparing the server a render. A precompressed file from disk is cheap.
 */
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { QUIET_ROUTE } from '../../logging';
import { NEVER_SHED } from './load-shedding';

const HASHED_ASSETS = '/assets/';

export const staticFiles = fp(async (app: FastifyInstance, options: { distDir: string }) => {
  // @fastify/static registers one route per file (wildcard: false) and takes no route config.
  app.addHook('onRoute', (route) => {
    if (route.url.startsWith(HASHED_ASSETS)) route.config = { ...route.config, ...NEVER_SHED };
  });
  await app.register(fastifyStatic, {
    root: join(options.distDir, 'client'),
    wildcard: false,
    index: false,
    cacheControl: false,
    // .br/.gz written by scripts/precompress.ts at build time.
    preCompressed: true,
    // Never the template, and never a source map, should one be left in the folder
    // (the build moves them to dist/sourcemaps: docs/operations.md "Source maps").
    allowedPath: (pathName) => pathName !== '/index.html' && !pathName.endsWith('.map'),
    // No info line per file (request logs of assets filled the disk under load).
    ...QUIET_ROUTE,
    setHeaders: (reply, filePath) => {
      const immutable = filePath.includes(`${join(options.distDir, 'client', 'assets')}`);
      reply.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
});
