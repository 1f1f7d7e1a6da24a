/**
 * Where the per-address rate limits count (docs/operations.md "Several instances"): in
 * this process's memory by default, or in Redis when REDIS_URL is set, so that every copy
 * of the site server behind a load balancer shares one count per address instead of each
 * granting the full limit. @fastify/rate-limit's own Redis store does the counting (one
 * Lua script per hit: INCR and PEXPIRE atomically).
 */
import { Redis } from 'ioredis';

interface CounterOptions {
  /** The shared client, or undefined for memory. */
  redis?: Redis;
  /** Prefix of every key, so the counters can share a Redis with other data. */
  nameSpace: string;
}

export interface SharedCounters {
  /** Options for @fastify/rate-limit's registration (its `redis` and `nameSpace`). */
  rateLimitOptions(area: string): CounterOptions;
  close(): Promise<void>;
}

export function openSharedCounters(
  redisUrl: string | undefined,
  options: { onStoreError?: (error: unknown) => void } = {},
): SharedCounters {
  const redis = redisUrl
    ? new Redis(redisUrl, {
        // A request waits for at most one reconnection; a Redis that is down fails the
        // limited request (fail closed) rather than letting it through uncounted.
        maxRetriesPerRequest: 1,
        connectTimeout: 2000,
        lazyConnect: false,
      })
    : undefined;
  // ioredis reports connection trouble as 'error' events; unheard, they would end the process.
  // Each is a store error for the metrics (st1_rate_limit_store_errors_total).
  redis?.on('error', (error: unknown) => options.onStoreError?.(error));
  return {
    rateLimitOptions: (area) => ({ ...(redis ? { redis } : {}), nameSpace: `st1:rate:${area}:` }),
    async close() {
      if (redis) await redis.quit().catch(() => redis.disconnect());
    },
  };
}
