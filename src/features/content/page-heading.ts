import type { Block } from '../../shared/content-schema';

/**
 * Index of the block that carries the page's one h1: the article block that opens an
 * article page, else the first hero; -1 when the page title has to be the h1.
 */
export function pageHeadingBlockIndex(blocks: readonly Block[]): number {
  if (blocks[0]?.type === 'article') return 0;
  return blocks.findIndex((block) => block.type === 'hero');
}
