/**
 * The embedded origin: the upstream APIs of spec §7 as a real backend on loopback.
 * The error handler shared with the site server (server/common) answers
 * `{ status, code, message }` and hides 5xx details.
 */
import Fastify, { type FastifyInstance, type FastifyServerOptions, LogController } from 'fastify';
import type { Db } from './db';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { createErrorHandler, notFoundHandler } from '../common/error-handler';
import { createLayoutsRepository } from './content/layouts-repository';
import { createPagesRepository } from './content/pages-repository';
import { contentRoutes } from './content/content-routes';
import { imageRoutes } from './images/image-routes';
import { createAssetsRepository } from './images/assets-repository';
import { customerRoutes } from './accounts/customer-routes';
import { formRoutes } from './forms/form-routes';
import { shopPlugin } from './shop/shop-plugin';
import { createStationsRepository } from './stations/stations-repository';
import { createStationPages } from './stations/station-pages';
import { stationImportRoutes, type ImportTokens } from './stations/station-import-routes';
import { createStationLiveData } from './stations/station-live-data';
import { stationRoutes } from './stations/station-routes';

export interface OriginAppOptions {
  logger?: FastifyServerOptions['logger'];
  /** SITE_URLS (config.ts): the origins links in e-mails may point to; none: loopback only. */
  siteUrls?: readonly string[];
  /** PRICE_IMPORT_TOKEN and CHARGER_STATUS_IMPORT_TOKEN (config.ts); an import without one is off. */
  importTokens?: ImportTokens;
}

export function buildOriginApp(db: Db, options: OriginAppOptions = {}): FastifyInstance {
  const app = Fastify({
    logger: options.logger ?? false,
    bodyLimit: 256 * 1024,
    // Every request here comes from the site server, which logs it; the origin logs only
    // what goes wrong (its 5xx below, warnings of its plugins), not a line per request.
    logController: new LogController({ disableRequestLogging: true }),
  });

  // Route schemas are zod schemas (decision 008): a bad query, body or parameter is a 400
  // naming the field before the handler runs. No serializer compiler: no route declares a
  // response schema, and answers stay plain JSON.stringify.
  app.setValidatorCompiler(validatorCompiler);
  app.setErrorHandler(createErrorHandler({ failureLog: 'origin request failed' }));
  app.setNotFoundHandler(notFoundHandler);

  app.get('/healthz', async () => ({ status: 'ok' }));
  const stations = createStationsRepository(db);
  const live = createStationLiveData(db);
  contentRoutes(app, {
    pages: createPagesRepository(db),
    layouts: createLayoutsRepository(db),
    stationPages: createStationPages({ stations, live, assets: createAssetsRepository(db) }),
  });
  imageRoutes(app, { assets: createAssetsRepository(db) });
  customerRoutes(app, { db, siteUrls: options.siteUrls ?? [] });
  formRoutes(app, { db });
  void app.register(shopPlugin, { db });
  stationRoutes(app, { stations, live });
  stationImportRoutes(app, { db, tokens: options.importTokens ?? {} });
  return app;
}
