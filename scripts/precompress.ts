/**
 * Writes .br and .gz next to every compressible file of the client build, so the site
 * server sends hashed assets compressed without compressing them on every request
 * (@fastify/static `preCompressed`). Brotli at its highest quality: done once per build.
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const COMPRESSIBLE = /\.(js|css|svg|json|webmanifest|txt|xml)$/;
const MIN_BYTES = 1024;

function* files(dir: string): Generator<string> {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* files(path);
    else yield path;
  }
}

let count = 0;
for (const file of files(join(process.env.DIST_DIR ?? 'dist', 'client'))) {
  if (!COMPRESSIBLE.test(file) || file.endsWith('.map')) continue;
  const content = readFileSync(file);
  if (content.length < MIN_BYTES) continue;
  writeFileSync(`${file}.br`, brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
  writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
  count++;
}
console.log(`Precompressed ${count} files (brotli and gzip).`);
