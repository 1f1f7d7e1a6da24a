/**
 * The images domain's repositories on one connection: the database (its plugin's decorator)
 * or a transaction of the unit of work (unit-of-work.ts), which builds them once per
 * transaction from this factory.
 */
import type { ImagesDb } from './image-tables';
import { createAssetsRepository } from './assets-repository';

export function createImagesRepositories(db: ImagesDb) {
  return {
    assets: createAssetsRepository(db),
  };
}

type ImagesRepositories = ReturnType<typeof createImagesRepositories>;

declare module '../unit-of-work' {
  interface Repositories {
    images: ImagesRepositories;
  }
}
