/**
 * The outbox as a plugin: mail and SMS that the shop, accounts and forms queue. A domain
 * that queues a message together with its own rows imports `createOutboxRepository` and
 * builds it on its transaction (the allowed sibling import, docs/design.md); outside a
 * transaction it uses `app.outbox`. Delivery (outbox-worker.ts) is started by start.ts.
 */
import fp from 'fastify-plugin';
import type { Db } from '../db';
import { createOutboxRepository, type OutboxRepository } from './outbox-repository';
import { observeOutbox } from './outbox-metrics';
import { NO_CACHE_PURGES, type CachePurges } from './cache-purges';

declare module 'fastify' {
  interface FastifyInstance {
    outbox: OutboxRepository;
    /** Purges by surrogate key, queued here with the change that needs them (cache-purges.ts). */
    cachePurges: CachePurges;
  }
}

export const outboxPlugin = fp<{ db: Db; purges?: CachePurges | undefined }>(
  async (app, options) => {
    const outbox = createOutboxRepository(options.db);
    app.decorate('outbox', outbox);
    app.decorate('cachePurges', options.purges ?? NO_CACHE_PURGES);
    observeOutbox(app.metrics, outbox);
  },
  { name: 'outbox', fastify: '5.x' },
);
