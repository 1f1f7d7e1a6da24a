/**
 * The embedded origin: the upstream APIs of spec §7 as a real backend on loopback.
 * One error handler answers `{ status, code, message }` and hides 5xx details.
 */
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { Db } from './db';
import { HttpError } from './errors';
import { createLayoutsRepository } from './content/layouts-repository';
import { createPagesRepository } from './content/pages-repository';
import { contentRoutes } from './content/content-routes';
import { imageRoutes } from './images/image-routes';
import { createAssetsRepository } from './images/assets-repository';
import { customerRoutes } from './accounts/customer-routes';
import { formRoutes } from './forms/form-routes';
import { shopPlugin } from './shop/shop-plugin';
import { createStationsRepository } from './stations/stations-repository';
import { createStationPages, stationRoutes } from './stations/station-routes';

export function buildOriginApp(db: Db, options: { logger?: FastifyServerOptions['logger'] } = {}): FastifyInstance {
  const app = Fastify({
    logger: options.logger ?? false,
    bodyLimit: 256 * 1024,
    // Every request here comes from the site server, which logs it; the origin logs only
    // what goes wrong (its 5xx below, warnings of its plugins), not a line per request.
    disableRequestLogging: true,
  });

  app.setErrorHandler((error, request, reply) => {
    if (error instanceof HttpError) {
      return reply
        .status(error.status)
        .send({ ...error.details, status: error.status, code: error.code, message: error.message });
    }
    const status =
      typeof (error as { statusCode?: unknown }).statusCode === 'number'
        ? (error as { statusCode: number }).statusCode
        : 500;
    if (status < 500) {
      return reply.status(status).send({ status, code: 'BAD_REQUEST', message: (error as Error).message });
    }
    request.log.error({ err: error }, 'origin request failed');
    return reply.status(500).send({ status: 500, code: 'INTERNAL_SERVER_ERROR', message: 'Internal server error' });
  });
  app.setNotFoundHandler((request, reply) =>
    reply.status(404).send({
      status: 404,
      code: 'NOT_FOUND',
      message: `No such endpoint: ${request.method} ${request.url.split('?')[0]?.slice(0, 200)}`,
    }),
  );

  app.get('/healthz', async () => ({ status: 'ok' }));
  const stations = createStationsRepository(db);
  contentRoutes(app, {
    pages: createPagesRepository(db),
    layouts: createLayoutsRepository(db),
    stationPages: createStationPages({ stations, assets: createAssetsRepository(db) }),
  });
  imageRoutes(app, { assets: createAssetsRepository(db) });
  customerRoutes(app, { db });
  formRoutes(app, { db });
  void app.register(shopPlugin, { db });
  stationRoutes(app, { stations });
  return app;
}
