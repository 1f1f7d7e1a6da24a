/**
 * What the service worker precaches, read from a build: the manifest workbox injected
 * into sw.js (with the app-shell mark of vite.config.ts), each file's size on disk and
 * brotli-compressed (how it travels: the site server sends the precompressed .br).
 * Shared by the benchmark that writes the figures into docs/pwa.md (bench-precache.ts)
 * and its test.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants } from 'node:zlib';

export interface PrecacheFile {
  url: string;
  shell: boolean;
  bytes: number;
  brotliBytes: number;
}

/** The entries of the manifest injected into sw.js; throws when there is none. */
export function precacheManifest(swSource: string): Array<{ url: string; shell: boolean }> {
  const match = /\[\{"(?:revision|url)":[\s\S]*?\}\]/.exec(swSource);
  if (!match) throw new Error('No precache manifest found in sw.js: was the build made with injectManifest?');
  const entries = JSON.parse(match[0]) as Array<{ url: string; shell?: boolean }>;
  return entries.map((entry) => ({ url: entry.url, shell: entry.shell !== false }));
}

export function precacheFiles(clientDir: string): PrecacheFile[] {
  const entries = precacheManifest(readFileSync(join(clientDir, 'sw.js'), 'utf8'));
  return entries.map(({ url, shell }) => {
    const content = readFileSync(join(clientDir, url));
    const brotliBytes = brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
    return { url, shell, bytes: content.length, brotliBytes };
  });
}

export interface PrecacheTotals {
  files: number;
  bytes: number;
  brotliBytes: number;
}

export function totals(files: readonly PrecacheFile[]): PrecacheTotals {
  return {
    files: files.length,
    bytes: files.reduce((sum, file) => sum + file.bytes, 0),
    brotliBytes: files.reduce((sum, file) => sum + file.brotliBytes, 0),
  };
}

/** The two rows of the figures block in docs/pwa.md (written by bench-precache.ts): files and bytes. */
export function documentedTotals(markdown: string): { all: PrecacheTotals; shell: PrecacheTotals } | undefined {
  const rows = [...markdown.matchAll(/^\| [^|]+ \| (\d+) \| ([\d.]+) MB \| (\d+) KB \|$/gm)].map((match) => ({
    files: Number(match[1]),
    bytes: Number(match[2]) * 1_000_000,
    brotliBytes: Number(match[3]) * 1000,
  }));
  const [all, shell] = rows;
  return all && shell ? { all, shell } : undefined;
}
