/**
 * Where the per-address rate limits count (docs/operations.md "Several instances"): in
 * this process's memory by default, or in Redis when REDIS_URL is set, so that every copy
 * of the site server behind a load balancer shares one count per address instead of each
 * granting the full limit. @fastify/rate-limit's own Redis store does the counting (one
 * Lua script per hit: INCR and PEXPIRE atomically); while Redis fails, its memory store
 * counts instead (rate-limit-store.ts, decision 009).
 */
import { Redis } from 'ioredis';
import { fallbackStore } from './rate-limit-store';

/**
 * Longest wait for Redis's answer to a limited request (rate-limit-store.ts withDeadline).
 * A limited request makes one command, so a hung Redis costs at most this (and a turn of
 * the event loop) before the request is counted locally: well inside the second a
 * limited request has to answer in (docs/operations.md).
 */
const REDIS_ANSWER_WITHIN_MS = 250;
/**
 * ioredis's own time-out, only an upper bound on how long a command of a hung Redis stays
 * queued in the client: the request has counted locally long before (REDIS_ANSWER_WITHIN_MS).
 * Set as short, it failed answers that had arrived while this process was busy, since
 * its timer ran before the socket was read.
 */
const REDIS_COMMAND_TIMEOUT_MS = 5000;

interface CounterOptions {
  /** The store counting in Redis with the local fallback, or undefined for memory. */
  store?: ReturnType<typeof fallbackStore>;
  /** Prefix of every key, so the counters can share a Redis with other data. */
  nameSpace: string;
}

export interface SharedCounters {
  /** Options for @fastify/rate-limit's registration (its `store` and `nameSpace`). */
  rateLimitOptions(area: string): CounterOptions;
  close(): Promise<void>;
}

export function openSharedCounters(
  redisUrl: string | undefined,
  options: {
    /** A Redis command of a limited request failed or timed out; that request counted in memory. */
    onStoreError?: (error: Error) => void;
    /** The connection to Redis failed or broke (ioredis 'error' events, also while reconnecting). */
    onConnectionError?: (error: Error) => void;
  } = {},
): SharedCounters {
  const redis = redisUrl
    ? new Redis(redisUrl, {
        // Every command answers or fails within the time-out (a hung Redis keeps its TCP
        // connection open, so without it a command waits for ever), and a command is
        // never queued while the client is not connected, nor retried on a new
        // connection: the request counts locally instead of waiting.
        commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
        enableOfflineQueue: false,
        maxRetriesPerRequest: 0,
        connectTimeout: 2000,
        lazyConnect: false,
      })
    : undefined;
  // ioredis reports connection trouble as 'error' events; unheard, they would end the process.
  // While Redis is down no command is even tried (the store counts in memory at once), so
  // these are what the metrics see of it.
  redis?.on('error', (error: Error) => options.onConnectionError?.(error));
  return {
    rateLimitOptions: (area) => {
      const nameSpace = `st1:rate:${area}:`;
      if (!redis) return { nameSpace };
      return {
        nameSpace,
        store: fallbackStore({
          redis,
          nameSpace,
          answerWithinMs: REDIS_ANSWER_WITHIN_MS,
          onStoreError: options.onStoreError,
        }),
      };
    },
    async close() {
      if (redis) await redis.quit().catch(() => redis.disconnect());
    },
  };
}
