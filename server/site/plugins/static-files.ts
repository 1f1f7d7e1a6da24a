/**
 * The client build: hashed assets are immutable for a year; everything else (icons,
 * sw.js, manifest) is revalidated on every use. The HTML template and source maps are
 * never served.
 */
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { QUIET_ROUTE } from '../../logging';

export const staticFiles = fp(async (app: FastifyInstance, options: { distDir: string }) => {
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
