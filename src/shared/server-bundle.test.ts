import { describe, expect, it } from 'vitest';
import { isServerBundle } from './server-bundle';

describe('isServerBundle', () => {
  it('accepts a module that exports render, translate and markupCacheStats', () => {
    expect(
      isServerBundle({
        render: async () => ({}),
        translate: () => '',
        markupCacheStats: () => ({ hits: 0, misses: 0 }),
      }),
    ).toBe(true);
  });

  it('refuses a module that lacks either function, and anything that is not a module', () => {
    expect(isServerBundle({ render: async () => ({}) })).toBe(false);
    // A build from before the metrics: rebuilt, it exports the markup cache's counters too.
    expect(isServerBundle({ render: async () => ({}), translate: () => '' })).toBe(false);
    expect(isServerBundle({ translate: () => '', render: 'render' })).toBe(false);
    expect(isServerBundle(null)).toBe(false);
    expect(isServerBundle('entry-server.js')).toBe(false);
  });
});
