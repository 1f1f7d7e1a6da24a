/**
 * The outbox worker (docs/accounts.md "Mail delivery"): takes due e-mails from the outbox
 * one at a time and hands them to the mail transport, apart from the requests that wrote
 * them (a request only inserts its row). Every origin process runs one; the claim in the
 * repository makes each row go out once however many run on one database.
 */
import type { FastifyBaseLogger } from 'fastify';
import { isLocale } from '#shared/locales';
import type { MailConfig } from './mail-config';
import type { MailTransport } from './mail-transport';
import type { ClaimedMessage, OutboxRepository } from './outbox-repository';
import { failureOutcome } from './retry-policy';
import type { CachePurges } from './cache-purges';

export interface OutboxWorker {
  /** Delivers what is due now, then every poll interval. */
  start(): void;
  /** Stops taking rows, lets the row in flight finish, closes the transport. */
  stop(): Promise<void>;
  /** Delivers every row due now (tests, and each tick): how many it handled. */
  runOnce(): Promise<number>;
}

export interface OutboxWorkerDeps {
  /** The outbox's repository on the database (the composition's unit of work). */
  outbox: OutboxRepository;
  transport: MailTransport;
  config: Pick<MailConfig, 'senders' | 'pollIntervalMs' | 'maxAttempts' | 'retryBaseMs' | 'smtpTimeoutMs'>;
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  now?: () => Date;
  /** Cache purges (cache-purges.ts): each tick also sends the purges due, retrying failed ones. */
  purges?: CachePurges;
}

// eslint-disable-next-line max-lines-per-function -- delivery, polling and shutdown share the closure's state (stopping, the timer, the pass under way)
export function createOutboxWorker(deps: OutboxWorkerDeps): OutboxWorker {
  const { outbox } = deps;
  const now = deps.now ?? (() => new Date());
  // A claim outlives any one SMTP attempt (each of its three time-outs), so a slow but
  // live worker never has its row taken over; a dead worker's row is taken after it.
  const leaseMs = Math.max(60_000, 10 * deps.config.smtpTimeoutMs);
  let stopping = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<number> | undefined;

  function senderOf(locale: string | null): string {
    return locale && isLocale(locale) ? deps.config.senders[locale] : deps.config.senders.default;
  }

  async function deliver(message: ClaimedMessage): Promise<void> {
    const from = senderOf(message.locale);
    const domain = /@([^>\s]+)>?\s*$/.exec(from)?.[1] ?? 'localhost';
    try {
      await deps.transport.send({
        outboxId: message.id,
        from,
        to: message.recipient,
        subject: message.subject,
        text: message.body,
        ...(message.html ? { html: message.html } : {}),
        messageId: `<outbox-${message.id}-${Date.parse(message.createdAt)}@${domain}>`,
      });
    } catch (error) {
      const reason = error instanceof Error ? error.message.slice(0, 500) : String(error);
      const outcome = failureOutcome(error, message.attempts, { ...deps.config, now: now() });
      if (outcome.kind === 'dead') {
        await outbox.markDead(message, reason);
        deps.log.error(
          { outboxId: message.id, attempts: message.attempts, err: error },
          'outbox mail dead-lettered: no more attempts',
        );
      } else {
        await outbox.markForRetry(message, outcome.at, reason);
        deps.log.warn(
          { outboxId: message.id, attempts: message.attempts, nextAttemptAt: outcome.at.toISOString(), err: error },
          'outbox mail failed; will retry',
        );
      }
      return;
    }
    if (!(await outbox.markDelivered(message, now())))
      deps.log.warn({ outboxId: message.id }, 'outbox mail sent after its claim ran out');
    else deps.log.info({ outboxId: message.id, attempts: message.attempts }, 'outbox mail delivered');
  }

  async function drain(): Promise<number> {
    let handled = 0;
    while (!stopping) {
      const message = await outbox.claimNext(now(), leaseMs);
      if (!message) break;
      await deliver(message);
      handled += 1;
    }
    if (!stopping && deps.purges) handled += await deps.purges.deliverDue();
    return handled;
  }

  // One run at a time: a tick that finds the previous run still going waits for the next.
  function runOnce(): Promise<number> {
    running ??= drain().finally(() => {
      running = undefined;
    });
    return running;
  }

  function schedule(): void {
    if (stopping) return;
    timer = setTimeout(() => {
      runOnce()
        .catch((error: unknown) => deps.log.error({ err: error }, 'outbox run failed'))
        .finally(schedule);
    }, deps.config.pollIntervalMs);
    timer.unref();
  }

  return {
    start() {
      stopping = false;
      void runOnce()
        .catch((error: unknown) => deps.log.error({ err: error }, 'outbox run failed'))
        .finally(schedule);
    },
    async stop() {
      stopping = true;
      clearTimeout(timer);
      await running?.catch(() => undefined);
      deps.transport.close();
    },
    runOnce,
  };
}
