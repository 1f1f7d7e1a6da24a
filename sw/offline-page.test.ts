import { describe, expect, it } from 'vitest';
import { isOutdatedCache, CACHES } from './cache-names';
import { localeOfAddress, offlinePageHtml, offlinePageResponse, type OfflineTexts } from './offline-page';

const texts: OfflineTexts = {
  documentTitle: 'Offline | St1',
  heading: 'You are <offline>',
  text: 'Not saved & not here',
  retry: 'Try again',
  home: 'Front page',
  stationLocator: 'Station Locator',
  cart: 'Cart',
};

describe('offline page', () => {
  it('takes the locale from the path prefix, or from the host in domain mode', () => {
    expect(localeOfAddress(new URL('https://x.example/en-EU/terms'), undefined)).toEqual({
      locale: 'en-EU',
      domainMode: false,
    });
    expect(localeOfAddress(new URL('https://x.example/kayttoehdot'), undefined)).toEqual({
      locale: 'fi-FI',
      domainMode: false,
    });
    expect(localeOfAddress(new URL('https://st1.se/allmanna-villkor'), 'sv-SE')).toEqual({
      locale: 'sv-SE',
      domainMode: true,
    });
  });

  it('is in the locale language, escapes texts and links back to the page and the saved start pages', () => {
    const html = offlinePageHtml(new URL('https://x.example/no-NO/vilkar-for-bruk?a="b"'), 'no-NO', false, texts, [
      { locale: 'no-NO', kind: 'home', href: '/no-NO' },
      { locale: 'no-NO', kind: 'stationLocator', href: '/no-NO/finn-stasjon' },
    ]);
    expect(html).toContain('<html lang="nb-NO">');
    expect(html).toContain('<h1>You are &lt;offline&gt;</h1>');
    expect(html).toContain('Not saved &amp; not here');
    expect(html).toContain('href="/no-NO/vilkar-for-bruk?a=%22b%22"');
    expect(html).toContain('href="/no-NO">Front page</a>');
    expect(html).toContain('href="/no-NO/finn-stasjon">Station Locator</a>');
    expect(html).not.toContain('<script');
  });

  it('links only the start pages saved on this device, of any locale, its own first', () => {
    const saved = [
      { locale: 'fi-FI', kind: 'stationLocator', href: '/asemahaku' },
      { locale: 'en-EU', kind: 'cart', href: '/en-EU/cart' },
    ] as const;
    const html = offlinePageHtml(new URL('https://x.example/en-EU/company'), 'en-EU', false, texts, saved);
    expect(html).not.toContain('>Front page<');
    expect(html.indexOf('href="/en-EU/cart"')).toBeLessThan(html.indexOf('href="/asemahaku"'));
    expect(html).toContain('<a href="/asemahaku" hreflang="fi-FI">Station Locator (Suomi)</a>');
    // On a locale domain the other locales live on other hosts: none linked.
    expect(offlinePageHtml(new URL('https://st1.com/company'), 'en-EU', true, texts, saved)).not.toContain('asemahaku');
    expect(offlinePageHtml(new URL('https://x.example/x'), 'en-EU', false, texts, [])).not.toContain('<ul');
  });

  it('answers 503, never stored, with a CSP that allows no script', async () => {
    const response = offlinePageResponse('<!doctype html>');
    expect(response.status).toBe(503);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.get('content-security-policy')).toContain("script-src 'none'");
    expect(await response.text()).toBe('<!doctype html>');
  });
});

describe('cache names', () => {
  it('are versioned, and activation deletes only this app’s other caches', () => {
    expect(Object.values(CACHES).every((name) => /^st1-[a-z]+-v\d+$/.test(name))).toBe(true);
    const current = Object.values(CACHES);
    expect(isOutdatedCache('st1-pages-v0', current)).toBe(true);
    expect(isOutdatedCache(CACHES.pages, current)).toBe(false);
    expect(isOutdatedCache('someone-elses-cache', current)).toBe(false);
  });
});
