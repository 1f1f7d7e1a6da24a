import { describe, expect, it } from 'vitest';
import { hasDotSegment, isValidContentPath } from './path-rules';

describe('isValidContentPath', () => {
  it('accepts the root and ordinary slugs', () => {
    for (const path of [
      '/',
      '/yrityksille',
      '/tietoa-meista/ihmiset-ja-ura/avoimet-tyopaikat',
      '/yrityksille/tietosuojaseloste_yritysasiakkaille',
      '/artikkeli/auton-kevatpesu',
      '/about-us/company-info/contact-us',
      '/Company',
      '/2025',
      '/file.v2',
    ]) {
      expect(isValidContentPath(path), path).toBe(true);
    }
  });

  it('accepts Nordic letters', () => {
    for (const path of [
      '/häiriötiedotteet',
      '/käyttöturvatiedotteet',
      '/bærekraft',
      '/næringsliv',
      '/företagstjänster',
      '/Åland',
      '/ØST',
    ]) {
      expect(isValidContentPath(path), path).toBe(true);
    }
  });

  it('rejects spaces, punctuation and markup', () => {
    for (const path of [
      '/a b',
      '/Bad Slug!',
      '/a!',
      '/a?b',
      '/a#b',
      '/a%20b',
      '/<script>',
      "/a'b",
      '/a"b',
      '/a\\b',
      '/a\u0000b',
    ]) {
      expect(isValidContentPath(path), path).toBe(false);
    }
  });

  it('rejects empty segments, a missing leading slash and the empty path', () => {
    for (const path of ['', 'yrityksille', '//', '/a//b', '/a/', '//a']) {
      expect(isValidContentPath(path), JSON.stringify(path)).toBe(false);
    }
  });

  it('rejects segments that start with a dot or a dash', () => {
    for (const path of ['/.env', '/a/..', '/a/./b', '/-a']) {
      expect(isValidContentPath(path), path).toBe(false);
    }
  });

  it('limits the number and the length of segments', () => {
    expect(isValidContentPath(`/${Array(12).fill('a').join('/')}`)).toBe(true);
    expect(isValidContentPath(`/${Array(13).fill('a').join('/')}`)).toBe(false);
    expect(isValidContentPath(`/${'a'.repeat(120)}`)).toBe(true);
    expect(isValidContentPath(`/${'a'.repeat(121)}`)).toBe(false);
  });
});

describe('hasDotSegment', () => {
  it("finds '.' and '..' segments", () => {
    expect(hasDotSegment('/a/../b')).toBe(true);
    expect(hasDotSegment('/..')).toBe(true);
    expect(hasDotSegment('/a/..')).toBe(true);
    expect(hasDotSegment('/./a')).toBe(true);
    expect(hasDotSegment('/a/.')).toBe(true);
  });

  it('ignores dots inside segments', () => {
    expect(hasDotSegment('/a..b')).toBe(false);
    expect(hasDotSegment('/.env')).toBe(false);
    expect(hasDotSegment('/a/.../b')).toBe(false);
    expect(hasDotSegment('/file.v2')).toBe(false);
    expect(hasDotSegment('/')).toBe(false);
  });
});
