import { describe, expect, it } from 'vitest';
import { isKeyList, layoutKey, pageKey, stationKey } from './surrogate-keys';

describe('surrogate keys', () => {
  it('names a page by locale and locale-relative path, the landing page too', () => {
    expect(pageKey('fi-FI', '/')).toBe('page-fi-FI-landing');
    expect(pageKey('en-EU', '/company')).toBe('page-en-EU-company');
    expect(pageKey('en-EU', '/private/products/car-wash/')).toBe('page-en-EU-private_products_car-wash');
  });

  it('holds only characters a purge header and a regular expression take as they are', () => {
    for (const key of [pageKey('sv-SE', '/företag/ä ö?x=1'), stationKey('FI-0001'), layoutKey('no-NO')])
      expect(isKeyList(key)).toBe(true);
    expect(pageKey('fi-FI', `/${'a'.repeat(500)}`).length).toBeLessThan(140);
  });

  it('accepts a space-separated list of keys and nothing else', () => {
    expect(isKeyList('site station-FI-0001 layout-fi-FI')).toBe(true);
    expect(isKeyList('')).toBe(false);
    expect(isKeyList('site  double')).toBe(false);
    expect(isKeyList('site\r\nX-Injected: 1')).toBe(false);
  });
});
