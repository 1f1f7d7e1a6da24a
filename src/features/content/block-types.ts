import type { Block, KnownBlock } from '#shared/content-schema';

/**
 * The kinds this build renders. A plain list rather than the zod schema, so that the
 * browser bundle does not carry zod: the origin and the site server have already checked
 * every block against its schema (src/shared/content-schema.ts), and a block of a known
 * kind that failed that check arrives under another type name. block-types.test.ts keeps
 * this list equal to the schema's.
 */
export const RENDERED_BLOCK_TYPES = [
  'hero',
  'richText',
  'image',
  'video',
  'linkList',
  'cardGrid',
  'accordion',
  'article',
  'articleList',
  'quickNavigation',
  'appDownload',
  'productTeaser',
  'contactDetails',
  'siteSearch',
  'account',
  'contactForm',
  'shopProducts',
  'shopCart',
  'shopCheckout',
  'shopConfirmation',
  'washCodeCheck',
  'stationLocator',
] as const satisfies ReadonlyArray<KnownBlock['type']>;

const rendered: ReadonlySet<string> = new Set(RENDERED_BLOCK_TYPES);

export function isKnownBlock(block: Block): block is KnownBlock {
  return rendered.has(block.type);
}
