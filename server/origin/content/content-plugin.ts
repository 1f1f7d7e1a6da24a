/**
 * The content domain as a plugin: the cms-view endpoints (layout, page, search, sitemap)
 * and, as its public service, the pages, the layouts and the registry of page sources
 * through which other domains add pages and page parts (page-sources.ts).
 */
import fp from 'fastify-plugin';
import { contentRoutes } from './content-routes';
import type { LayoutsRepository } from './layouts-repository';
import { createPageSources, type PageSource } from './page-sources';
import type { PagesRepository } from './pages-repository';
import { createContentRepositories } from './content-repositories';

interface ContentService {
  pages: PagesRepository;
  layouts: LayoutsRepository;
  /** Adds a source of pages and page parts; sources are asked in the order they were added. */
  addPageSource(source: PageSource): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    content: ContentService;
  }
}

export const contentPlugin = fp(
  async (app) => {
    const { pages, layouts } = app.provideRepositories('content', createContentRepositories);
    const sources = createPageSources();
    app.decorate('content', { pages, layouts, addPageSource: sources.add });
    contentRoutes(app, { pages, layouts, sources });
  },
  { name: 'content', fastify: '5.x', dependencies: ['unit-of-work'] },
);
