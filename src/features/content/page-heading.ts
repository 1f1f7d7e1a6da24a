import type { Block } from '#shared/content-schema';

/**
 * Blocks whose h1 depends on what they find out in the browser, so no CMS text can be it:
 * the payment result names the outcome (paid, failed, cancelled), not a fixed "Order confirmation".
 */
const SELF_HEADED_BLOCKS: ReadonlySet<string> = new Set(['shopConfirmation']);

/**
 * Index of the block that carries the page's one h1: the article block that opens an
 * article page, else a self-headed block, else the first hero; -1 when the page title has
 * to be the h1.
 */
export function pageHeadingBlockIndex(blocks: readonly Block[]): number {
  if (blocks[0]?.type === 'article') return 0;
  const selfHeaded = blocks.findIndex((block) => SELF_HEADED_BLOCKS.has(block.type));
  if (selfHeaded >= 0) return selfHeaded;
  return blocks.findIndex((block) => block.type === 'hero');
}
