/**
 * cms-view endpoints (spec §7): layout, page, search, and the sitemap listing; and the view
 * of a page (page and layout in one answer, the layout only when the asker's is outdated),
 * which the site server asks for once per page render.
 */
import type { FastifyInstance } from 'fastify';
import { zodRoutes } from '../../common/zod-routes';
import { isValidContentPath } from '#shared/path-rules';
import { pathToSlug, type Locale } from '#shared/locales';
import type { PageContent } from '#shared/content-schema';
import { contentApi } from '#shared/api/content';
import { routeSchema } from '#shared/api/endpoint';
import { badRequest, notFound } from '../errors';
import { isPreview, requestLocale } from '../locale-header';
import type { LayoutsRepository } from './layouts-repository';
import type { PagesRepository } from './pages-repository';
import type { PageSources } from './page-sources';

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
  deps: { pages: PagesRepository; layouts: LayoutsRepository; sources: PageSources },
) {
  const api = zodRoutes(app);
  api.get('/cms-view/v1/content/layout', { schema: routeSchema(contentApi.layout) }, async (request) => {
    const locale = requestLocale(request);
    const layout = await deps.layouts.find(locale);
    if (!layout) throw notFound(`No layout for ${locale}`);
    return layout;
  });

  /** The page at a path, or undefined; a path the path rules refuse is a bad request. */
  async function pageAt(locale: Locale, rawPath: string, preview: boolean) {
    const path = rawPath.startsWith('/') ? rawPath : `/${rawPath}`;
    // Not in the schema: the path rules (src/shared/path-rules) answer with the path itself.
    if (!isValidContentPath(path === '/landing' ? '/' : path))
      throw badRequest(`Not a valid page path: ${path.slice(0, 100)}`);
    // Pages of other domains first: station pages (/asemat/{slug} …) come from the stations
    // table (docs/stations.md), through the source the stations plugin registers.
    const sourced = await deps.sources.findPage(locale, path);
    if (sourced) return sourced;
    const page = await deps.pages.find(locale, pathToSlug(path), { preview });
    if (!page) return undefined;
    const content = await withArticleLists(page.content, locale, deps.pages);
    return {
      localizedPagePaths: await deps.pages.localizedPaths(page.groupKey, { preview }),
      content: await deps.sources.fillBlocks(content, locale),
    };
  }

  api.get('/cms-view/v1/content/page', { schema: routeSchema(contentApi.page) }, async (request) => {
    const page = await pageAt(requestLocale(request), request.query.path, isPreview(request));
    if (!page) throw notFound(`Page not found: ${request.query.path.slice(0, 200)}`);
    return page;
  });

  api.get('/cms-view/v1/content/view', { schema: routeSchema(contentApi.view) }, async (request) => {
    const locale = requestLocale(request);
    const { path, layoutVersion } = request.query;
    const [layout, page] = await Promise.all([
      deps.layouts.current(locale),
      path === undefined ? undefined : pageAt(locale, path, isPreview(request)),
    ]);
    if (!layout) throw notFound(`No layout for ${locale}`);
    return {
      layout: layout.version === layoutVersion ? { version: layout.version } : { version: layout.version, value: layout.layout },
      page: page ?? null,
    };
  });

  const search = async (locale: ReturnType<typeof requestLocale>, query: string) => {
    const [hits, sourced] = await Promise.all([
      deps.pages.search(locale, query),
      deps.sources.searchResults(locale, query),
    ]);
    return { query, hits, ...sourced };
  };
  api.get('/cms-view/v1/search', { schema: routeSchema(contentApi.search) }, async (request) =>
    search(requestLocale(request), request.query.query ?? request.query.q),
  );
  api.post('/cms-view/v1/search', { schema: routeSchema(contentApi.searchByBody) }, async (request) =>
    search(requestLocale(request), request.body.query),
  );

  /** Not proxied to browsers: the site server builds /sitemap.xml from it. */
  api.get('/cms-view/v1/sitemap', { schema: routeSchema(contentApi.sitemap) }, async (request) => {
    const locale = requestLocale(request);
    const entries = await deps.pages.listIndexable(locale);
    return [
      ...entries.map(({ page, alternates }) => ({
        path: alternates[page.locale]!,
        lastModified: page.updatedAt,
        alternates,
      })),
      ...(await deps.sources.sitemap(locale)),
    ];
  });
}
