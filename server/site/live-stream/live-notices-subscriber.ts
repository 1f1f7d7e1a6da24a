/**
 * The site server's one Redis subscription to the origin's live-data notices (decision
 * 017): one connection per process, whatever the number of open streams. ioredis
 * reconnects by itself and subscribes again; a notice published while it was away is
 * lost, so every return of the connection counts as a notice of an unknown version (the
 * hub reads each country once, conditionally).
 */
import { Redis } from 'ioredis';
import { readLiveNotice, STATION_LIVE_CHANNEL } from '../../common/station-live-notices';

interface LiveNoticesSubscriber {
  close(): Promise<void>;
}

export function subscribeLiveNotices(
  redisUrl: string,
  handlers: {
    /** A notice of `version`, or undefined after a reconnection (what was missed is unknown). */
    onNotice: (version: number | undefined) => void;
    /** The connection failed or broke (ioredis 'error' events, also while reconnecting). */
    onConnectionError: (error: Error, firstOfOutage: boolean) => void;
  },
): LiveNoticesSubscriber {
  const redis = new Redis(redisUrl, {
    connectTimeout: 2000,
    // A subscriber waits for notices; its SUBSCRIBE may wait for the connection.
    maxRetriesPerRequest: null,
    // Reconnect within 2 s at most, for ever.
    retryStrategy: (times) => Math.min(times * 200, 2000),
  });
  let subscribedOnce = false;
  let failing = false;
  redis.on('error', (error: Error) => {
    handlers.onConnectionError(error, !failing);
    failing = true;
  });
  redis.on('ready', () => {
    failing = false;
    // ioredis subscribes again on 'ready' after a reconnection.
    if (subscribedOnce) handlers.onNotice(undefined);
  });
  redis.on('message', (channel: string, message: string) => {
    if (channel !== STATION_LIVE_CHANNEL) return;
    const version = readLiveNotice(message);
    if (version !== undefined) handlers.onNotice(version);
  });
  void redis.subscribe(STATION_LIVE_CHANNEL).then(
    () => {
      subscribedOnce = true;
    },
    () => undefined, // reported through 'error'; retried on reconnection
  );
  return {
    // Nothing to finish on a subscription: dropped at once, also while (re)connecting,
    // when a QUIT would wait in the offline queue for a Redis that may not come back.
    async close() {
      redis.disconnect();
    },
  };
}
