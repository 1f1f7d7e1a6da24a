/**
 * `npx tsx scripts/bench-offline-map.ts` (or `npm run bench -- offline-map`): the size of
 * the built-in station map as a visitor downloads it, from the production build (DIST_DIR,
 * default dist; run `npm run build` first). Counts the lazy chunk of
 * src/features/stations/components/offline-map.tsx and the chunks it imports that the
 * landing page does not already load, gzip level 9 (what the server's precompressed .gz
 * files are), and checks that the service worker precaches every one of them (so the map
 * draws offline). Replaces the marked block in docs/stations.md.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { landingScriptSizes } from './landing-js';
import { writeMarkedBlock } from './bench-support/bench-mode';

const DOC = 'docs/stations.md';
const START = '<!-- bench:offline-map:start -->';
const END = '<!-- bench:offline-map:end -->';

const clientDir = join(process.env.DIST_DIR ?? 'dist', 'client');
const assets = join(clientDir, 'assets');
if (!existsSync(assets)) throw new Error(`No build in ${clientDir}: run "npm run build" first`);

const entry = readdirSync(assets).find((name) => /^offline-map-[\w-]+\.js$/.test(name));
if (!entry) throw new Error(`No offline-map chunk in ${assets}`);
const landing = new Set(landingScriptSizes(clientDir).map((size) => size.file.replace('/assets/', '')));

/** The chunk and every chunk it imports statically, transitively, minus the landing page's. */
function chunkClosure(start: string): string[] {
  const seen = new Set<string>();
  const queue = [start];
  while (queue.length > 0) {
    const name = queue.shift()!;
    if (seen.has(name) || landing.has(name)) continue;
    seen.add(name);
    const code = readFileSync(join(assets, name), 'utf8');
    for (const match of code.matchAll(/(?:^|[;}\s])import\s*(?:[^'"`]*?from\s*)?["'`]\.\/([\w.-]+\.js)["'`]/g)) {
      queue.push(match[1]!);
    }
  }
  return [...seen];
}

const files = chunkClosure(entry);
const gzip = (name: string) => gzipSync(readFileSync(join(assets, name)), { level: 9 }).length;
const raw = (name: string) => readFileSync(join(assets, name)).length;
const worker = readFileSync(join(clientDir, 'sw.js'), 'utf8');
const rows = files.map((name) => ({
  name,
  raw: raw(name),
  gzip: gzip(name),
  precached: worker.includes(`assets/${name}`),
}));
const total = rows.reduce((sum, row) => sum + row.gzip, 0);
const notPrecached = rows.filter((row) => !row.precached);
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

const block = [
  START,
  `Measured ${new Date().toISOString().slice(0, 10)} by \`npx tsx scripts/bench-offline-map.ts\` on the production build: the built-in`,
  `map's lazy chunk and the chunks it imports that the landing page does not load (gzip level 9).`,
  '',
  '| chunk | bytes | gzip | precached |',
  '|---|---:|---:|---|',
  ...rows.map(
    (row) =>
      `| \`${row.name.replace(/-[\w-]{8}\.js$/, '.js')}\` | ${kb(row.raw)} | ${kb(row.gzip)} | ${row.precached ? 'yes' : '**no**'} |`,
  ),
  `| **total** | | **${kb(total)}** | |`,
  END,
].join('\n');

// A smoke run writes only to BENCH_DOC (the smoke test's copy), never to docs/.
const written = writeMarkedBlock({ start: START, end: END, block, heading: '## The offline map', doc: DOC });
console.log(block);
if (written) console.log(`Wrote ${written}`);
if (notPrecached.length > 0) {
  console.error(`Not precached by the service worker: ${notPrecached.map((row) => row.name).join(', ')}`);
  process.exit(1);
}
