/**
 * The outbox as a plugin: mail and SMS that the shop, accounts and forms queue. A domain
 * that queues a message together with its own rows imports `createOutboxRepository` and
 * builds it on its transaction (the allowed sibling import, docs/design.md); outside a
 * transaction it uses `app.outbox`. Delivery (outbox-worker.ts) is started by start.ts.
 */
import fp from 'fastify-plugin';
import type { Db } from '../db';
import { createOutboxRepository, type OutboxRepository } from './outbox-repository';

declare module 'fastify' {
  interface FastifyInstance {
    outbox: OutboxRepository;
  }
}

export const outboxPlugin = fp<{ db: Db }>(
  async (app, options) => {
    app.decorate('outbox', createOutboxRepository(options.db));
  },
  { name: 'outbox', fastify: '5.x' },
);
