/**
 * `npx tsx scripts/bench-precache.ts` (also run by `npm run bench`): how much the service
 * worker precaches, from the production build in DIST_DIR (default dist; run `npm run
 * build` first): all of it on a normal connection, the app shell alone on Save-Data, 2g
 * or a slow link (docs/pwa.md "Caching"). Replaces the marked block in docs/pwa.md, so
 * the figures there are never written by hand.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { precacheFiles, totals, type PrecacheTotals } from './precache-figures';
import { writeMarkedBlock } from './bench-support/bench-mode';

const DOC = 'docs/pwa.md';
const START = '<!-- bench:precache:start -->';
const END = '<!-- bench:precache:end -->';

const clientDir = join(process.env.DIST_DIR ?? 'dist', 'client');
if (!existsSync(join(clientDir, 'sw.js'))) {
  console.error(`No build in ${clientDir}: run npm run build first.`);
  process.exit(1);
}

const files = precacheFiles(clientDir);
const all = totals(files);
const shell = totals(files.filter((file) => file.shell));
const megabytes = (bytes: number) => `${(bytes / 1_000_000).toFixed(2)} MB`;
const kilobytes = (bytes: number) => `${Math.round(bytes / 1000)} KB`;
const row = (name: string, figures: PrecacheTotals) =>
  `| ${name} | ${figures.files} | ${megabytes(figures.bytes)} | ${kilobytes(figures.brotliBytes)} |`;
const largest = [...files].sort((a, b) => b.bytes - a.bytes).slice(0, 3);
// Without the content hash, so that a rebuild with the same sizes changes nothing.
const unhashed = (url: string) => url.replace(/-[\w-]{8}(?=\.\w+$)/, '');

const block = [
  START,
  `Measured ${new Date().toISOString().slice(0, 10)} by \`scripts/bench-precache.ts\` on the production build (precache`,
  'manifest in `sw.js`; bytes as files on disk, and brotli quality 11 as they travel):',
  '',
  '| installs | files | bytes | brotli |',
  '|---|---:|---:|---:|',
  row('everything (normal connection)', all),
  row('app shell only (Save-Data, 2g, slow link)', shell),
  '',
  `Largest files: ${largest.map((file) => `\`${unhashed(file.url)}\` ${kilobytes(file.bytes)}`).join(', ')}.`,
  END,
].join('\n');

// A smoke run writes only to BENCH_DOC (the smoke test's copy), never to docs/.
const written = writeMarkedBlock({ start: START, end: END, block, heading: '## Precache', doc: DOC });
console.log(block);
if (written) console.log(`Wrote ${written}`);
