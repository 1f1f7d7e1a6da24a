import { describe, expect, it } from 'vitest';
import { blockSchema, KNOWN_BLOCK_TYPES } from '#shared/content-schema';
import { isKnownBlock, RENDERED_BLOCK_TYPES } from './block-types';

describe('block types', () => {
  it('renders exactly the kinds the content schema knows', () => {
    expect([...RENDERED_BLOCK_TYPES].sort()).toEqual([...KNOWN_BLOCK_TYPES].sort());
  });

  it('treats a known kind with fields that do not fit its schema as unknown', () => {
    const parsed = blockSchema.parse({ type: 'hero', text: 'no title' });
    expect(parsed.type).not.toBe('hero');
    expect(isKnownBlock(parsed)).toBe(false);
    expect(isKnownBlock(blockSchema.parse({ type: 'hero', title: 'T' }))).toBe(true);
  });

  it('treats an unknown kind as unknown', () => {
    expect(isKnownBlock(blockSchema.parse({ type: 'carousel' }))).toBe(false);
  });
});
