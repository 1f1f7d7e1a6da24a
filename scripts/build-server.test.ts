import { mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { serverBuildIsStale } from './build-server';

const work = mkdtempSync(join(tmpdir(), 'st1-server-build-test-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** A metafile naming `inputs`, written at `builtAt` (seconds), as esbuild's would be. */
function metafileBuiltAt(builtAt: number, inputs: string[]): string {
  const file = join(work, `metafile-${builtAt}-${inputs.length}.json`);
  writeFileSync(file, JSON.stringify({ inputs: Object.fromEntries(inputs.map((input) => [input, {}])), outputs: {} }));
  utimesSync(file, builtAt, builtAt);
  return file;
}

function sourceChangedAt(name: string, changedAt: number): string {
  const file = join(work, name);
  writeFileSync(file, 'export {};\n');
  utimesSync(file, changedAt, changedAt);
  return file;
}

describe("the server build's freshness", () => {
  it('is fresh when every source is older than the build', () => {
    const sources = [sourceChangedAt('a.ts', 1_000), sourceChangedAt('b.ts', 1_500)];
    expect(serverBuildIsStale(metafileBuiltAt(2_000, sources))).toBe(false);
  });

  it('is stale when one source changed after the build', () => {
    const sources = [sourceChangedAt('c.ts', 1_000), sourceChangedAt('d.ts', 3_000)];
    expect(serverBuildIsStale(metafileBuiltAt(2_000, sources))).toBe(true);
  });

  it('is stale when a source it was built from is gone, or there is no build', () => {
    expect(serverBuildIsStale(metafileBuiltAt(2_000, [join(work, 'removed.ts')]))).toBe(true);
    expect(serverBuildIsStale(join(work, 'no-build', 'metafile.json'))).toBe(true);
  });
});
