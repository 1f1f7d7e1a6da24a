/**
 * docs/pwa.md's precache figures describe the build they sit beside (issue 31, finding 5:
 * they said 98 / 17 files of a build that precached 119 / 18). Checked against the build
 * in DIST_DIR, which `npm test` makes before the unit tests: a change that moves what the
 * worker precaches fails here until `npx tsx scripts/bench-precache.ts` writes the new
 * figures. File counts exactly; bytes within 3 % (a small code change should not need a
 * new block, a new chunk or a library should).
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { documentedTotals, precacheManifest } from './precache-figures';

const clientDir = join(process.env.DIST_DIR ?? 'dist', 'client');
const built = existsSync(join(clientDir, 'sw.js'));
if (!built && process.env.CI) throw new Error(`No build in ${clientDir}: npm test builds before the unit tests`);

describe.skipIf(!built)('docs/pwa.md precache figures', () => {
  it('are the figures of this build', () => {
    const documented = documentedTotals(readFileSync('docs/pwa.md', 'utf8'));
    expect(documented, 'the bench:precache block of docs/pwa.md').toBeDefined();
    // Sizes on disk only: brotli at quality 11 (the block's third column) takes seconds.
    const files = precacheManifest(readFileSync(join(clientDir, 'sw.js'), 'utf8')).map((entry) => ({
      shell: entry.shell,
      bytes: statSync(join(clientDir, entry.url)).size,
    }));
    const sum = (list: typeof files) => ({
      files: list.length,
      bytes: list.reduce((total, file) => total + file.bytes, 0),
    });
    const actual = { all: sum(files), shell: sum(files.filter((file) => file.shell)) };
    const hint = 'run `npx tsx scripts/bench-precache.ts` on this build';
    for (const part of ['all', 'shell'] as const) {
      expect(documented![part].files, `${part}: files (${hint})`).toBe(actual[part].files);
      expect(
        Math.abs(documented![part].bytes - actual[part].bytes) / actual[part].bytes,
        `${part}: bytes (${hint})`,
      ).toBeLessThan(0.03);
    }
  });
});
