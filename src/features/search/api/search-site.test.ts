import { describe, expect, it } from 'vitest';
import { searchResultSchema } from '#shared/content-schema';
import { isSearchResult } from './search-site';

describe('isSearchResult', () => {
  const stations = {
    total: 3,
    town: 'Tampere',
    filters: ['diesel'],
    locatorPath: '/asemahaku?q=Tampere',
    hits: [{ path: '/asemat/tampere-x', name: 'St1 Tampere X', address: 'X 1, 33100 Tampere', city: 'Tampere' }],
  };
  const valid = { query: 'lataus', hits: [{ path: '/lataus', title: 'Lataus', excerpt: '…sähköauton lataus…' }] };

  it('accepts what searchResultSchema accepts', () => {
    expect(searchResultSchema.safeParse(valid).success).toBe(true);
    expect(isSearchResult(valid)).toBe(true);
    expect(isSearchResult({ query: '', hits: [] })).toBe(true);
    const withStations = { ...valid, stations };
    expect(searchResultSchema.safeParse(withStations).success).toBe(true);
    expect(isSearchResult(withStations)).toBe(true);
    expect(isSearchResult({ ...valid, stations: { ...stations, town: null } })).toBe(true);
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
      { ...valid, stations: null },
      { ...valid, stations: { ...stations, total: '3' } },
      { ...valid, stations: { ...stations, town: 1 } },
      { ...valid, stations: { ...stations, filters: undefined } },
      { ...valid, stations: { ...stations, filters: ['petrol'] } },
      { ...valid, stations: { ...stations, locatorPath: undefined } },
      { ...valid, stations: { ...stations, hits: [{ path: '/asemat/x', name: 'X' }] } },
    ];
    for (const body of invalid) {
      expect(searchResultSchema.safeParse(body).success).toBe(false);
      expect(isSearchResult(body), JSON.stringify(body)).toBe(false);
    }
  });
});
