/**
 * Shapes of the CMS content (spec §3), as zod schemas so that the origin validates the
 * seed content and the site server validates what an origin answers. Types for the
 * browser are inferred from the same schemas.
 */
import { z } from 'zod';
import { LOCALES } from './locales';

export const localeSchema = z.enum(LOCALES);

/** Asset (spec §3). Only src, alt, width and height are needed to render an image. */
export const assetSchema = z.object({
  id: z.string().optional(),
  title: z.string().optional(),
  alt: z.string().default(''),
  name: z.string().optional(),
  ext: z.string().optional(),
  src: z.string(),
  width: z.number().int().positive().optional(),
  height: z.number().int().positive().optional(),
  type: z.string().optional(),
  focalPoint: z.object({ x: z.number().min(0).max(1), y: z.number().min(0).max(1) }).optional(),
});
export type Asset = z.infer<typeof assetSchema>;

/**
 * CMS link url object (spec §3): internal pages by slug, external URLs, internal
 * links by path, or a card that opens a dialog.
 */
export const cmsLinkUrlSchema = z.object({
  type: z.enum(['internal', 'external']),
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

const heroBlock = z.object({
  type: z.literal('hero'),
  title: z.string(),
  text: z.string().optional(),
  image: assetSchema.optional(),
  link: cmsLinkSchema.optional(),
});
/** Rich text is HTML, sanitized by the origin before it is stored. */
const richTextBlock = z.object({ type: z.literal('richText'), html: z.string() });
const linkListBlock = z.object({
  type: z.literal('linkList'),
  title: z.string().optional(),
  links: z.array(cmsLinkSchema),
});

export const knownBlockSchema = z.discriminatedUnion('type', [heroBlock, richTextBlock, linkListBlock]);
export type KnownBlock = z.infer<typeof knownBlockSchema>;

/** Blocks of kinds this build does not know are kept (and rendered as nothing). */
export const blockSchema = z.union([knownBlockSchema, z.object({ type: z.string() }).passthrough()]);
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

export const navigationItemSchema: z.ZodType<NavigationItem> = z.lazy(() =>
  z.object({
    id: z.string(),
    url: z.string(),
    text: z.string(),
    image: assetSchema.optional(),
    visibleInNavigation: z.boolean().default(true),
    children: z.array(navigationItemSchema).default([]),
  }),
);

export const linkGroupSchema = z.object({ title: z.string(), links: z.array(cmsLinkSchema) });
export const socialLinkSchema = z.object({ kind: z.string(), title: z.string(), url: z.string().optional() });

export const layoutSchema = z.object({
  navigation: z.array(navigationItemSchema),
  logo: assetSchema.optional(),
  icons: z.array(assetSchema).default([]),
  footerLinks: z.array(linkGroupSchema).default([]),
  downloadLinks: z.array(cmsLinkSchema).default([]),
  someLinks: z.array(socialLinkSchema).default([]),
  extraLinks: z.array(cmsLinkSchema).default([]),
});
export type Layout = z.infer<typeof layoutSchema>;

/** Error body of every origin and site-server JSON error (DESIGN §3). */
export const apiErrorSchema = z.object({ status: z.number().int(), code: z.string(), message: z.string() });
export type ApiError = z.infer<typeof apiErrorSchema>;

export const searchHitSchema = z.object({ path: z.string(), title: z.string(), excerpt: z.string() });
export const searchResultSchema = z.object({ query: z.string(), hits: z.array(searchHitSchema) });
export type SearchResult = z.infer<typeof searchResultSchema>;
