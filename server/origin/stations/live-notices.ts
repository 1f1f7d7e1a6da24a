/**
 * Announces a committed live-data import to the site servers over Redis (decision 017,
 * docs/stations.md "Live while open"): one PUBLISH of the live version it took, after the
 * transaction committed, so a site server that hears it reads the change from the
 * database. Best effort: the import's answer never waits for Redis nor fails with it; a
 * lost notice delays the change until the next one, or until the app's delta sync.
 */
import { Redis } from 'ioredis';
import { liveNotice, STATION_LIVE_CHANNEL } from '../../common/station-live-notices';

export interface LiveNotices {
  /** The import that took `version` committed. */
  committed(version: number): void;
  close(): Promise<void>;
}

export function createLiveNotices(
  redisUrl: string,
  log: { warn: (object: object, message: string) => void },
): LiveNotices {
  const redis = new Redis(redisUrl, {
    // A notice is worth sending only now: never queued while disconnected, never retried.
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    commandTimeout: 1000,
    connectTimeout: 2000,
  });
  let failing = false;
  // Unheard 'error' events would end the process; one line per outage, not per attempt.
  redis.on('error', (error: Error) => {
    if (!failing) log.warn({ err: error }, 'live notices: Redis unavailable, site servers hear of imports late');
    failing = true;
  });
  redis.on('ready', () => {
    failing = false;
  });
  return {
    committed(version) {
      redis.publish(STATION_LIVE_CHANNEL, liveNotice(version)).catch((error: unknown) => {
        if (!failing) log.warn({ err: error }, 'live notice not published');
      });
    },
    async close() {
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}
