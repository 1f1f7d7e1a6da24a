/**
 * The outbox as a plugin: mail and SMS that the shop, accounts and forms queue. A domain
 * queues a message together with its own rows in one `app.transaction` (unit-of-work.ts),
 * through `tx.outbox.messages`. Delivery (outbox-worker.ts) is started by start.ts.
 */
import fp from 'fastify-plugin';
import { createOutboxRepositories } from './outbox-repositories';
import { observeOutbox } from './outbox-metrics';
import { NO_CACHE_PURGES, type CachePurges } from './cache-purges';

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
  },
  { name: 'outbox', fastify: '5.x', dependencies: ['unit-of-work'] },
);
