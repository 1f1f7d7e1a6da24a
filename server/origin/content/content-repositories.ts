/**
 * The content domain's repositories on one connection: the database (its plugin's decorator)
 * or a transaction of the unit of work (unit-of-work.ts), which builds them once per
 * transaction from this factory.
 */
import type { ContentDb } from './content-tables';
import { createPagesRepository } from './pages-repository';
import { createLayoutsRepository } from './layouts-repository';
import { createContentSyncRepository } from './content-sync-repository';

export function createContentRepositories(db: ContentDb) {
  return {
    pages: createPagesRepository(db),
    layouts: createLayoutsRepository(db),
    syncs: createContentSyncRepository(db),
  };
}

type ContentRepositories = ReturnType<typeof createContentRepositories>;

declare module '../unit-of-work' {
  interface Repositories {
    content: ContentRepositories;
  }
}
