/**
 * The outbox domain's repositories on one connection: the database (its plugin's decorator)
 * or a transaction of the unit of work (unit-of-work.ts), which builds them once per
 * transaction from this factory.
 */
import type { OutboxDb } from './outbox-tables';
import { createOutboxRepository } from './outbox-repository';

export function createOutboxRepositories(db: OutboxDb) {
  return {
    messages: createOutboxRepository(db),
  };
}

type OutboxRepositories = ReturnType<typeof createOutboxRepositories>;

declare module '../unit-of-work' {
  interface Repositories {
    outbox: OutboxRepositories;
  }
}
