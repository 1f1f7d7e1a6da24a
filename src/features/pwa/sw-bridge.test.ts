import { describe, expect, it } from 'vitest';
import { isDomainMode, serviceWorkerUrl } from './sw-bridge';

describe('service worker URL', () => {
  it('is /sw.js on a shared host, with the locale on a locale domain', () => {
    expect(serviceWorkerUrl({ locale: 'fi-FI', basename: '' })).toBe('/sw.js');
    expect(serviceWorkerUrl({ locale: 'en-EU', basename: '/en-EU' })).toBe('/sw.js');
    expect(serviceWorkerUrl({ locale: 'sv-SE', basename: '/preview/sv-SE' })).toBe('/sw.js');
    // st1.se: no prefix although the locale has one.
    expect(isDomainMode({ locale: 'sv-SE', basename: '' })).toBe(true);
    expect(serviceWorkerUrl({ locale: 'sv-SE', basename: '' })).toBe('/sw.js?hostLocale=sv-SE');
    expect(serviceWorkerUrl({ locale: 'no-NO', basename: '/preview' })).toBe('/sw.js?hostLocale=no-NO');
  });
});
