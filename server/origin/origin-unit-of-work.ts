/**
 * The unit of work of the origin's composition outside Fastify: the seed, the content
 * sync, the command line and the scripts and tests that write as the origin does. Inside
 * the app each domain plugin provides its own factory (app.ts); here every domain's is
 * provided at once, so that a seed or a sync writes through the owning domain's
 * repositories in the transactions the app would use.
 */
import type { Db } from './database-schema';
import { createUnitOfWork, type UnitOfWork } from './unit-of-work';
import { createAccountsRepositories } from './accounts/accounts-repositories';
import { createAuthRepositories } from './auth/auth-repositories';
import { createContentRepositories } from './content/content-repositories';
import { createFormsRepositories } from './forms/forms-repositories';
import { createImagesRepositories } from './images/images-repositories';
import { createOutboxRepositories } from './outbox/outbox-repositories';
import { createShopRepositories } from './shop/shop-repositories';
import { createStationsRepositories } from './stations/stations-repositories';

export function createOriginUnitOfWork(db: Db): UnitOfWork {
  const work = createUnitOfWork(db);
  work.provide('auth', createAuthRepositories);
  work.provide('outbox', createOutboxRepositories);
  work.provide('images', createImagesRepositories);
  work.provide('content', createContentRepositories);
  work.provide('stations', createStationsRepositories);
  work.provide('accounts', createAccountsRepositories);
  work.provide('forms', createFormsRepositories);
  work.provide('shop', createShopRepositories);
  return work;
}
