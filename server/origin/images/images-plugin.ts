/**
 * The images domain as a plugin: GET /images/{id} and, as its public service, the assets
 * repository (the stations plugin reads the station pages' hero image from it).
 */
import fp from 'fastify-plugin';
import type { Db } from '../db';
import { createAssetsRepository, type AssetsRepository } from './assets-repository';
import { imageRoutes } from './image-routes';

declare module 'fastify' {
  interface FastifyInstance {
    images: { assets: AssetsRepository };
  }
}

export const imagesPlugin = fp<{ db: Db }>(
  async (app, options) => {
    const assets = createAssetsRepository(options.db);
    app.decorate('images', { assets });
    imageRoutes(app, { assets });
  },
  { name: 'images', fastify: '5.x' },
);
