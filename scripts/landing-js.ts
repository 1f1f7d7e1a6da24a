/**
 * The JavaScript a visitor downloads for the landing page: the entry script, the chunks it
 * preloads, and a message catalog. The catalog chunks are named after their .po file
 * (`messages-<hash>.js`), so which one is Finnish cannot be told from the name; the
 * largest is counted, which makes the figure an upper bound. Shared by the size budget
 * (check-bundle-size.ts) and the benchmark (bench.ts) so that both report one number.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

export interface ScriptSize {
  file: string;
  gzipBytes: number;
}

export function landingScriptSizes(clientDir: string): ScriptSize[] {
  const html = readFileSync(join(clientDir, 'index.html'), 'utf8');
  const referenced = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((match) => match[1]!);
  const largestCatalog = readdirSync(join(clientDir, 'assets'))
    .filter((name) => /^messages.*\.js$/.test(name))
    .sort((a, b) => statSync(join(clientDir, 'assets', b)).size - statSync(join(clientDir, 'assets', a)).size)[0];
  const files = [...new Set([...referenced, ...(largestCatalog ? [`/assets/${largestCatalog}`] : [])])];
  return files.map((file) => ({ file, gzipBytes: gzipSync(readFileSync(join(clientDir, file)), { level: 9 }).length }));
}

/** The stylesheet the landing page links (hashed, served immutable). */
export function landingStylesheet(clientDir: string): string | undefined {
  const html = readFileSync(join(clientDir, 'index.html'), 'utf8');
  return html.match(/href="(\/assets\/[^"]+\.css)"/)?.[1];
}
