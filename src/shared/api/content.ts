/**
 * cms-view/v1 content endpoints (spec §7): layout, page, search, sitemap. The origin
 * serves them; the site server reads them (origin-client.ts) and proxies some to browsers.
 */
import { z } from '../zod';
import { layoutSchema, pageSchema, pageViewSchema, searchRequestSchema, searchResultSchema } from '../content-schema';
import { endpoint } from './endpoint';
import { CONTENT_API_PATHS } from './paths';

const sitemapSchema = z.array(
  z.object({ path: z.string(), lastModified: z.string(), alternates: z.partialRecord(z.string(), z.string()) }),
);
export type SitemapEntries = z.infer<typeof sitemapSchema>;

export const contentApi = {
  layout: endpoint({
    method: 'GET',
    path: CONTENT_API_PATHS.layout,
    request: {},
    response: layoutSchema,
    errors: ['NOT_FOUND'],
  }),
  page: endpoint({
    method: 'GET',
    path: CONTENT_API_PATHS.page,
    request: { query: z.object({ path: z.string().min(1).max(2048) }) },
    response: pageSchema,
    errors: ['BAD_REQUEST', 'NOT_FOUND'],
  }),
  /**
   * A page and its layout's version in one answer (the layout itself only when the
   * asker's version is outdated): the site server asks once per page render.
   * Not proxied to browsers.
   */
  view: endpoint({
    method: 'GET',
    path: CONTENT_API_PATHS.view,
    request: {
      query: z.object({
        path: z.string().min(1).max(2048).optional(),
        layoutVersion: z.string().max(100).optional(),
      }),
    },
    response: pageViewSchema,
    errors: ['BAD_REQUEST', 'NOT_FOUND'],
  }),
  search: endpoint({
    method: 'GET',
    path: CONTENT_API_PATHS.search,
    request: { query: z.object({ q: z.string().max(200).default(''), query: z.string().max(200).optional() }) },
    response: searchResultSchema,
    errors: ['BAD_REQUEST'],
  }),
  /** The same search with the words in a body (they stay out of logs of URLs). */
  searchByBody: endpoint({
    method: 'POST',
    path: CONTENT_API_PATHS.search,
    request: { body: searchRequestSchema },
    response: searchResultSchema,
    errors: ['BAD_REQUEST'],
  }),
  /**
   * The surrogate keys of the pages that changed after change number `after` (-1: none
   * known yet), read by the site servers' render caches (server/site/render-cache.ts);
   * `keys: null` when the asker is too far behind: it drops everything it keeps. Not
   * proxied to browsers.
   */
  pageChanges: endpoint({
    method: 'GET',
    path: CONTENT_API_PATHS.pageChanges,
    // A whole number written out (no "", no 1e3, no 1.5): -1, 0 or a change number.
    request: {
      query: z.object({
        after: z
          .string()
          .regex(/^(-1|0|[1-9]\d{0,14})$/)
          .transform(Number),
      }),
    },
    response: z.object({
      latest: z.number().int().min(0),
      keys: z.array(z.string().max(200)).max(100_000).nullable(),
    }),
    errors: ['BAD_REQUEST'],
  }),
  /** Not proxied to browsers: the site server builds /sitemap.xml from it. */
  sitemap: endpoint({
    method: 'GET',
    path: CONTENT_API_PATHS.sitemap,
    request: {},
    response: sitemapSchema,
    errors: [],
  }),
};
