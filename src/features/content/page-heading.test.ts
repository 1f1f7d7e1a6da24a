import { describe, expect, it } from 'vitest';
import { pageHeadingBlockIndex } from './page-heading';

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
