/**
 * @fastify/rate-limit's Redis store with a local fallback (docs/operations.md "Several
 * instances", decision 009): while Redis fails (down, hung, or answering slower than the
 * command time-out) a limited request is counted in this copy's memory by the plugin's own
 * memory store instead of waiting for Redis or failing. So login, registration, resets,
 * forms and the wash-code check keep answering within a second whatever Redis does, and
 * each address still gets at most the limit once per copy (the origin's per-account
 * lock-out bounds password guessing whatever the site servers count).
 *
 * A circuit breaker keeps a hung Redis from costing every request a time-out: after a
 * failure, requests count locally for `retryAfterMs`; then one request probes Redis while
 * the others still count locally, and a probe that succeeds closes the breaker. A client
 * that is not connected (Redis dead, reconnecting) fails at once, without a probe's wait.
 *
 * A command that has not answered within `answerWithinMs` counts locally, but only after
 * the event loop has read what arrived meanwhile (`withDeadline`): a stall of this process
 * (a busy loop, a machine short of CPU) is not a hung Redis, and taking it for one opened
 * the breaker and split the shared counts whenever the copy was busy.
 */
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import LocalStore from '@fastify/rate-limit/store/LocalStore.js';
import RedisStore from '@fastify/rate-limit/store/RedisStore.js';
import type { Redis } from 'ioredis';

type Counted = { current: number; ttl: number };
type Callback = (error: Error | null, result?: Counted) => void;

/** What counts: the plugin's Redis store or its memory store. */
interface Counter {
  incr(key: string, callback: Callback, timeWindow: number, max: number): void;
}

/**
 * What the plugin passes to `new Store()` and `child()`: its merged limiter options (the
 * declared type says route options, which they extend).
 */
interface StoreRouteOptions {
  continueExceeding?: boolean;
  exponentialBackoff?: boolean;
  /** The limiter's name: required of limiters made with `createRateLimit()`/`rateLimit()`. */
  groupId?: string;
  routeInfo?: { method?: string | string[]; url?: string };
}

export interface FallbackStoreOptions {
  redis: Redis;
  /** Prefix of every key (e.g. `st1:rate:account:`). */
  nameSpace: string;
  /** How long after a failure requests count locally before Redis is tried again. */
  retryAfterMs?: number;
  /** Told of every failed Redis command (the metrics count them). */
  onStoreError?: (error: Error) => void;
  /** How long a limited request waits for Redis before it counts locally (see withDeadline). */
  answerWithinMs: number;
  /** Time source, for tests. */
  now?: () => number;
}

/** One per Redis client: every limiter's store shares what is known of Redis's health. */
interface Breaker {
  openUntil: number;
  probing: boolean;
}

/**
 * The part of a limiter's key that names it. The plugin's Redis store uses the route's
 * method and URL, which a limiter made with `createRateLimit()` does not have (the keys
 * read `undefinedundefined`); such a limiter must be given a `groupId`.
 */
function limiterName(options: StoreRouteOptions): string {
  const { routeInfo, groupId } = options;
  if (groupId) return groupId;
  if (routeInfo?.url) return `${String(routeInfo.method)}${routeInfo.url}`;
  throw new Error('A rate limiter without a route needs a groupId (its Redis key names it)');
}

/**
 * Sends with `send` and hands its answer to `settle`, or a time-out error once `waitMs` has
 * passed without one; whichever comes first, once. Timers run before I/O in each turn of
 * Node's event loop, so after a stall longer than the wait a plain timer fires before the
 * answer that already came is read: the time-out is declared from setImmediate instead,
 * which runs after that turn's I/O.
 */
export function withDeadline<T>(
  send: (done: (error: Error | null, result?: T) => void) => void,
  waitMs: number,
  settle: (error: Error | null, result?: T) => void,
): void {
  let settled = false;
  const finish = (error: Error | null, result?: T) => {
    if (settled) return;
    settled = true;
    clearTimeout(timer);
    settle(error, result);
  };
  const timer = setTimeout(() => setImmediate(() => finish(new Error(`No answer within ${waitMs} ms`))), waitMs);
  send(finish);
}

/** A store class to pass as @fastify/rate-limit's `store` option. */
export function fallbackStore(options: FallbackStoreOptions): FastifyRateLimitStoreCtor {
  const { redis, nameSpace, retryAfterMs = 5000, onStoreError, answerWithinMs } = options;
  const now = options.now ?? Date.now;
  const breaker: Breaker = { openUntil: 0, probing: false };

  /** Whether this request may use Redis; at most one request probes an open breaker. */
  function mayUseRedis(): { use: boolean; probe: boolean } {
    if (redis.status !== 'ready') return { use: false, probe: false };
    if (breaker.openUntil === 0) return { use: true, probe: false };
    if (breaker.probing || now() < breaker.openUntil) return { use: false, probe: false };
    breaker.probing = true;
    return { use: true, probe: true };
  }

  class FallbackStore implements FastifyRateLimitStore {
    constructor(
      private readonly shared: Counter,
      private readonly local: Counter,
    ) {}

    incr(key: string, callback: Callback, timeWindow: number, max: number): void {
      const { use, probe } = mayUseRedis();
      if (!use) return this.local.incr(key, callback, timeWindow, max);
      withDeadline<Counted>(
        (done) => this.shared.incr(key, done, timeWindow, max),
        answerWithinMs,
        (error, result) => {
          if (probe) breaker.probing = false;
          if (!error) {
            breaker.openUntil = 0;
            return callback(null, result);
          }
          breaker.openUntil = now() + retryAfterMs;
          onStoreError?.(error);
          this.local.incr(key, callback, timeWindow, max);
        },
      );
    }

    child(routeInfo: object): FastifyRateLimitStore {
      const routeOptions = routeInfo as StoreRouteOptions;
      return new FallbackStore(
        new RedisStore(
          routeOptions.continueExceeding,
          routeOptions.exponentialBackoff,
          redis,
          `${nameSpace}${limiterName(routeOptions)}:`,
        ),
        new LocalStore(routeOptions.continueExceeding, routeOptions.exponentialBackoff),
      );
    }
  }

  return class extends FallbackStore {
    constructor(options: object) {
      const params = options as StoreRouteOptions;
      super(
        new RedisStore(params.continueExceeding, params.exponentialBackoff, redis, nameSpace),
        new LocalStore(params.continueExceeding, params.exponentialBackoff),
      );
    }
  };
}
