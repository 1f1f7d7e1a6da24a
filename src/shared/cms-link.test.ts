import { describe, expect, it } from 'vitest';
import type { CmsLink } from './content-schema';
import { resolveCmsLink } from './cms-link';

const link = (url: CmsLink['url'], extra: Partial<CmsLink> = {}): CmsLink => ({ title: 'Link', url, ...extra });

describe('resolveCmsLink', () => {
  it('resolves standard and article pages by slug inside the locale', () => {
    expect(resolveCmsLink(link({ type: 'internal', contentType: 'standardPage', slug: 'yrityksille' }))).toEqual({
      kind: 'internal',
      to: '/yrityksille',
    });
    expect(
      resolveCmsLink(link({ type: 'internal', contentType: 'articlePage', slug: 'artikkeli/auton-kevatpesu' })),
    ).toEqual({
      kind: 'internal',
      to: '/artikkeli/auton-kevatpesu',
    });
  });

  it("maps the 'landing' slug to '/'", () => {
    expect(resolveCmsLink(link({ type: 'internal', contentType: 'standardPage', slug: 'landing' }))).toEqual({
      kind: 'internal',
      to: '/',
    });
  });

  it('accepts an internal link given as a path in url or value', () => {
    expect(resolveCmsLink(link({ type: 'internal', url: '/asemahaku' }))).toEqual({
      kind: 'internal',
      to: '/asemahaku',
    });
    expect(resolveCmsLink(link({ type: 'internal', value: 'kayttoehdot' }))).toEqual({
      kind: 'internal',
      to: '/kayttoehdot',
    });
  });

  it('opens external URLs in a new tab by default', () => {
    expect(resolveCmsLink(link({ type: 'external', url: 'https://www.st1.com/' }))).toEqual({
      kind: 'external',
      href: 'https://www.st1.com/',
      newTab: true,
    });
    expect(resolveCmsLink(link({ type: 'external', value: 'mailto:asiakaspalvelu@example.com' }))).toEqual({
      kind: 'external',
      href: 'mailto:asiakaspalvelu@example.com',
      newTab: true,
    });
  });

  it('respects openInNewTab false', () => {
    expect(resolveCmsLink(link({ type: 'external', url: 'https://www.st1.fi/' }, { openInNewTab: false }))).toEqual({
      kind: 'external',
      href: 'https://www.st1.fi/',
      newTab: false,
    });
  });

  it('refuses javascript: and other unsafe schemes', () => {
    expect(resolveCmsLink(link({ type: 'external', url: 'javascript:alert(1)' }))).toEqual({ kind: 'none' });
    expect(resolveCmsLink(link({ type: 'external', url: 'JavaScript:alert(1)' }))).toEqual({ kind: 'none' });
    expect(resolveCmsLink(link({ type: 'external', url: 'data:text/html,<script>alert(1)</script>' }))).toEqual({
      kind: 'none',
    });
    expect(resolveCmsLink(link({ type: 'internal', slug: 'javascript:alert(1)' }))).toEqual({ kind: 'none' });
    expect(resolveCmsLink(link({ type: 'internal', url: 'javascript:alert(1)' }))).toEqual({ kind: 'none' });
  });

  it('refuses protocol-relative targets', () => {
    expect(resolveCmsLink(link({ type: 'internal', url: '//evil.example' }))).toEqual({ kind: 'none' });
    expect(resolveCmsLink(link({ type: 'internal', slug: '//evil.example/x' }))).toEqual({ kind: 'none' });
    expect(resolveCmsLink(link({ type: 'external', url: '//evil.example' }))).toEqual({ kind: 'none' });
    // Browsers read a backslash as a slash in http(s) URLs: '/\evil' is '//evil'.
    expect(resolveCmsLink(link({ type: 'internal', url: '/\\evil.example' }))).toEqual({ kind: 'none' });
    expect(resolveCmsLink(link({ type: 'internal', slug: '\\\\evil.example' }))).toEqual({ kind: 'none' });
  });

  it('gives kind none for a link without a target', () => {
    expect(resolveCmsLink(link({ type: 'internal' }))).toEqual({ kind: 'none' });
    expect(resolveCmsLink(link({ type: 'external' }))).toEqual({ kind: 'none' });
    expect(resolveCmsLink(link({ type: 'internal', slug: '' }))).toEqual({ kind: 'none' });
  });

  it('resolves a card to a dialog with the link title as heading and url.value as text', () => {
    expect(
      resolveCmsLink(link({ type: 'card', value: 'Pesuohjelmat kestävät 6–12 minuuttia.' }, { title: 'Pesuajat' })),
    ).toEqual({
      kind: 'card',
      heading: 'Pesuajat',
      text: 'Pesuohjelmat kestävät 6–12 minuuttia.',
    });
    // A card never becomes a link, whatever else its url carries.
    expect(resolveCmsLink(link({ type: 'card', value: 'x', url: 'https://example.com/' }))).toMatchObject({
      kind: 'card',
    });
  });

  it('gives a card without value an empty text', () => {
    expect(resolveCmsLink(link({ type: 'card' }))).toEqual({ kind: 'card', heading: 'Link', text: '' });
  });
});
