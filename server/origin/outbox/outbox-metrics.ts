/**
 * The outbox's metrics (docs/operations.md "Metrics"), read from the database at each
 * scrape: mail waiting to be delivered, how long the oldest has waited, and dead letters.
 * A queue that grows or ages means the SMTP server refuses or is away; dead letters are
 * mail nobody will send without an operator. With several origins on one PostgreSQL each
 * reports the same queue.
 */
import { Gauge, type Registry } from 'prom-client';
import type { OutboxRepository } from './outbox-repository';

export function observeOutbox(registry: Registry, outbox: OutboxRepository): void {
  new Gauge({
    name: 'st1_outbox_messages',
    help: 'E-mails in the outbox by delivery state (pending and sending are the queue; dead: given up)',
    labelNames: ['status'] as const,
    registers: [registry],
    async collect() {
      const counts = await outbox.countByStatus();
      for (const [status, count] of Object.entries(counts)) this.labels(status).set(count);
    },
  });
  new Gauge({
    name: 'st1_outbox_oldest_undelivered_age_seconds',
    help: 'How long the oldest e-mail not yet delivered (pending or sending) has waited; 0 when none waits',
    registers: [registry],
    async collect() {
      const oldest = await outbox.oldestUndelivered();
      this.set(oldest ? Math.max(0, (Date.now() - oldest.getTime()) / 1000) : 0);
    },
  });
}
