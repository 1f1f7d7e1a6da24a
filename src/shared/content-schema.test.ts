import { describe, expect, it } from 'vitest';
import { blockSchema, cmsLinkSchema, knownBlockSchema, pageContentSchema } from './content-schema';

describe('content schema: blocks of docs/content-model.md', () => {
  it('accepts every documented kind', () => {
    const link = { title: 'Lue lisää', url: { type: 'internal', slug: 'autopesu' } };
    const image = { src: '/images/hero-fuel', alt: '' };
    const blocks = [
      { type: 'hero', title: 'T', text: 'x', image, link, backgroundColor: '#00513f' },
      { type: 'richText', html: '<p>x</p>' },
      { type: 'image', image, caption: 'c' },
      { type: 'video', video: { src: '/v.mp4', type: 'video' }, title: 'v' },
      { type: 'linkList', links: [link] },
      { type: 'cardGrid', cards: [{ title: 'c', link }] },
      { type: 'accordion', items: [{ title: 'q', html: '<p>a</p>' }] },
      { type: 'article', lead: 'l' },
      { type: 'articleList', tag: 'lataus', limit: 3 },
      { type: 'quickNavigation', items: [link] },
      { type: 'appDownload', title: 'App', links: [link] },
      { type: 'productTeaser', title: 'p', text: 't', link, backgroundColor: '#fa0' },
      { type: 'contactDetails', phone: '+358 10 557 11', email: 'a@b.fi' },
      { type: 'siteSearch' },
    ];
    for (const block of blocks) expect(knownBlockSchema.safeParse(block).success, block.type).toBe(true);
  });

  it('gives an articleList empty items until the origin fills them', () => {
    expect(knownBlockSchema.parse({ type: 'articleList' })).toEqual({ type: 'articleList', items: [] });
  });

  it('refuses a background colour that is not 3- or 6-digit hex', () => {
    expect(knownBlockSchema.safeParse({ type: 'hero', title: 'T', backgroundColor: 'red' }).success).toBe(false);
    expect(knownBlockSchema.safeParse({ type: 'hero', title: 'T', backgroundColor: '#abcd' }).success).toBe(false);
  });

  it('keeps an unknown kind as a block (rendered as nothing)', () => {
    expect(blockSchema.parse({ type: 'carousel', slides: [] })).toEqual({ type: 'carousel', slides: [] });
  });

  it('accepts the card link kind', () => {
    expect(cmsLinkSchema.parse({ title: 'Pesuajat', url: { type: 'card', value: 'Noin 10 min.' } }).url.type).toBe(
      'card',
    );
  });

  it('accepts the four themes and nothing else', () => {
    const page = { slug: 'autopesu', title: 'Autopesu' };
    for (const theme of ['carWash', 'sportsResort', 'pearl', 'dirt'])
      expect(pageContentSchema.parse({ ...page, theme }).theme).toBe(theme);
    expect(pageContentSchema.safeParse({ ...page, theme: 'neon' }).success).toBe(false);
  });
});
