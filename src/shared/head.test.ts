import { describe, expect, it } from 'vitest';
import { headTags, type HeadData } from './head';

const full: HeadData = {
  lang: 'en',
  title: 'Business | St1',
  description: 'Fuel cards and energy for companies',
  canonical: 'https://www.st1.com/company',
  alternates: [
    { hreflang: 'fi-FI', href: 'https://www.st1.fi/yrityksille' },
    { hreflang: 'en', href: 'https://www.st1.com/company' },
    { hreflang: 'x-default', href: 'https://www.st1.fi/yrityksille' },
  ],
  robots: 'noindex',
  openGraph: {
    title: 'Business',
    description: 'OG description',
    url: 'https://www.st1.com/company',
    image: 'https://www.st1.com/images/business.jpg',
    imageAlt: 'A van at a charging station',
    locale: 'en',
  },
};

const minimal: HeadData = {
  ...full,
  canonical: null,
  alternates: [],
  robots: null,
  openGraph: { ...full.openGraph, url: null, image: null },
};

describe('headTags', () => {
  it('lists every tag in a stable order', () => {
    expect(headTags(full)).toEqual([
      { tag: 'meta', attrs: { name: 'description', content: 'Fuel cards and energy for companies' } },
      { tag: 'meta', attrs: { name: 'robots', content: 'noindex' } },
      { tag: 'link', attrs: { rel: 'canonical', href: 'https://www.st1.com/company' } },
      { tag: 'link', attrs: { rel: 'alternate', hreflang: 'fi-FI', href: 'https://www.st1.fi/yrityksille' } },
      { tag: 'link', attrs: { rel: 'alternate', hreflang: 'en', href: 'https://www.st1.com/company' } },
      { tag: 'link', attrs: { rel: 'alternate', hreflang: 'x-default', href: 'https://www.st1.fi/yrityksille' } },
      { tag: 'meta', attrs: { property: 'og:type', content: 'website' } },
      { tag: 'meta', attrs: { property: 'og:title', content: 'Business' } },
      { tag: 'meta', attrs: { property: 'og:description', content: 'OG description' } },
      { tag: 'meta', attrs: { property: 'og:locale', content: 'en' } },
      { tag: 'meta', attrs: { property: 'og:url', content: 'https://www.st1.com/company' } },
      { tag: 'meta', attrs: { property: 'og:image', content: 'https://www.st1.com/images/business.jpg' } },
      { tag: 'meta', attrs: { property: 'og:image:alt', content: 'A van at a charging station' } },
      { tag: 'meta', attrs: { name: 'twitter:card', content: 'summary_large_image' } },
      { tag: 'meta', attrs: { name: 'twitter:title', content: 'Business' } },
      { tag: 'meta', attrs: { name: 'twitter:description', content: 'OG description' } },
      { tag: 'meta', attrs: { name: 'twitter:image', content: 'https://www.st1.com/images/business.jpg' } },
      { tag: 'meta', attrs: { name: 'twitter:image:alt', content: 'A van at a charging station' } },
    ]);
  });

  it('leaves out robots, canonical, og:url and og:image when they are not set', () => {
    const tags = headTags(minimal);
    expect(tags.map((tag) => tag.attrs.name ?? tag.attrs.property ?? tag.attrs.rel)).toEqual([
      'description',
      'og:type',
      'og:title',
      'og:description',
      'og:locale',
      'twitter:card',
      'twitter:title',
      'twitter:description',
    ]);
    expect(tags.some((tag) => tag.attrs.name === 'robots')).toBe(false);
    expect(tags.some((tag) => tag.attrs.property === 'og:image')).toBe(false);
  });

  it('adds robots only when set, and og:image only when set', () => {
    expect(headTags({ ...minimal, robots: 'noindex' }).filter((tag) => tag.attrs.name === 'robots')).toEqual([
      { tag: 'meta', attrs: { name: 'robots', content: 'noindex' } },
    ]);
    const withImage = headTags({
      ...minimal,
      openGraph: { ...minimal.openGraph, image: 'https://x.example/a.png', imageAlt: null },
    });
    expect(withImage.filter((tag) => tag.attrs.property === 'og:image' || tag.attrs.name === 'twitter:image')).toEqual([
      { tag: 'meta', attrs: { property: 'og:image', content: 'https://x.example/a.png' } },
      { tag: 'meta', attrs: { name: 'twitter:image', content: 'https://x.example/a.png' } },
    ]);
    // No alt text, no alt tags (never an empty one).
    expect(withImage.some((tag) => (tag.attrs.property ?? tag.attrs.name ?? '').endsWith(':alt'))).toBe(false);
  });

  it('puts the description first and keeps alternates in their given order', () => {
    const tags = headTags(full);
    expect(tags[0]?.attrs.name).toBe('description');
    expect(tags.filter((tag) => tag.attrs.rel === 'alternate').map((tag) => tag.attrs.hreflang)).toEqual([
      'fi-FI',
      'en',
      'x-default',
    ]);
  });
});
