import { describe, expect, it } from 'vitest';
import type { PagePayload } from './payload';
import { readPayloadContent } from './payload-content';

const head = {
  lang: 'fi',
  title: 'Yrityksille',
  description: '',
  canonical: 'https://www.st1.fi/yrityksille',
  alternates: [],
  robots: null,
  openGraph: { title: 'Yrityksille', description: '', url: null, image: null, locale: 'fi_FI' },
};
const page = {
  localizedPagePaths: { 'en-EU': '/company' },
  content: {
    slug: 'yrityksille',
    title: 'Yrityksille',
    description: '',
    contentType: 'standardPage',
    body: [{ type: 'richText', html: '<p>Hei</p>' }],
    noIndex: false,
  },
};
const payload = {
  locale: 'fi-FI',
  buildId: 'b1',
  preview: false,
  layout: null,
  page,
  error: null,
  head,
} as unknown as PagePayload;

describe('readPayloadContent', () => {
  it('reads a payload that fits as it is', () => {
    expect(readPayloadContent(payload)).toEqual(payload);
    const notFound = {
      ...payload,
      page: null,
      error: { status: 404, statusName: 'NOT_FOUND', path: '/x', reason: 'unknownRoute' },
    };
    expect(readPayloadContent(notFound as PagePayload)).toEqual(notFound);
  });

  it('keeps a known block whose fields do not fit as invalid, so that no component gets it', () => {
    const broken = { ...page, content: { ...page.content, body: [{ type: 'richText', html: 42 }] } };
    const read = readPayloadContent({ ...payload, page: broken } as unknown as PagePayload);
    expect(read.page?.content.body[0]).toEqual({ type: 'invalid:richText', html: 42 });
  });

  it.each([
    ['a page without content', { page: { localizedPagePaths: {} } }],
    ['a layout whose navigation is no list', { layout: { navigation: 'home' } }],
    ['a head without a title', { head: { ...head, title: undefined } }],
    [
      'an error with a status that is no error',
      { error: { status: 200, statusName: 'NOT_FOUND', path: '/', reason: 'server' } },
    ],
    ['an offline part of an unknown kind', { offline: { kind: 'cached' } }],
    ['a search without its query', { search: { result: null } }],
  ])('refuses %s', (_name, change) => {
    expect(() => readPayloadContent({ ...payload, ...change } as unknown as PagePayload)).toThrow();
  });
});
