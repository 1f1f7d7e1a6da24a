import { describe, expect, it } from 'vitest';
import type { PageContent } from '#shared/content-schema';
import { pageHeadingBlockIndex, withArticleFirst } from './page-heading';

describe('pageHeadingBlockIndex', () => {
  it('is the article block that opens an article page', () => {
    expect(pageHeadingBlockIndex([{ type: 'article', lead: 'x' }, { type: 'hero', title: 'h' }])).toBe(0);
  });

  it('is the first hero, wherever it stands', () => {
    expect(pageHeadingBlockIndex([{ type: 'hero', title: 'a' }, { type: 'hero', title: 'b' }])).toBe(0);
    expect(pageHeadingBlockIndex([{ type: 'richText', html: '<p>x</p>' }, { type: 'hero', title: 'b' }])).toBe(1);
  });

  it('is the payment-result block, which names the outcome itself, before any hero', () => {
    expect(pageHeadingBlockIndex([{ type: 'hero', title: 'Order' }, { type: 'shopConfirmation' }])).toBe(1);
  });

  it('is -1 when neither exists, so that the page title becomes the h1', () => {
    expect(pageHeadingBlockIndex([{ type: 'richText', html: '<p>x</p>' }])).toBe(-1);
    expect(pageHeadingBlockIndex([])).toBe(-1);
    // An article block further down does not take the h1.
    expect(pageHeadingBlockIndex([{ type: 'richText', html: '' }, { type: 'article', lead: 'x' }])).toBe(-1);
  });
});

describe('withArticleFirst (spec §2: an article block comes first in an article page)', () => {
  const article = (body: PageContent['body'], contentType = 'articlePage'): PageContent => ({
    slug: 'artikkeli/x',
    title: 'Otsikko',
    description: '',
    contentType,
    body,
    noIndex: false,
  });
  const text = { type: 'richText', html: '<p>x</p>' } as const;

  it('leaves an article page that opens with its article block as it is', () => {
    const page = article([{ type: 'article', lead: 'Lead' }, text]);
    expect(withArticleFirst(page)).toBe(page);
  });

  it('moves an article block the CMS put further down to the top, so that it carries the h1', () => {
    const body = withArticleFirst(article([text, { type: 'article', lead: 'Lead' }])).body;
    expect(body).toEqual([{ type: 'article', lead: 'Lead' }, text]);
    expect(pageHeadingBlockIndex(body)).toBe(0);
  });

  it('adds an article block without a lead when the CMS sent none', () => {
    expect(withArticleFirst(article([text])).body).toEqual([{ type: 'article', lead: '' }, text]);
    expect(withArticleFirst(article([])).body).toEqual([{ type: 'article', lead: '' }]);
  });

  it('leaves other pages alone', () => {
    const page = article([text, { type: 'article', lead: 'Lead' }], 'standardPage');
    expect(withArticleFirst(page)).toBe(page);
  });
});
