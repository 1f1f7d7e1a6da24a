import { describe, expect, it } from 'vitest';
import { searchResultSchema } from '@/shared/content-schema';
import { isSearchResult } from './search-site';

describe('isSearchResult', () => {
  const valid = { query: 'lataus', hits: [{ path: '/lataus', title: 'Lataus', excerpt: '…sähköauton lataus…' }] };

  it('accepts what searchResultSchema accepts', () => {
    expect(searchResultSchema.safeParse(valid).success).toBe(true);
    expect(isSearchResult(valid)).toBe(true);
    expect(isSearchResult({ query: '', hits: [] })).toBe(true);
  });

  it('refuses what searchResultSchema refuses', () => {
    const invalid = [
      null,
      'text',
      { hits: [] },
      { query: 'x' },
      { query: 'x', hits: [null] },
      { query: 'x', hits: [{ path: '/a', title: 'A' }] },
      { query: 'x', hits: [{ path: '/a', title: 1, excerpt: '' }] },
    ];
    for (const body of invalid) {
      expect(searchResultSchema.safeParse(body).success).toBe(false);
      expect(isSearchResult(body), JSON.stringify(body)).toBe(false);
    }
  });
});
