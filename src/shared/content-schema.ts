/**
 * Shapes of the CMS content (spec §3), as zod schemas so that the origin validates the
 * seed content and the site server validates what an origin answers. Types for the
 * browser are inferred from the same schemas.
 */
import { z } from './zod';
import { ACCOUNT_PAGES } from './account-paths';
import { LOCALES } from './locales';
import { QUERY_FILTERS } from './search/service-codes';
import {
  shopCartBlockSchema,
  shopCheckoutBlockSchema,
  shopConfirmationBlockSchema,
  shopProductsBlockSchema,
  washCodeCheckBlockSchema,
} from './shop/content-blocks';
import { foodMenuSchema, lunchListSchema, stationDetailsSchema, stationSummarySchema } from './stations';

const localeSchema = z.enum(LOCALES);

/**
 * Asset. Only src, alt, width and height are needed to render an image; the
 * origin's seed fills the rest from content/assets/index.json (docs/images.md).
 * `size` (bytes) is beyond the spec: the PDF download link shows it.
 */
export const assetSchema = z.object({
  id: z.string().optional(),
  title: z.string().optional(),
  alt: z.string().default(''),
  name: z.string().optional(),
  ext: z.string().optional(),
  src: z.string(),
  width: z.number().int().positive().optional(),
  height: z.number().int().positive().optional(),
  created: z.string().optional(),
  metadataValues: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])).optional(),
  /** Where a crop keeps its centre: x and y in 0..1 from the top left. */
  focalPoint: z.object({ x: z.number().min(0).max(1), y: z.number().min(0).max(1) }).optional(),
  tags: z.array(z.string()).optional(),
  copyright: z.string().optional(),
  licenses: z.array(z.string()).optional(),
  description: z.string().optional(),
  /** image | vector | video (src/shared/asset-types.ts). */
  type: z.string().optional(),
  appVersion: z.string().optional(),
  generic_url: z.string().optional(),
  preview_url: z.string().optional(),
  dynamic_url: z.string().optional(),
  size: z.number().int().nonnegative().optional(),
});
export type Asset = z.infer<typeof assetSchema>;

/**
 * CMS link url object: internal pages by slug, external URLs, internal
 * links by path, or a card that opens a dialog.
 */
const cmsLinkUrlSchema = z.object({
  type: z.enum(['internal', 'external', 'card']),
  contentType: z.enum(['standardPage', 'articlePage']).optional(),
  slug: z.string().optional(),
  value: z.string().optional(),
  url: z.string().optional(),
});

export const cmsLinkSchema = z.object({
  title: z.string(),
  url: cmsLinkUrlSchema,
  openInNewTab: z.boolean().optional(),
  image: assetSchema.optional(),
});
export type CmsLink = z.infer<typeof cmsLinkSchema>;

/** A hex colour as written in the CMS; the text colour on it follows the colour-text rule. */
const hexColour = z.string().regex(/^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i);

const heroBlock = z.object({
  type: z.literal('hero'),
  title: z.string(),
  text: z.string().optional(),
  image: assetSchema.optional(),
  link: cmsLinkSchema.optional(),
  backgroundColor: hexColour.optional(),
});
/** Rich text is HTML, sanitized by the origin before it is stored. */
const richTextBlock = z.object({ type: z.literal('richText'), html: z.string() });
const imageBlock = z.object({ type: z.literal('image'), image: assetSchema, caption: z.string().optional() });
const videoBlock = z.object({ type: z.literal('video'), video: assetSchema, title: z.string() });
const linkListBlock = z.object({
  type: z.literal('linkList'),
  title: z.string().optional(),
  links: z.array(cmsLinkSchema),
});
const cardGridBlock = z.object({
  type: z.literal('cardGrid'),
  title: z.string().optional(),
  cards: z.array(
    z.object({
      title: z.string(),
      text: z.string().optional(),
      image: assetSchema.optional(),
      link: cmsLinkSchema.optional(),
    }),
  ),
});
const accordionBlock = z.object({
  type: z.literal('accordion'),
  title: z.string().optional(),
  /** html is rich text, sanitized by the origin like richText. */
  items: z.array(z.object({ title: z.string(), html: z.string() })),
});
/** First block of every article page: the page's title, byline, created, image and tags go with it. */
const articleBlock = z.object({ type: z.literal('article'), lead: z.string() });
const articleListItemSchema = z.object({
  title: z.string(),
  path: z.string(),
  created: z.string(),
  excerpt: z.string(),
  image: assetSchema.optional(),
});
export type ArticleListItem = z.infer<typeof articleListItemSchema>;
/** The origin fills `items` when it serves the page; the content files leave it out. */
const articleListBlock = z.object({
  type: z.literal('articleList'),
  title: z.string().optional(),
  tag: z.string().optional(),
  limit: z.number().int().positive().optional(),
  items: z.array(articleListItemSchema).default([]),
});
const quickNavigationBlock = z.object({
  type: z.literal('quickNavigation'),
  title: z.string().optional(),
  items: z.array(cmsLinkSchema),
});
const appDownloadBlock = z.object({
  type: z.literal('appDownload'),
  title: z.string(),
  text: z.string().optional(),
  links: z.array(cmsLinkSchema),
});
const productTeaserBlock = z.object({
  type: z.literal('productTeaser'),
  title: z.string(),
  text: z.string(),
  image: assetSchema.optional(),
  link: cmsLinkSchema,
  backgroundColor: hexColour.optional(),
});
const contactDetailsBlock = z.object({
  type: z.literal('contactDetails'),
  title: z.string().optional(),
  phone: z.string().optional(),
  /** Show the locale's customer-service number (layout `customerServicePhone`) instead of `phone`. */
  customerService: z.boolean().optional(),
  email: z.string().optional(),
  address: z.string().optional(),
  hours: z.string().optional(),
});
const siteSearchBlock = z.object({ type: z.literal('siteSearch') });
/** An account page's screen (docs/accounts.md); the views live in src/features/account. */
const accountBlock = z.object({
  type: z.literal('account'),
  view: z.enum(ACCOUNT_PAGES),
});
export type AccountBlock = z.infer<typeof accountBlock>;
/** The customer service or business sales form (src/features/forms). */
const contactFormBlock = z.object({
  type: z.literal('contactForm'),
  form: z.enum(['contact', 'business']),
  title: z.string().optional(),
  text: z.string().optional(),
});
export type ContactFormBlock = z.infer<typeof contactFormBlock>;
/**
 * The station locator (docs/stations.md). The origin fills `initial` (a short list for the
 * server render) and `total` when it serves the page; the content files leave them out.
 */
const stationLocatorBlock = z.object({
  type: z.literal('stationLocator'),
  initial: z.array(stationSummarySchema).default([]),
  total: z.number().int().nonnegative().default(0),
});

export const knownBlockSchema = z.discriminatedUnion('type', [
  heroBlock,
  richTextBlock,
  imageBlock,
  videoBlock,
  linkListBlock,
  cardGridBlock,
  accordionBlock,
  articleBlock,
  articleListBlock,
  quickNavigationBlock,
  appDownloadBlock,
  productTeaserBlock,
  contactDetailsBlock,
  siteSearchBlock,
  accountBlock,
  contactFormBlock,
  shopProductsBlockSchema,
  shopCartBlockSchema,
  shopCheckoutBlockSchema,
  shopConfirmationBlockSchema,
  washCodeCheckBlockSchema,
  stationLocatorBlock,
]);
export const KNOWN_BLOCK_TYPES: ReadonlySet<string> = new Set(
  knownBlockSchema.options.map((option) => option.shape.type.value),
);
export type KnownBlock = z.infer<typeof knownBlockSchema>;
/** The block of one kind, for the component that renders that kind (in any feature). */
export type KnownBlockOf<T extends KnownBlock['type']> = Extract<KnownBlock, { type: T }>;

/**
 * Blocks of kinds this build does not know are kept (and rendered as nothing). A block
 * of a known kind whose fields do not fit is kept the same way under the type
 * 'invalid:<kind>', so that the renderer can trust every block of a known kind.
 */
export const blockSchema = z.union([
  knownBlockSchema,
  z
    .object({ type: z.string() })
    .passthrough()
    .transform((block) => (KNOWN_BLOCK_TYPES.has(block.type) ? { ...block, type: `invalid:${block.type}` } : block)),
]);
export type Block = z.infer<typeof blockSchema>;

export const pageContentSchema = z.object({
  slug: z.string(),
  title: z.string(),
  description: z.string().default(''),
  contentType: z.string().default('standardPage'),
  body: z.array(blockSchema).default([]),
  image: assetSchema.nullable().optional(),
  noIndex: z.boolean().default(false),
  openGraphTitle: z.string().optional(),
  openGraphDescription: z.string().optional(),
  openGraphImage: assetSchema.optional(),
  /** Article pages (contentType articlePage). */
  byline: z.string().optional(),
  created: z.string().optional(),
  tags: z.array(z.string()).optional(),
  /** Brand colour theme of the page (docs/content-model.md). */
  theme: z.enum(['carWash', 'sportsResort', 'pearl', 'dirt']).optional(),
  /** Station pages (contentType stationPage; docs/stations.md). */
  station: stationDetailsSchema.optional(),
  lunchList: lunchListSchema.optional(),
  foodMenu: foodMenuSchema.optional(),
});
export type PageContent = z.infer<typeof pageContentSchema>;

/** localizedPagePaths: the sibling of this page in each locale, as locale-relative paths. */
export const pageSchema = z.object({
  localizedPagePaths: z.partialRecord(localeSchema, z.string()),
  content: pageContentSchema,
});
export type Page = z.infer<typeof pageSchema>;

export interface NavigationItem {
  id: string;
  url: string;
  text: string;
  image?: Asset | undefined;
  visibleInNavigation: boolean;
  children: NavigationItem[];
}

const navigationItemSchema: z.ZodType<NavigationItem> = z.lazy(() =>
  z.object({
    id: z.string(),
    url: z.string(),
    text: z.string(),
    image: assetSchema.optional(),
    visibleInNavigation: z.boolean().default(true),
    children: z.array(navigationItemSchema).default([]),
  }),
);

const linkGroupSchema = z.object({ title: z.string(), links: z.array(cmsLinkSchema) });
const socialLinkSchema = z.object({ kind: z.string(), title: z.string(), url: z.string().optional() });

export const layoutSchema = z.object({
  navigation: z.array(navigationItemSchema),
  logo: assetSchema.optional(),
  icons: z.array(assetSchema).default([]),
  footerLinks: z.array(linkGroupSchema).default([]),
  downloadLinks: z.array(cmsLinkSchema).default([]),
  someLinks: z.array(socialLinkSchema).default([]),
  extraLinks: z.array(cmsLinkSchema).default([]),
  /**
   * The locale's tag-manager id (GTM-… or G-…). Not validated here: an invalid id must
   * not make the layout fatal; the browser checks it and then does not load it (spec §5).
   */
  tagManagerId: z.string().optional(),
  /**
   * The locale's one customer-service phone number, as people write it ('+46 31 64 50 00'):
   * the contact page and the payment-failed text (spec §8 {phone}) both show this one.
   */
  customerServicePhone: z.string().trim().min(1).optional(),
});
export type Layout = z.infer<typeof layoutSchema>;

const searchHitSchema = z.object({ path: z.string(), title: z.string(), excerpt: z.string() });
/** The body of a search request (POST cms-view/v1/search). */
export const searchRequestSchema = z.object({ query: z.string().max(200) });
/**
 * Stations a site search found by name, town or address (docs/stations.md "Site search"):
 * how many the locator will list, the town the words name (null when they name none), the
 * locale-relative address of the locator filtered to them, and the first few.
 */
const stationSearchHitsSchema = z.object({
  total: z.number().int().nonnegative(),
  town: z.string().nullable(),
  /** The locator filters the words asked for ("diesel Tampere": diesel), which the count and link apply. */
  filters: z.array(z.enum(QUERY_FILTERS)),
  locatorPath: z.string(),
  hits: z.array(z.object({ path: z.string(), name: z.string(), address: z.string(), city: z.string() })),
});
export type StationSearchHits = z.infer<typeof stationSearchHitsSchema>;
/**
 * One origin answer per page render (`GET cms-view/v1/content/view`): the page at a path
 * (null when there is none, or when no path was asked for) and the locale's layout, named
 * by its version. The layout itself comes only when the asker's version is not the current
 * one: the site server keeps the layout and revalidates it by version with each page.
 */
export const pageViewSchema = z.object({
  layout: z.object({ version: z.string().min(1).max(100), value: layoutSchema.optional() }),
  page: pageSchema.nullable(),
});
export type PageView = z.infer<typeof pageViewSchema>;

export const searchResultSchema = z.object({
  query: z.string(),
  hits: z.array(searchHitSchema),
  stations: stationSearchHitsSchema.optional(),
});
export type SearchResult = z.infer<typeof searchResultSchema>;
