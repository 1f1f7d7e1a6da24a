/**
 * Which unit test files run isolated and which share a module graph. Vitest's default gives
 * every file a fresh graph and environment; for the unit project that spent about two
 * fifths of its time importing the same modules again (docs/performance.md "Test suite").
 * A file now shares its worker's graph (isolate: false) unless it changes something another
 * file in that worker could see, which SIDE_EFFECTS recognises in its text:
 * - it mocks a module or spies on one (`vi.mock`, `vi.doMock`, `vi.spyOn`);
 * - it stubs a global or an environment variable, or fakes timers (`vi.stubGlobal`,
 *   `vi.stubEnv`, `vi.useFakeTimers`);
 * - it asks for a DOM environment (`@vitest-environment`) or loads the in-memory IndexedDB
 *   (`fake-indexeddb`);
 * - it activates a Lingui locale (`i18n.activate`), or writes to `window`, `globalThis`,
 *   `process.env` or `process.on`.
 * A shared file that sets state through a product function of its own (a clock, a cache)
 * puts it back in an after hook, like any test.
 */
import { globSync, readFileSync } from 'node:fs';

export const SIDE_EFFECTS =
  /\bvi\.(?:mock|doMock|spyOn|stubGlobal|stubEnv|useFakeTimers)\(|@vitest-environment|fake-indexeddb|\bi18n\.activate\(|\bwindow\.|\bglobalThis\.|\bprocess\.env\.\w+\s*=[^=]|\bprocess\.on\(/;

/** Whether a test file's source changes what other files in its process would see. */
export function needsIsolation(source: string): boolean {
  return SIDE_EFFECTS.test(source);
}

/** The files the globs of `include` match under `root`, as paths relative to it, that need isolation. */
export function isolatedFiles(include: string[], root: string): string[] {
  return globSync(include, { cwd: root })
    .filter((file) => needsIsolation(readFileSync(`${root}/${file}`, 'utf8')))
    .sort();
}
