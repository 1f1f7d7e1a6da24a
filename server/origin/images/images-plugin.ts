/**
 * The images domain as a plugin: GET /images/{id} and, as its public service, the assets
 * repository (the stations plugin reads the station pages' hero image from it).
 */
import fp from 'fastify-plugin';
import type { AssetsRepository } from './assets-repository';
import { createImagesRepositories } from './images-repositories';
import { imageRoutes } from './image-routes';

declare module 'fastify' {
  interface FastifyInstance {
    images: { assets: AssetsRepository };
  }
}

export const imagesPlugin = fp(
  async (app) => {
    const { assets } = app.provideRepositories('images', createImagesRepositories);
    app.decorate('images', { assets });
    imageRoutes(app, { assets });
  },
  { name: 'images', fastify: '5.x', dependencies: ['unit-of-work'] },
);
