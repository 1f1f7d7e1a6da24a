import { describe, expect, it } from 'vitest';
import { compileRedirectTable, isAbsoluteUrl, matchRedirect, normalizeLegacyPath, withQuery } from './redirects';

const EMAIL_AND_JUNK = [
  { name: 'email-like', regex: '^/(?:[^/]*/)*[^/]*@', to: '/' },
  { name: 'junk', regex: '\\.(?:php\\d?|asp|aspx)$|^/(?:wp-admin|wp-login|cgi-bin)(?:[/.]|$)', to: '/home' },
];

describe('compileRedirectTable / matchRedirect', () => {
  const table = compileRedirectTable({
    exact: { '/Uutiset': '/tietoa-meista', '/a/b/': '/exact-ab', '/käyttöturva': '/kayttoturva-ja-tuotetiedotteet' },
    prefix: { '/asemahaku/': '/asemahaku', '/a/': '/short', '/a/b/c/': '/long' },
    patterns: EMAIL_AND_JUNK,
  });

  it('matches exact paths', () => {
    expect(matchRedirect(table, '/uutiset')).toBe('/tietoa-meista');
    expect(matchRedirect(table, '/käyttöturva')).toBe('/kayttoturva-ja-tuotetiedotteet');
  });

  it('ignores letter case on both sides', () => {
    expect(matchRedirect(table, '/UUTISET')).toBe('/tietoa-meista');
    expect(matchRedirect(table, '/KÄYTTÖTURVA')).toBe('/kayttoturva-ja-tuotetiedotteet');
    expect(matchRedirect(table, '/AsemaHaku/Helsinki')).toBe('/asemahaku');
  });

  it('ignores a trailing slash on both sides', () => {
    expect(matchRedirect(table, '/uutiset/')).toBe('/tietoa-meista');
    expect(matchRedirect(table, '/uutiset//')).toBe('/tietoa-meista');
    expect(matchRedirect(table, '/a/b')).toBe('/exact-ab');
  });

  it('lets an exact rule win over a prefix rule', () => {
    expect(matchRedirect(table, '/a/b/')).toBe('/exact-ab');
  });

  it('lets the longest prefix win', () => {
    expect(matchRedirect(table, '/a/b/c/d')).toBe('/long');
    expect(matchRedirect(table, '/a/b/c/d/e')).toBe('/long');
    expect(matchRedirect(table, '/a/x')).toBe('/short');
    expect(matchRedirect(table, '/a/b/x')).toBe('/short');
    expect(matchRedirect(table, '/asemahaku/helsinki-keskusta')).toBe('/asemahaku');
    expect(matchRedirect(table, '/asemahaku/a/b/c')).toBe('/asemahaku');
  });

  it('does not apply a prefix rule to the prefix itself or to a longer first segment', () => {
    // '/asemahaku' is the live station locator: the '/asemahaku/' rule must not loop it.
    expect(matchRedirect(table, '/asemahaku')).toBeUndefined();
    expect(matchRedirect(table, '/asemahaku/')).toBeUndefined();
    expect(matchRedirect(table, '/asemahakuX')).toBeUndefined();
    expect(matchRedirect(table, '/asemahaku-vanha/x')).toBeUndefined();
    expect(matchRedirect(table, '/a')).toBeUndefined();
  });

  it('sends e-mail-like paths through the pattern rules', () => {
    expect(matchRedirect(table, '/matti.meikalainen@example.com')).toBe('/');
    expect(matchRedirect(table, '/yhteystiedot/asiakaspalvelu@st1.fi')).toBe('/');
    expect(matchRedirect(table, '/mailto:x@y')).toBe('/');
  });

  it('sends junk paths through the pattern rules', () => {
    expect(matchRedirect(table, '/index.php')).toBe('/home');
    expect(matchRedirect(table, '/old/page.ASPX')).toBe('/home');
    expect(matchRedirect(table, '/wp-admin')).toBe('/home');
    expect(matchRedirect(table, '/wp-login.php')).toBe('/home');
    expect(matchRedirect(table, '/cgi-bin/test')).toBe('/home');
    expect(matchRedirect(table, '/wp-administrator')).toBeUndefined();
    expect(matchRedirect(table, '/php-opas')).toBeUndefined();
  });

  it('gives undefined when no rule matches', () => {
    expect(matchRedirect(table, '/yrityksille')).toBeUndefined();
    expect(matchRedirect(table, '/')).toBeUndefined();
    expect(matchRedirect(compileRedirectTable({ exact: {}, prefix: {}, patterns: [] }), '/uutiset')).toBeUndefined();
  });

  it('normalizes legacy paths', () => {
    expect(normalizeLegacyPath('/Uutiset/')).toBe('/uutiset');
    expect(normalizeLegacyPath('/')).toBe('/');
    expect(normalizeLegacyPath('//')).toBe('/');
  });
});

describe('prefix keys in upper case', () => {
  it('match like lower-case ones, since request paths are lower-cased', () => {
    const table = compileRedirectTable({ exact: {}, prefix: { '/Asemahaku/': '/asemahaku' }, patterns: [] });
    expect(matchRedirect(table, '/asemahaku/helsinki')).toBe('/asemahaku');
  });
});

describe('withQuery', () => {
  it('keeps the original query string', () => {
    expect(withQuery('/tietoa-meista', '?utm_source=news&x=1')).toBe('/tietoa-meista?utm_source=news&x=1');
    expect(withQuery('/tietoa-meista', 'x=1')).toBe('/tietoa-meista?x=1');
    expect(withQuery('https://www.st1.com/', '?x=1')).toBe('https://www.st1.com/?x=1');
  });

  it('leaves the target alone without a query', () => {
    expect(withQuery('/tietoa-meista', '')).toBe('/tietoa-meista');
    expect(withQuery('/tietoa-meista', '?')).toBe('/tietoa-meista');
  });

  it("joins with '&' when the target has its own query", () => {
    expect(withQuery('/yksityisille/ota-yhteytta/asiakaspalvelu?service=MAIN', '?x=1')).toBe(
      '/yksityisille/ota-yhteytta/asiakaspalvelu?service=MAIN&x=1',
    );
  });

  it('keeps the hash of the target at the end', () => {
    expect(withQuery('/tietoa-meista#uutiset', '?x=1')).toBe('/tietoa-meista?x=1#uutiset');
    expect(withQuery('/a?service=MAIN#top', '?x=1')).toBe('/a?service=MAIN&x=1#top');
    expect(withQuery('/a#top', '')).toBe('/a#top');
  });
});

describe('isAbsoluteUrl', () => {
  it('is true for http and https URLs only', () => {
    expect(isAbsoluteUrl('https://www.st1.com/')).toBe(true);
    expect(isAbsoluteUrl('HTTP://www.st1.fi')).toBe(true);
    expect(isAbsoluteUrl('/tietoa-meista')).toBe(false);
    expect(isAbsoluteUrl('//evil.example')).toBe(false);
    expect(isAbsoluteUrl('javascript:alert(1)')).toBe(false);
    expect(isAbsoluteUrl('mailto:a@b.c')).toBe(false);
    expect(isAbsoluteUrl('https:evil')).toBe(false);
  });
});
