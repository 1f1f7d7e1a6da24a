/**
 * Purges by surrogate key (docs/operations.md "A cache in front"): a change that alters
 * what pages show (a content sync, a layout, a station import) queues the keys it
 * touched in the outbox, in the transaction of the change itself, so a purge is never lost
 * to a crash or a cache that is down. They are sent at once, after the change commits and
 * apart from it (an import never waits for a cache), to every cache of CACHE_PURGE_URLS:
 * `PURGE <url>` with the keys in `Surrogate-Key` and `xkey-purge`. A purge that fails is
 * retried by the outbox worker with the mail's back-off (retry-policy.ts), until every
 * cache took it; purging a key twice does no harm.
 */
import type { FastifyBaseLogger } from 'fastify';
import { isKeyList } from '#shared/surrogate-keys';
import type { OutboxRepository } from './outbox-repository';
import { failureOutcome } from './retry-policy';

/** Keys per purge: the header stays far below a cache's limit (Varnish: 8 KB a header line). */
const KEYS_PER_PURGE = 100;
/** Longest wait for one cache's answer to a purge. */
const PURGE_TIMEOUT_MS = 5000;
/** A purge claim outlives the calls of one attempt to every cache. */
const LEASE_MS = 60_000;

export interface CachePurges {
  /** Whether any cache is configured: without one nothing is queued. */
  readonly enabled: boolean;
  /**
   * Queues a purge of these keys through `outbox` (built on the caller's transaction);
   * deduplicated, in batches. Each batch is logged as a page change as well, with or
   * without a cache: the site servers' render caches read that log (page-changes.ts).
   */
  enqueue(outbox: OutboxRepository, keys: Iterable<string>): Promise<void>;
  /** Sends what is due now, in the background: for after the change committed. */
  deliverSoon(): void;
  /** Sends what is due now (the outbox worker's tick, a command before it exits): how many purges. */
  deliverDue(): Promise<number>;
}

export interface CachePurgesDeps {
  /** The outbox's repository on the database (the composition's unit of work). */
  outbox: OutboxRepository;
  /** CACHE_PURGE_URLS: each cache's purge address, e.g. http://127.0.0.1:6081/. */
  urls: readonly string[];
  /** The mail's retry settings (mail-config.ts): attempts and back-off. */
  retry: { maxAttempts: number; retryBaseMs: number };
  log: Pick<FastifyBaseLogger, 'warn' | 'error'>;
  now?: () => Date;
}

/** The keys, deduplicated, space-separated in batches of KEYS_PER_PURGE. */
function keyBatches(keys: Iterable<string>): string[] {
  const unique = [...new Set(keys)];
  const batches: string[] = [];
  for (let start = 0; start < unique.length; start += KEYS_PER_PURGE)
    batches.push(unique.slice(start, start + KEYS_PER_PURGE).join(' '));
  return batches;
}

async function purgeAt(url: string, keys: string): Promise<void> {
  const response = await fetch(url, {
    method: 'PURGE',
    headers: { 'surrogate-key': keys, 'xkey-purge': keys },
    signal: AbortSignal.timeout(PURGE_TIMEOUT_MS),
  });
  await response.body?.cancel();
  if (!response.ok) throw new Error(`${url} answered the purge with ${response.status}`);
}

export function createCachePurges(deps: CachePurgesDeps): CachePurges {
  const { outbox } = deps;
  const now = deps.now ?? (() => new Date());
  const enabled = deps.urls.length > 0;
  let running: Promise<number> | undefined;

  async function deliverOne(): Promise<boolean> {
    const purge = await outbox.claimNext(now(), LEASE_MS, 'cache-purge');
    if (!purge) return false;
    try {
      if (!isKeyList(purge.body)) throw new Error('not a list of surrogate keys');
      await Promise.all(deps.urls.map((url) => purgeAt(url, purge.body)));
      await outbox.markDelivered(purge, now());
    } catch (error) {
      const reason = error instanceof Error ? error.message.slice(0, 500) : String(error);
      const outcome = failureOutcome(error, purge.attempts, { ...deps.retry, now: now() });
      if (outcome.kind === 'dead') {
        await outbox.markDead(purge, reason);
        deps.log.error({ outboxId: purge.id, err: error }, 'cache purge dead-lettered: no more attempts');
      } else {
        await outbox.markForRetry(purge, outcome.at, reason);
        deps.log.warn({ outboxId: purge.id, err: error }, 'cache purge failed; will retry');
      }
    }
    return true;
  }

  async function drain(): Promise<number> {
    let handled = 0;
    while (await deliverOne()) handled += 1;
    return handled;
  }

  // One pass at a time; a call during a pass waits for it and then starts another, so a
  // purge queued while one was running is not left for the next tick.
  async function deliverDue(): Promise<number> {
    if (!enabled) return 0;
    while (running) await running.catch(() => undefined);
    running = drain().finally(() => {
      running = undefined;
    });
    return running;
  }

  return {
    enabled,
    async enqueue(queue, keys) {
      for (const batch of keyBatches(keys)) {
        await queue.logPageChange(batch, now());
        if (enabled) await queue.enqueuePurge(batch, now());
      }
    },
    deliverSoon() {
      if (!enabled) return;
      void deliverDue().catch((error: unknown) => deps.log.error({ err: error }, 'cache purge run failed'));
    },
    deliverDue,
  };
}

/** No cache configured: nothing is queued or sent; the change is logged for the site servers. */
export const NO_CACHE_PURGES: CachePurges = {
  enabled: false,
  async enqueue(queue, keys) {
    for (const batch of keyBatches(keys)) await queue.logPageChange(batch);
  },
  deliverSoon: () => undefined,
  deliverDue: async () => 0,
};
