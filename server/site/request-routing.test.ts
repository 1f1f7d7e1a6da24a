import { describe, expect, it } from 'vitest';
import type { Locale } from '#shared/locales';
import { compileRedirectTable, type RedirectTable } from '#shared/redirects';
import { routeRequest, type RoutingDecision, type RoutingRequest, type RoutingSite } from './request-routing';

const patterns = [
  { name: 'email-like', regex: '^/(?:[^/]*/)*[^/]*@', to: '/' },
  { name: 'junk', regex: '\\.(?:php\\d?|aspx?)$', to: '/' },
];

const redirectTables = new Map<Locale, RedirectTable>([
  [
    'fi-FI',
    compileRedirectTable({
      exact: {
        '/uutiset': '/tietoa-meista',
        '/asiakaspalvelu': '/yksityisille/ota-yhteytta/asiakaspalvelu?service=MAIN',
        '/häiriöt': '/vika-ja-hairiotiedotteet',
      },
      prefix: { '/asemahaku/': '/asemahaku' },
      patterns,
    }),
  ],
  [
    'en-EU',
    compileRedirectTable({
      exact: { '/news': '/about-us/news-and-media/company-and-press-releases', '/en': 'https://www.st1.com/' },
      prefix: { '/fi/': 'https://www.st1.fi/' },
      patterns,
    }),
  ],
  ['sv-SE', compileRedirectTable({ exact: { '/nyheter': '/om-oss/nyheter-och-press' }, prefix: {}, patterns })],
  ['no-NO', compileRedirectTable({ exact: { '/bedriftskunde': '/bedrift' }, prefix: {}, patterns })],
]);

const site: RoutingSite = {
  localeDomains: new Map(),
  siteHosts: new Set(['st1.fi', 'localhost']),
  rootRedirects: new Map(),
  redirectTables,
};
const domainSite: RoutingSite = { ...site, localeDomains: new Map<string, Locale>([['st1.se', 'sv-SE']]) };

function route(
  rawUrl: string,
  options: Partial<RoutingRequest> = {},
  routingSite: RoutingSite = site,
): RoutingDecision {
  return routeRequest(
    { rawUrl, host: 'localhost:3000', protocol: 'http', localeCookie: 'fi-FI', preferredTags: [], ...options },
    routingSite,
  );
}

function expectKind<K extends RoutingDecision['kind']>(
  decision: RoutingDecision,
  kind: K,
): Extract<RoutingDecision, { kind: K }> {
  expect(decision.kind, JSON.stringify(decision)).toBe(kind);
  return decision as Extract<RoutingDecision, { kind: K }>;
}

const location = (rawUrl: string, options: Partial<RoutingRequest> = {}, routingSite: RoutingSite = site): string =>
  expectKind(route(rawUrl, options, routingSite), 'redirect').location;

describe('routeRequest: bad input', () => {
  it('answers 414 for addresses longer than 2048 bytes', () => {
    expect(route(`/${'a'.repeat(2048)}`)).toMatchObject({ kind: 'badRequest', status: 414 });
    expect(route(`/en-EU/${'a'.repeat(2100)}`)).toMatchObject({ kind: 'badRequest', status: 414, locale: 'en-EU' });
    expect(route(`/x?q=${'a'.repeat(2100)}`)).toMatchObject({ kind: 'badRequest', status: 414 });
    expect(route(`/${'a'.repeat(2047)}`).kind).not.toBe('badRequest');
  });

  it('answers 400 for malformed percent-encoding', () => {
    expect(route('/%E0%A4%A')).toMatchObject({ kind: 'badRequest', status: 400 });
    expect(route('/abc%')).toMatchObject({ kind: 'badRequest', status: 400 });
    expect(route('/%ED%A0%80')).toMatchObject({ kind: 'badRequest', status: 400 });
    expect(route('/sv-SE/%zz')).toMatchObject({ kind: 'badRequest', status: 400, locale: 'sv-SE' });
  });

  it("answers 400 for '..' and '.' segments, also when encoded", () => {
    for (const url of ['/a/../b', '/..', '/a/%2e%2e/b', '/a/%2E%2E', '/./a', '/en-EU/../etc/passwd']) {
      expect(route(url), url).toMatchObject({ kind: 'badRequest', status: 400 });
    }
  });

  it('answers 400 for backslashes and control characters', () => {
    for (const url of [
      '/a\\b',
      '/a%5Cb',
      '/%5C%5Cevil.example',
      '/a%00b',
      '/a%0Ab',
      '/a%0D%0ALocation:%20x',
      '/a%7Fb',
      '/a%09b',
    ]) {
      expect(route(url), url).toMatchObject({ kind: 'badRequest', status: 400 });
    }
  });
});

describe('routeRequest: canonical forms', () => {
  it('redirects a www host to the bare host, keeping path and query', () => {
    expect(location('/yrityksille?a=1&b=2', { host: 'www.st1.fi' })).toBe('http://st1.fi/yrityksille?a=1&b=2');
    expect(location('/en-EU/company', { host: 'WWW.localhost:3000', protocol: 'https' })).toBe(
      'https://localhost:3000/en-EU/company',
    );
    expect(location('/', { host: 'www.st1.se' }, domainSite)).toBe('http://st1.se/');
  });

  it('redirects a www host only to a configured host (no open redirect through the Host header)', () => {
    for (const host of ['www.evil.example', 'WWW.evil.example:8080', 'www.st1.fi.evil.example', 'www.www.st1.fi']) {
      expect(route('/yrityksille', { host }).kind, host).toBe('page');
    }
    // A locale domain of another copy's configuration is not a site host of this one.
    expect(route('/', { host: 'www.st1.se' }).kind).toBe('page');
  });

  it('collapses a trailing slash', () => {
    expect(location('/yrityksille/')).toBe('/yrityksille');
    expect(location('/yrityksille///?a=1')).toBe('/yrityksille?a=1');
    expect(location('/en-EU/')).toBe('/en-EU');
    expect(location('/en-EU/company/')).toBe('/en-EU/company');
  });

  it('collapses repeated slashes', () => {
    expect(location('/tietoa-meista//st1-yrityksena')).toBe('/tietoa-meista/st1-yrityksena');
    expect(location('/en-EU//company')).toBe('/en-EU/company');
  });

  it("never answers with a Location that starts with '//'", () => {
    for (const url of [
      '//evil.example',
      '//evil.example/',
      '///evil.example//x',
      '/%2F%2Fevil.example',
      '/%2F/evil.example',
      '//',
      '//?x=1',
      '//en-EU',
    ]) {
      const decision = route(url);
      if (decision.kind === 'redirect') {
        expect(decision.location.startsWith('//'), `${url} → ${decision.location}`).toBe(false);
        expect(decision.location.startsWith('/'), `${url} → ${decision.location}`).toBe(true);
      }
    }
    expect(location('//evil.example')).toBe('/evil.example');
    expect(location('/%2F%2Fevil.example')).toBe('/evil.example');
  });

  it('keeps characters of the path encoded in the redirect', () => {
    expect(location('/h%C3%A4iri%C3%B6t/')).toBe('/h%C3%A4iri%C3%B6t');
    expect(location('/p%C3%A4%C3%A4sivu/')).toBe('/p%C3%A4%C3%A4sivu');
    // An encoded '?' or '#' is part of the path, not a query or fragment.
    expect(location('/a%3Fb/')).toBe('/a%3Fb');
    expect(location('/a%23b/')).toBe('/a%23b');
  });

  it('redirects a locale prefix in another letter case to the canonical spelling', () => {
    expect(location('/EN-eu/x')).toBe('/en-EU/x');
    expect(location('/en-eu')).toBe('/en-EU');
    expect(location('/SV-SE/foretag?x=1')).toBe('/sv-SE/foretag?x=1');
    expect(location('/preview/no-no/bedrift')).toBe('/preview/no-NO/bedrift');
    expect(location('/EN-eu/a%3Fb%23c?x=1')).toBe('/en-EU/a%3Fb%23c?x=1');
  });
});

describe('routeRequest: first-visit locale detection', () => {
  it('redirects the root to the browser locale and sets the cookie', () => {
    const decision = expectKind(
      route('/', { localeCookie: undefined, preferredTags: ['sv-SE', 'sv', 'en'] }),
      'redirect',
    );
    expect(decision.location).toBe('/sv-SE');
    expect(decision.setLocaleCookie).toBe('sv-SE');
    expect(location('/?utm_source=x', { localeCookie: undefined, preferredTags: ['nb'] })).toBe('/no-NO?utm_source=x');
  });

  it('serves the fi-FI root and sets the cookie when the browser prefers Finnish', () => {
    const page = expectKind(route('/', { localeCookie: undefined, preferredTags: ['fi'] }), 'page');
    expect(page).toMatchObject({
      locale: 'fi-FI',
      localPath: '/',
      setLocaleCookie: 'fi-FI',
      variesByLanguage: true,
      payloadJson: false,
    });
  });

  it('falls back to fi-FI without Accept-Language', () => {
    expect(expectKind(route('/', { localeCookie: undefined, preferredTags: [] }), 'page')).toMatchObject({
      locale: 'fi-FI',
      setLocaleCookie: 'fi-FI',
    });
    expect(expectKind(route('/', { localeCookie: undefined, preferredTags: ['de', 'ja'] }), 'page')).toMatchObject({
      setLocaleCookie: 'fi-FI',
    });
  });

  it('follows a valid fi-FI cookie, whatever the browser prefers', () => {
    const page = expectKind(route('/', { localeCookie: 'fi-FI', preferredTags: ['sv'] }), 'page');
    expect(page.locale).toBe('fi-FI');
    expect(page.setLocaleCookie).toBeUndefined();
    expect(page.variesByLanguage).toBe(true);
  });

  it('redirects the root to the locale of the cookie first, before the browser languages (spec §2)', () => {
    // A visitor who chose English in the locale switcher (which writes the cookie) and later types "/".
    const decision = expectKind(route('/?x=1', { localeCookie: 'en-EU', preferredTags: ['sv'] }), 'redirect');
    expect(decision.location).toBe('/en-EU?x=1');
    // The cookie is the visitor's: it is not rewritten.
    expect(decision.setLocaleCookie).toBeUndefined();
    expect(location('/', { localeCookie: 'no-NO', preferredTags: ['fi'] })).toBe('/no-NO');
    // Choosing "Suomi" on the site still lands on the Finnish root over the cookie.
    expect(expectKind(route('/', { localeCookie: 'en-EU', sameOrigin: true }), 'page').setLocaleCookie).toBe('fi-FI');
  });

  it('treats a garbage cookie as absent', () => {
    const decision = expectKind(route('/', { localeCookie: 'xx<script>', preferredTags: ['sv'] }), 'redirect');
    expect(decision).toMatchObject({ location: '/sv-SE', setLocaleCookie: 'sv-SE' });
    expect(expectKind(route('/', { localeCookie: 'sv-se', preferredTags: [] }), 'page').setLocaleCookie).toBe('fi-FI');
  });

  it('serves "/" as asked to a link followed on the site (Sec-Fetch-Site same-origin) and remembers fi-FI', () => {
    // The locale switcher's "Suomi" in a Swedish browser without a cookie: choosing a language must land on it.
    const page = expectKind(
      route('/', { localeCookie: undefined, preferredTags: ['sv-SE'], sameOrigin: true }),
      'page',
    );
    expect(page).toMatchObject({ locale: 'fi-FI', localPath: '/', setLocaleCookie: 'fi-FI', variesByLanguage: true });
    // Also over an earlier detection's cookie: the visitor chose Finnish.
    expect(
      expectKind(route('/', { localeCookie: 'sv-SE', preferredTags: ['sv-SE'], sameOrigin: true }), 'page')
        .setLocaleCookie,
    ).toBe('fi-FI');
    // A visit from elsewhere (typed, bookmarked, another site) is still detected.
    expect(location('/', { localeCookie: undefined, preferredTags: ['sv-SE'], sameOrigin: false })).toBe('/sv-SE');
  });

  it('only detects on the bare root', () => {
    const en = expectKind(route('/en-EU', { localeCookie: undefined, preferredTags: ['sv'] }), 'page');
    expect(en).toMatchObject({ locale: 'en-EU', localPath: '/', variesByLanguage: false });
    expect(en.setLocaleCookie).toBeUndefined();
    const other = expectKind(route('/yrityksille', { localeCookie: undefined, preferredTags: ['sv'] }), 'page');
    expect(other.setLocaleCookie).toBeUndefined();
  });
});

describe('routeRequest: root redirect', () => {
  const rooted: RoutingSite = {
    ...site,
    rootRedirects: new Map<Locale, string>([
      ['fi-FI', '/yksityisille'],
      ['en-EU', 'https://www.st1.com/'],
    ]),
  };

  it('redirects a locale root to its configured target', () => {
    expect(location('/', {}, rooted)).toBe('/yksityisille');
    expect(location('/?x=1', {}, rooted)).toBe('/yksityisille?x=1');
    expect(location('/en-EU', {}, rooted)).toBe('https://www.st1.com/');
    expect(expectKind(route('/sv-SE', {}, rooted), 'page').locale).toBe('sv-SE');
  });

  it('sets the detected cookie together with the root redirect', () => {
    expect(route('/', { localeCookie: undefined, preferredTags: ['fi'] }, rooted)).toMatchObject({
      kind: 'redirect',
      location: '/yksityisille',
      setLocaleCookie: 'fi-FI',
    });
  });
});

describe('routeRequest: legacy redirects', () => {
  it('redirects a table path and keeps the query string', () => {
    expect(location('/uutiset')).toBe('/tietoa-meista');
    expect(location('/uutiset?utm_source=x&a=%20b')).toBe('/tietoa-meista?utm_source=x&a=%20b');
    expect(location('/UUTISET')).toBe('/tietoa-meista');
    expect(location('/asemahaku/helsinki?x=1')).toBe('/asemahaku?x=1');
    expect(location('/asiakaspalvelu?x=1')).toBe('/yksityisille/ota-yhteytta/asiakaspalvelu?service=MAIN&x=1');
  });

  it('matches paths given with percent-encoded letters', () => {
    expect(location('/h%C3%A4iri%C3%B6t')).toBe('/vika-ja-hairiotiedotteet');
  });

  it('prefixes relative targets of non-default locales', () => {
    expect(location('/en-EU/news?x=1')).toBe('/en-EU/about-us/news-and-media/company-and-press-releases?x=1');
    expect(location('/sv-SE/nyheter')).toBe('/sv-SE/om-oss/nyheter-och-press');
    expect(location('/no-NO/bedriftskunde')).toBe('/no-NO/bedrift');
    expect(location('/en-EU/matti@example.com')).toBe('/en-EU');
    expect(location('/matti.meikalainen@example.com')).toBe('/');
    expect(location('/index.php?x=1')).toBe('/?x=1');
  });

  it('uses the table of the locale of the path only', () => {
    expect(route('/news').kind).toBe('page');
    expect(route('/en-EU/uutiset').kind).toBe('page');
  });

  it('sends absolute targets only when the table has them', () => {
    expect(location('/en-EU/en')).toBe('https://www.st1.com/');
    expect(location('/en-EU/en?x=1')).toBe('https://www.st1.com/?x=1');
    expect(location('/en-EU/fi/yksityisille')).toBe('https://www.st1.fi/');
    for (const url of [
      '/https://evil.example',
      '/http:%2F%2Fevil.example',
      '/uutiset?next=https://evil.example',
      '/%2F%2Fevil.example/uutiset',
      '/en-EU//evil.example',
      '/asemahaku/%2F%2Fevil.example',
    ]) {
      const decision = route(url);
      if (decision.kind === 'redirect') {
        expect(/^(?:[a-z]+:)?\/\//i.test(decision.location), `${url} → ${decision.location}`).toBe(false);
      }
    }
  });

  it('does not redirect preview paths', () => {
    expect(expectKind(route('/preview/uutiset'), 'page')).toMatchObject({
      preview: true,
      localPath: '/uutiset',
      basename: '/preview',
    });
    expect(expectKind(route('/preview/en-EU/en'), 'page')).toMatchObject({
      preview: true,
      locale: 'en-EU',
      localPath: '/en',
      basename: '/preview/en-EU',
    });
  });
});

describe('routeRequest: payload and sitemap requests', () => {
  it('never redirects _payload.json requests and gives the page path', () => {
    expect(route('/uutiset/_payload.json')).toMatchObject({
      kind: 'page',
      payloadJson: true,
      localPath: '/uutiset',
      locale: 'fi-FI',
    });
    expect(route('/en-EU/company/_payload.json')).toMatchObject({
      kind: 'page',
      payloadJson: true,
      localPath: '/company',
      locale: 'en-EU',
    });
    expect(route('/en-EU/_payload.json')).toMatchObject({
      kind: 'page',
      payloadJson: true,
      localPath: '/',
      locale: 'en-EU',
    });
    expect(route('/EN-eu/company/_payload.json')).toMatchObject({
      kind: 'page',
      payloadJson: true,
      localPath: '/company',
      locale: 'en-EU',
    });
    expect(route('/yrityksille//_payload.json')).toMatchObject({
      kind: 'page',
      payloadJson: true,
      localPath: '/yrityksille',
    });
    expect(route('/asemahaku/helsinki/_payload.json?x=1')).toMatchObject({
      kind: 'page',
      payloadJson: true,
      localPath: '/asemahaku/helsinki',
    });
  });

  it("names the target of an old address's payload, for client navigation to follow (spec §2 legacy redirects)", () => {
    expect(route('/uutiset/_payload.json?x=1')).toMatchObject({
      kind: 'page',
      payloadJson: true,
      localPath: '/uutiset',
      legacyLocation: '/tietoa-meista?x=1',
    });
    expect(route('/asemahaku/helsinki/_payload.json')).toMatchObject({ legacyLocation: '/asemahaku' });
    expect(route('/en-EU/fi/foo/_payload.json')).toMatchObject({ legacyLocation: 'https://www.st1.fi/' });
    // A live page's payload names none.
    expect(expectKind(route('/en-EU/company/_payload.json'), 'page').legacyLocation).toBeUndefined();
    expect(expectKind(route('/uutiset'), 'redirect').location).toBe('/tietoa-meista');
  });

  it('does not run first-visit detection or root redirects for the root payload', () => {
    const rooted: RoutingSite = { ...site, rootRedirects: new Map<Locale, string>([['fi-FI', '/yksityisille']]) };
    const decision = expectKind(
      route('/_payload.json', { localeCookie: undefined, preferredTags: ['sv'] }, rooted),
      'page',
    );
    expect(decision).toMatchObject({ payloadJson: true, localPath: '/', locale: 'fi-FI', variesByLanguage: false });
    expect(decision.setLocaleCookie).toBeUndefined();
  });

  it('routes sitemap.xml per locale', () => {
    expect(route('/sitemap.xml')).toEqual({ kind: 'sitemap', locale: 'fi-FI', domainMode: false });
    expect(route('/en-EU/sitemap.xml')).toEqual({ kind: 'sitemap', locale: 'en-EU', domainMode: false });
    expect(route('/no-NO/sitemap.xml?x=1')).toEqual({ kind: 'sitemap', locale: 'no-NO', domainMode: false });
    expect(route('/sitemap.xml', { host: 'st1.se' }, domainSite)).toEqual({
      kind: 'sitemap',
      locale: 'sv-SE',
      domainMode: true,
    });
    expect(route('/preview/sitemap.xml').kind).toBe('page');
  });
});

describe('routeRequest: pages', () => {
  it('describes a page on a shared host', () => {
    expect(route('/en-EU/company?x=1')).toEqual({
      kind: 'page',
      locale: 'en-EU',
      preview: false,
      localPath: '/company',
      displayPath: '/en-EU/company',
      basename: '/en-EU',
      domainMode: false,
      payloadJson: false,
      variesByLanguage: false,
    });
    expect(route('/yrityksille')).toMatchObject({
      kind: 'page',
      locale: 'fi-FI',
      localPath: '/yrityksille',
      basename: '',
      displayPath: '/yrityksille',
    });
    expect(route('/p%C3%A4%C3%A4sivu')).toMatchObject({ kind: 'page', localPath: '/pääsivu' });
  });
});

describe('routeRequest: domain mode', () => {
  it('takes the locale from the host and reads no prefix', () => {
    expect(route('/foretag', { host: 'st1.se' }, domainSite)).toEqual({
      kind: 'page',
      locale: 'sv-SE',
      preview: false,
      localPath: '/foretag',
      displayPath: '/foretag',
      basename: '',
      domainMode: true,
      payloadJson: false,
      variesByLanguage: false,
    });
    expect(route('/en-EU/company', { host: 'ST1.SE:443' }, domainSite)).toMatchObject({
      kind: 'page',
      locale: 'sv-SE',
      localPath: '/en-EU/company',
      basename: '',
    });
  });

  it('does not redirect the root on a first visit', () => {
    const page = expectKind(
      route('/', { host: 'st1.se', localeCookie: undefined, preferredTags: ['fi'] }, domainSite),
      'page',
    );
    expect(page).toMatchObject({ locale: 'sv-SE', localPath: '/', domainMode: true });
    expect(page.setLocaleCookie).toBeUndefined();
  });

  it('applies the host locale table without a prefix', () => {
    expect(location('/nyheter?x=1', { host: 'st1.se' }, domainSite)).toBe('/om-oss/nyheter-och-press?x=1');
    expect(route('/uutiset', { host: 'st1.se' }, domainSite).kind).toBe('page');
  });

  it('still uses prefixes on other hosts', () => {
    expect(route('/sv-SE/foretag', { host: 'localhost:3000' }, domainSite)).toMatchObject({
      kind: 'page',
      locale: 'sv-SE',
      localPath: '/foretag',
      domainMode: false,
    });
  });

  it('gives preview paths the preview basename only', () => {
    expect(route('/preview/foretag', { host: 'st1.se' }, domainSite)).toMatchObject({
      kind: 'page',
      preview: true,
      basename: '/preview',
      localPath: '/foretag',
    });
  });
});

describe('routeRequest: crawlers', () => {
  it('does not redirect or set a cookie for a bot on the root, whatever its languages', () => {
    const decision = expectKind(route('/', { localeCookie: undefined, preferredTags: ['sv-SE'], isBot: true }), 'page');
    expect(decision.locale).toBe('fi-FI');
    expect(decision.setLocaleCookie).toBeUndefined();
  });

  it('still redirects a bot from legacy paths', () => {
    expect(location('/uutiset', { isBot: true })).toBe('/tietoa-meista');
  });
});
