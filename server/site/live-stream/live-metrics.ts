/**
 * The live streams' metrics (docs/operations.md "Metrics"): streams open now, streams
 * refused at the cap, events sent by kind, reads of the origin by what started them, and
 * failures of the Redis subscription. Labels from fixed sets only.
 */
import { Counter, Gauge, type Registry } from 'prom-client';

export interface LiveMetrics {
  refused(): void;
  sent(kind: 'live' | 'version' | 'resync', streams: number): void;
  read(cause: 'notice' | 'poll' | 'resume'): void;
  subscriberError(): void;
}

export function createLiveMetrics(registry: Registry, openStreams: () => number): LiveMetrics {
  new Gauge({
    name: 'st1_live_streams_open',
    help: 'Live-data streams (Server-Sent Events) open on this process',
    registers: [registry],
    collect() {
      this.set(openStreams());
    },
  });
  const refused = new Counter({
    name: 'st1_live_streams_refused_total',
    help: 'Live-data streams refused with a 503 because LIVE_STREAMS_MAX were open',
    registers: [registry],
  });
  const sent = new Counter({
    name: 'st1_live_stream_events_total',
    help: 'Messages written to live streams, by kind (live: changed rows; version: the version alone; resync: sync in full)',
    labelNames: ['kind'] as const,
    registers: [registry],
  });
  const reads = new Counter({
    name: 'st1_live_origin_reads_total',
    help: 'Reads of the origin’s live channel for the streams, by cause (notice: Redis; poll: no Redis; resume: a stream opened on another version)',
    labelNames: ['cause'] as const,
    registers: [registry],
  });
  const subscriberErrors = new Counter({
    name: 'st1_live_notice_subscriber_errors_total',
    help: 'Connection errors of the Redis subscription to the origin’s live-data notices',
    registers: [registry],
  });
  refused.inc(0);
  subscriberErrors.inc(0);
  for (const kind of ['live', 'version', 'resync'] as const) sent.labels(kind).inc(0);
  for (const cause of ['notice', 'poll', 'resume'] as const) reads.labels(cause).inc(0);
  return {
    refused: () => refused.inc(),
    sent: (kind, streams) => sent.labels(kind).inc(streams),
    read: (cause) => reads.labels(cause).inc(),
    subscriberError: () => subscriberErrors.inc(),
  };
}
