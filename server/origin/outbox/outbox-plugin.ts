/**
 * The outbox as a plugin: mail and SMS that the shop, accounts and forms queue. A domain
 * queues a message together with its own rows in one `app.transaction` (unit-of-work.ts),
 * through `tx.outbox.messages`. Delivery (outbox-worker.ts) is started by start.ts. It
 * also answers the site servers' reads of the log of page changes (page-changes.ts).
 */
import fp from 'fastify-plugin';
import { createOutboxRepositories } from './outbox-repositories';
import { observeOutbox } from './outbox-metrics';
import { NO_CACHE_PURGES, type CachePurges } from './cache-purges';
import { zodRoutes } from '../../common/zod-routes';
import { contentApi } from '#shared/api/content';
import { routeSchema } from '#shared/api/endpoint';

/** Rows of the log in one answer; a site server further behind drops everything. */
const PAGE_CHANGES_PER_ANSWER = 1000;

declare module 'fastify' {
  interface FastifyInstance {
    /** Purges by surrogate key, queued here with the change that needs them (cache-purges.ts). */
    cachePurges: CachePurges;
  }
}

export const outboxPlugin = fp<{ purges?: CachePurges | undefined }>(
  async (app, options) => {
    const { messages } = app.provideRepositories('outbox', createOutboxRepositories);
    app.decorate('cachePurges', options.purges ?? NO_CACHE_PURGES);
    observeOutbox(app.metrics, messages);
    // The log of page changes, for the site servers' render caches (page-changes.ts).
    zodRoutes(app).get('/cms-view/v1/page-changes', { schema: routeSchema(contentApi.pageChanges) }, (request) =>
      messages.pageChangesAfter(request.query.after, PAGE_CHANGES_PER_ANSWER),
    );
  },
  { name: 'outbox', fastify: '5.x', dependencies: ['unit-of-work'] },
);
