import { describe, expect, it } from 'vitest';
import { isolatedFiles, needsIsolation } from './unit-isolation';

describe('unit files that need isolation', () => {
  it.each([
    ["vi.mock('./station-db', () => ({}));", 'a module mock'],
    ["vi.doMock('./clock');", 'a late module mock'],
    ["const spy = vi.spyOn(console, 'error');", 'a spy'],
    ["vi.stubGlobal('navigator', {});", 'a stubbed global'],
    ["vi.stubEnv('TZ', 'UTC');", 'a stubbed environment variable'],
    ['vi.useFakeTimers();', 'fake timers'],
    // Joined, or Vitest would read this file's own environment from the line.
    [['// @', 'vitest-environment happy-dom'].join(''), 'a DOM environment'],
    ["import 'fake-indexeddb/auto';", 'an in-memory IndexedDB'],
    ["i18n.activate('fi');", 'an active locale'],
    ['window.location.hash = "#x";', 'a write to window'],
    ['globalThis.fetch = fake;', 'a write to globalThis'],
    ["process.env.DATA_DIR = '/tmp/x';", 'an environment variable set'],
    ["process.on('unhandledRejection', fail);", 'a process listener'],
  ])('%s: %s', (source) => {
    expect(needsIsolation(source)).toBe(true);
  });

  it('lets a file of plain calls and assertions share', () => {
    const source = [
      "import { isOpenAt } from './opening-hours';",
      'const handler = vi.fn();',
      "if (process.env.CI === 'true') handler();",
      "expect(isOpenAt(hours, new Date('2026-12-02T10:00:00Z'))).toBe(true);",
    ].join('\n');
    expect(needsIsolation(source)).toBe(false);
  });

  it('finds this repository’s files by their source', () => {
    const root = new URL('../..', import.meta.url).pathname;
    const isolated = isolatedFiles(['src/**/*.test.{ts,tsx}'], root);
    // The cart store's tests load the in-memory IndexedDB; the opening hours' are pure rules.
    expect(isolated).toContain('src/features/shop/cart/cart-store.test.ts');
    expect(isolated).not.toContain('src/features/stations/opening-hours.test.ts');
    expect(isolated.length).toBeGreaterThan(10);
  });
});
