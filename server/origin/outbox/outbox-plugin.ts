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

declare module 'fastify' {
  interface FastifyInstance {
    outbox: OutboxRepository;
  }
}

export const outboxPlugin = fp<{ db: Db }>(
  async (app, options) => {
    const outbox = createOutboxRepository(options.db);
    app.decorate('outbox', outbox);
    observeOutbox(app.metrics, outbox);
  },
  { name: 'outbox', fastify: '5.x' },
);
