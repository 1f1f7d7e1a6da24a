import { describe, expect, it } from 'vitest';
import {
  routablePages,
  routableShellAssets,
  shellAssetsRule,
  START_PAGES_CACHE,
  startPageRule,
} from './start-page-rules';

describe('static routes for the start pages', () => {
  it('routes the landing page and the locator of a locale, never the cart (it must be fresh)', () => {
    expect(routablePages('fi-FI', false, undefined)).toEqual(['/', '/asemahaku']);
    expect(routablePages('en-EU', false, undefined)).toEqual(['/en-EU', '/en-EU/stationsearch']);
  });

  it("routes a locale domain's own paths", () => {
    const paths = routablePages('sv-SE', true, 'sv-SE');
    expect(paths).toHaveLength(2);
    expect(paths.every((path) => !path.startsWith('/sv-SE'))).toBe(true);
  });

  it('matches only the plain address: a query (?view=map) stays with the worker', () => {
    expect(startPageRule('/asemahaku')).toEqual({
      condition: { urlPattern: { pathname: '/asemahaku', search: '' }, requestMode: 'navigate', requestMethod: 'GET' },
      source: { cacheName: START_PAGES_CACHE },
    });
  });

  it("escapes URLPattern's special characters so that a path matches only itself", () => {
    expect(startPageRule('/a:b*(c)').condition.urlPattern.pathname).toBe('/a\\:b\\*\\(c\\)');
  });

  it("names a cache of this build's own", () => {
    expect(START_PAGES_CACHE).toMatch(/^st1-start-pages-v1-.+/);
  });

  it("routes the shell's hashed files, not a file with a revision (stored under another key)", () => {
    const paths = routableShellAssets([
      { url: 'assets/index-AB12.js', revision: null },
      { url: 'assets/index-CD34.css', revision: null },
      { url: 'icons/icon-192.png', revision: 'f00' },
      { url: 'offline.css', revision: null },
    ]);
    expect(paths).toEqual(['/assets/index-AB12.js', '/assets/index-CD34.css']);
    expect(shellAssetsRule(paths, 'st1-precache-v1-x')).toEqual({
      condition: {
        or: [
          { urlPattern: { pathname: '/assets/index-AB12.js', search: '' } },
          { urlPattern: { pathname: '/assets/index-CD34.css', search: '' } },
        ],
      },
      source: { cacheName: 'st1-precache-v1-x' },
    });
  });
});
