import type { Block, PageContent } from '#shared/content-schema';

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

/**
 * Spec §2: on an article page the article block comes first in the body. One the CMS put
 * further down is moved to the top (it carries the page's h1, byline, date, image and
 * tags); one the CMS left out is added without a lead. Other pages are left as they are.
 */
export function withArticleFirst(content: PageContent): PageContent {
  if (content.contentType !== 'articlePage') return content;
  const index = content.body.findIndex((block) => block.type === 'article');
  if (index === 0) return content;
  const article: Block = index > 0 ? content.body[index]! : { type: 'article', lead: '' };
  return { ...content, body: [article, ...content.body.filter((_, other) => other !== index)] };
}
