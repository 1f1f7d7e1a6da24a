/** cms-view endpoints (spec §7): layout, page, search, and the sitemap listing. */
import type { FastifyInstance } from 'fastify';
import { zodRoutes } from '../../common/zod-routes';
import { z } from 'zod';
import { isValidContentPath } from '#shared/path-rules';
import { pathToSlug, type Locale } from '#shared/locales';
import { searchRequestSchema, type PageContent } from '#shared/content-schema';
import { badRequest, notFound } from '../errors';
import { isPreview, requestLocale } from '../locale-header';
import type { LayoutsRepository } from './layouts-repository';
import type { PagesRepository } from './pages-repository';
import type { StationPages } from '../stations/station-pages';
import type { StationSearch } from '../stations/station-search';

const pageQuery = z.object({ path: z.string().min(1).max(2048) });
const searchQuery = z.object({ q: z.string().max(200).default(''), query: z.string().max(200).optional() });
const searchBody = searchRequestSchema;

/**
 * Fills the `items` of every articleList block from the locale's published articles
 * (docs/content-model.md), so that a list is as fresh as the page request.
 */
async function withArticleLists(content: PageContent, locale: Locale, pages: PagesRepository): Promise<PageContent> {
  if (!content.body.some((block) => block.type === 'articleList')) return content;
  const body = await Promise.all(
    content.body.map(async (block) => {
      if (block.type !== 'articleList') return block;
      const tag = 'tag' in block && typeof block.tag === 'string' ? block.tag : undefined;
      const limit = 'limit' in block && typeof block.limit === 'number' ? block.limit : undefined;
      return { ...block, items: await pages.listArticles(locale, { tag, limit }) };
    }),
  );
  return { ...content, body };
}

export function contentRoutes(
  app: FastifyInstance,
  deps: { pages: PagesRepository; layouts: LayoutsRepository; stationPages?: StationPages; stationSearch?: StationSearch },
) {
  const api = zodRoutes(app);
  api.get('/cms-view/v1/content/layout', async (request) => {
    const locale = requestLocale(request);
    const layout = await deps.layouts.find(locale);
    if (!layout) throw notFound(`No layout for ${locale}`);
    return layout;
  });

  api.get('/cms-view/v1/content/page', { schema: { querystring: pageQuery } }, async (request) => {
    const locale = requestLocale(request);
    const path = request.query.path.startsWith('/') ? request.query.path : `/${request.query.path}`;
    // Not in the schema: the path rules (src/shared/path-rules) answer with the path itself.
    if (!isValidContentPath(path === '/landing' ? '/' : path))
      throw badRequest(`Not a valid page path: ${path.slice(0, 100)}`);
    const preview = isPreview(request);
    // Station pages (/asemat/{slug} …) come from the stations table (docs/stations.md).
    const station = await deps.stationPages?.find(locale, path);
    if (station) return station;
    const page = await deps.pages.find(locale, pathToSlug(path), { preview });
    if (!page) throw notFound(`Page not found: ${path.slice(0, 200)}`);
    const content = await withArticleLists(page.content, locale, deps.pages);
    return {
      localizedPagePaths: await deps.pages.localizedPaths(page.groupKey, { preview }),
      content: deps.stationPages ? await deps.stationPages.fillLocator(content, locale) : content,
    };
  });

  const search = async (locale: ReturnType<typeof requestLocale>, query: string) => {
    const [hits, stations] = await Promise.all([
      deps.pages.search(locale, query),
      deps.stationSearch?.search(locale, query),
    ]);
    return { query, hits, ...(stations ? { stations } : {}) };
  };
  api.get('/cms-view/v1/search', { schema: { querystring: searchQuery } }, async (request) =>
    search(requestLocale(request), request.query.query ?? request.query.q),
  );
  api.post('/cms-view/v1/search', { schema: { body: searchBody } }, async (request) =>
    search(requestLocale(request), request.body.query),
  );

  /** Not proxied to browsers: the site server builds /sitemap.xml from it. */
  api.get('/cms-view/v1/sitemap', async (request) => {
    const locale = requestLocale(request);
    const entries = await deps.pages.listIndexable(locale);
    return [
      ...entries.map(({ page, alternates }) => ({
        path: alternates[page.locale],
        lastModified: page.updatedAt,
        alternates,
      })),
      ...((await deps.stationPages?.sitemap(locale)) ?? []),
    ];
  });
}
