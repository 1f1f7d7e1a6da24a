/**
 * The live streams' parts put together for the site server (decision 017): the hub, its
 * metrics, and what tells it of changes: the Redis subscription with REDIS_URL, else a
 * poll of the origin every LIVE_POLL_MS while a stream is open (the single-server default).
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Registry } from 'prom-client';
import type { SiteConfig } from '../config';
import type { OriginClient } from '../origin-client';
import { createLiveHub, type LiveHub } from './live-hub';
import { createLiveMetrics, type LiveMetrics } from './live-metrics';
import { subscribeLiveNotices } from './live-notices-subscriber';

interface LiveStreams {
  hub: LiveHub;
  metrics: LiveMetrics;
  close(): Promise<void>;
}

export function openLiveStreams(
  config: Pick<SiteConfig, 'redisUrl' | 'livePollMs'>,
  origin: OriginClient,
  registry: Registry,
  log: FastifyBaseLogger,
): LiveStreams {
  const metrics = createLiveMetrics(registry, () => hub.size);
  const hub = createLiveHub({
    fetchLive: (country, held) => origin.stationLive(country, held),
    log,
    pollMs: config.redisUrl ? undefined : config.livePollMs,
    observe: metrics,
  });
  const subscriber = config.redisUrl
    ? subscribeLiveNotices(config.redisUrl, {
        onNotice: (version) => hub.notice(version),
        onConnectionError: (error, firstOfOutage) => {
          metrics.subscriberError();
          // One line per outage: ioredis reports every reconnection attempt.
          if (firstOfOutage) log.warn({ err: error }, 'live notices: Redis subscription lost, reconnecting');
        },
      })
    : undefined;
  return {
    hub,
    metrics,
    async close() {
      hub.endAll();
      await subscriber?.close();
    },
  };
}
