import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { precacheFiles, precacheManifest, totals } from './precache-figures';

describe('precache figures', () => {
  it('reads the injected manifest with its shell mark, and sums the files it names', () => {
    const dir = mkdtempSync(join(tmpdir(), 'st1-precache-'));
    mkdirSync(join(dir, 'assets'));
    writeFileSync(join(dir, 'assets', 'index-a.js'), 'a'.repeat(1000));
    writeFileSync(join(dir, 'assets', 'map-b.js'), 'b'.repeat(3000));
    writeFileSync(join(dir, 'offline.css'), 'body{}');
    const manifest = [
      { revision: null, url: 'assets/index-a.js', shell: true },
      { revision: null, url: 'assets/map-b.js', shell: false },
      { revision: 'r1', url: 'offline.css', shell: true },
    ];
    writeFileSync(join(dir, 'sw.js'), `(()=>{const e=${JSON.stringify(manifest)};precache(e)})();`);
    const files = precacheFiles(dir);
    expect(files.map((file) => [file.url, file.shell, file.bytes])).toEqual([
      ['assets/index-a.js', true, 1000],
      ['assets/map-b.js', false, 3000],
      ['offline.css', true, 6],
    ]);
    expect(totals(files)).toMatchObject({ files: 3, bytes: 4006 });
    expect(totals(files).brotliBytes).toBeLessThan(100);
    expect(totals(files.filter((file) => file.shell))).toMatchObject({ files: 2, bytes: 1006 });
  });

  it('fails clearly on a worker without a manifest', () => {
    expect(() => precacheManifest('self.addEventListener("fetch", () => {})')).toThrow(/No precache manifest/);
  });
});
