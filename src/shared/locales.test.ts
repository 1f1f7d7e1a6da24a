import { describe, expect, it } from 'vitest';
import { COUNTRIES, COUNTRY_INFO, getHref, LOCALE_INFO, LOCALES, pathToSlug, resolvePath, slugToPath } from './locales';
import { COUNTRY_TIME_ZONE, LOCALE_COUNTRY } from './station-constants';

describe('resolvePath', () => {
  it('reads the locale prefix of non-default locales', () => {
    expect(resolvePath('/en-EU/company')).toEqual({ locale: 'en-EU', preview: false, localPath: '/company' });
    expect(resolvePath('/sv-SE/privat/kundservice')).toEqual({
      locale: 'sv-SE',
      preview: false,
      localPath: '/privat/kundservice',
    });
    expect(resolvePath('/no-NO')).toEqual({ locale: 'no-NO', preview: false, localPath: '/' });
  });

  it('serves the default locale without a prefix and does not strip its code', () => {
    expect(resolvePath('/')).toEqual({ locale: 'fi-FI', preview: false, localPath: '/' });
    expect(resolvePath('/yrityksille')).toEqual({ locale: 'fi-FI', preview: false, localPath: '/yrityksille' });
    expect(resolvePath('/fi-FI/yrityksille')).toEqual({
      locale: 'fi-FI',
      preview: false,
      localPath: '/fi-FI/yrityksille',
    });
  });

  it('only treats a whole first segment as a prefix', () => {
    expect(resolvePath('/en-EUx/company')).toEqual({ locale: 'fi-FI', preview: false, localPath: '/en-EUx/company' });
    expect(resolvePath('/company/en-EU')).toEqual({ locale: 'fi-FI', preview: false, localPath: '/company/en-EU' });
  });

  it('strips the preview segment first, then the locale segment', () => {
    expect(resolvePath('/preview/en-EU/company')).toEqual({ locale: 'en-EU', preview: true, localPath: '/company' });
    expect(resolvePath('/preview/kampanja-2027')).toEqual({
      locale: 'fi-FI',
      preview: true,
      localPath: '/kampanja-2027',
    });
    // A preview segment after the locale is an ordinary path segment.
    expect(resolvePath('/en-EU/preview/company')).toEqual({
      locale: 'en-EU',
      preview: false,
      localPath: '/preview/company',
    });
  });

  it("handles '/preview' alone and does not match '/previewx'", () => {
    expect(resolvePath('/preview')).toEqual({ locale: 'fi-FI', preview: true, localPath: '/' });
    expect(resolvePath('/preview/')).toEqual({ locale: 'fi-FI', preview: true, localPath: '/' });
    expect(resolvePath('/preview/sv-SE')).toEqual({ locale: 'sv-SE', preview: true, localPath: '/' });
    expect(resolvePath('/previewx')).toEqual({ locale: 'fi-FI', preview: false, localPath: '/previewx' });
  });

  it('reports a prefix spelled in another letter case', () => {
    expect(resolvePath('/EN-eu/x')).toEqual({
      locale: 'en-EU',
      preview: false,
      localPath: '/x',
      nonCanonicalPrefix: 'EN-eu',
    });
    expect(resolvePath('/sv-se')).toEqual({
      locale: 'sv-SE',
      preview: false,
      localPath: '/',
      nonCanonicalPrefix: 'sv-se',
    });
    expect(resolvePath('/en-EU/x').nonCanonicalPrefix).toBeUndefined();
  });

  it('takes the locale from the host in domain mode and ignores prefixes', () => {
    expect(resolvePath('/foretag', 'sv-SE')).toEqual({ locale: 'sv-SE', preview: false, localPath: '/foretag' });
    expect(resolvePath('/en-EU/company', 'sv-SE')).toEqual({
      locale: 'sv-SE',
      preview: false,
      localPath: '/en-EU/company',
    });
    expect(resolvePath('/preview/x', 'no-NO')).toEqual({ locale: 'no-NO', preview: true, localPath: '/x' });
    expect(resolvePath('/', 'en-EU')).toEqual({ locale: 'en-EU', preview: false, localPath: '/' });
  });
});

describe('getHref', () => {
  it('prefixes non-default locales only', () => {
    expect(getHref('fi-FI', '/yrityksille')).toBe('/yrityksille');
    expect(getHref('en-EU', '/company')).toBe('/en-EU/company');
    expect(getHref('sv-SE', '/foretag')).toBe('/sv-SE/foretag');
    expect(getHref('no-NO', '/bedrift')).toBe('/no-NO/bedrift');
    expect(getHref('en-EU', 'company')).toBe('/en-EU/company');
  });

  it('builds the root of each locale', () => {
    expect(getHref('fi-FI', '/')).toBe('/');
    expect(getHref('fi-FI', '')).toBe('/');
    expect(getHref('en-EU', '/')).toBe('/en-EU');
    expect(getHref('no-NO', '')).toBe('/no-NO');
  });

  it('drops the prefix in domain mode', () => {
    expect(getHref('sv-SE', '/foretag', { domainMode: true })).toBe('/foretag');
    expect(getHref('en-EU', '/', { domainMode: true })).toBe('/');
  });

  it('adds the preview segment before the locale prefix', () => {
    expect(getHref('en-EU', '/company', { preview: true })).toBe('/preview/en-EU/company');
    expect(getHref('fi-FI', '/', { preview: true })).toBe('/preview');
    expect(getHref('sv-SE', '/foretag', { preview: true, domainMode: true })).toBe('/preview/foretag');
  });

  it('returns absolute URLs unchanged', () => {
    expect(getHref('en-EU', 'https://www.st1.com/')).toBe('https://www.st1.com/');
    expect(getHref('sv-SE', 'mailto:kundservice@example.com')).toBe('mailto:kundservice@example.com');
    expect(getHref('no-NO', 'tel:+4712345678', { preview: true })).toBe('tel:+4712345678');
  });
});

describe('pathToSlug / slugToPath', () => {
  it("maps '/' to 'landing' and back", () => {
    expect(pathToSlug('/')).toBe('landing');
    expect(pathToSlug('')).toBe('landing');
    expect(slugToPath('landing')).toBe('/');
    expect(slugToPath('')).toBe('/');
  });

  it('trims slashes from paths and adds one to slugs', () => {
    expect(pathToSlug('/yrityksille')).toBe('yrityksille');
    expect(pathToSlug('/privat/kundservice/')).toBe('privat/kundservice');
    expect(slugToPath('privat/kundservice')).toBe('/privat/kundservice');
    expect(slugToPath('/company')).toBe('/company');
  });

  it('round-trips', () => {
    for (const path of ['/', '/asemahaku', '/tietoa-meista/ihmiset-ja-ura/avoimet-tyopaikat']) {
      expect(slugToPath(pathToSlug(path))).toBe(path);
    }
  });
});

describe('the one locale table', () => {
  it("gives each locale its country's time zone and phone prefix, and a number and date format", () => {
    expect(
      Object.fromEntries(
        LOCALES.map((locale) => {
          const { country, timeZone, telephonePrefix, formatLocale } = LOCALE_INFO[locale];
          return [locale, [country, timeZone, telephonePrefix, formatLocale]];
        }),
      ),
    ).toEqual({
      'fi-FI': ['FI', 'Europe/Helsinki', 'FIN|358', 'fi-FI'],
      'en-EU': ['FI', 'Europe/Helsinki', 'FIN|358', 'en-IE'],
      'sv-SE': ['SE', 'Europe/Stockholm', 'SE|46', 'sv-SE'],
      'no-NO': ['NO', 'Europe/Oslo', 'NO|47', 'nb-NO'],
    });
  });

  it('is what the stations read: the home country of a locale and the zone of a country', () => {
    for (const locale of LOCALES) expect(LOCALE_COUNTRY[locale]).toBe(LOCALE_INFO[locale].country);
    for (const country of COUNTRIES) expect(COUNTRY_TIME_ZONE[country]).toBe(COUNTRY_INFO[country].timeZone);
    expect(COUNTRY_INFO.SE.currency).toBe('SEK');
  });
});
