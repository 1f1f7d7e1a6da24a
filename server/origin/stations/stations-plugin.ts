/**
 * The stations domain as a plugin: the station list with versions and deltas, the import
 * endpoints of live data, and the station pages, locator list, sitemap entries and search
 * hits, which it registers as a page source of the content plugin (content serves them
 * without importing this domain). Its public service is the stations repository and the
 * live data.
 */
import fp from 'fastify-plugin';
import type { StationsDb } from './station-tables';
import { stationImportRoutes, type ImportTokens } from './station-import-routes';
import { createStationLiveData, type StationLiveData } from './station-live-data';
import { createStationPages } from './station-pages';
import { stationRoutes } from './station-routes';
import { createStationSearch } from './station-search';
import type { StationsRepository } from './stations-repository';
import { createStationsRepositories } from './stations-repositories';
import { createStationMetrics } from './station-metrics';
import type { LiveNotices } from './live-notices';

declare module 'fastify' {
  interface FastifyInstance {
    stations: { stations: StationsRepository; live: StationLiveData };
  }
}

interface StationsPluginOptions {
  /** The station metrics read the live data's ages from it at each scrape. */
  db: StationsDb;
  /** PRICE_IMPORT_TOKEN and CHARGER_STATUS_IMPORT_TOKEN (config.ts); an import without one is off. */
  importTokens?: ImportTokens | undefined;
  /** Announces committed live-data imports to the site servers (REDIS_URL); none without Redis. */
  liveNotices?: LiveNotices | undefined;
}

export const stationsPlugin = fp<StationsPluginOptions>(
  async (app, options) => {
    const repositories = app.provideRepositories('stations', createStationsRepositories);
    const { stations } = repositories;
    const live = createStationLiveData(repositories);
    app.decorate('stations', { stations, live });
    const pages = createStationPages({ stations, live, assets: app.images.assets });
    const search = createStationSearch({ stations });
    app.content.addPageSource({
      findPage: (locale, path) => pages.find(locale, path),
      fillBlocks: (content, locale) => pages.fillLocator(content, locale),
      sitemap: (locale) => pages.sitemap(locale),
      searchResults: async (locale, query) => {
        const found = await search.search(locale, query);
        return found ? { stations: found } : {};
      },
    });
    stationRoutes(app, { stations, live, liveChannel: repositories.live });
    stationImportRoutes(app, {
      transaction: app.transaction,
      tokens: options.importTokens ?? {},
      purges: app.cachePurges,
      metrics: createStationMetrics(app.metrics, options.db),
      notices: options.liveNotices,
    });
  },
  { name: 'stations', fastify: '5.x', dependencies: ['unit-of-work', 'content', 'images', 'outbox'] },
);
