/**
 * GET /api/v1/stations/live-stream (src/shared/api/site.ts `stationLiveStream`, decision
 * 017): a country's live data as Server-Sent Events while a locator or station page is
 * open. The stream itself only holds the connection; what it sends comes from the hub
 * (live-stream/live-hub.ts), which reads the origin once per change for all streams.
 *
 * Never compressed (a compressor holds bytes back) and never shed by load shedding (an
 * open stream is not work in flight): the cap LIVE_STREAMS_MAX bounds them instead, and
 * streams are ended when the server closes, so that shutdown does not wait on them.
 */
import { PassThrough } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { requestSchema } from '#shared/api/endpoint';
import { siteApi } from '#shared/api/site';
import { zodRoutes } from '../../common/zod-routes';
import { PRIVATE_NO_STORE } from '../edge-cache';
import { HttpError } from '../errors';
import { NEVER_SHED } from '../plugins/load-shedding';
import type { LiveHub, LiveStream } from '../live-stream/live-hub';
import type { LiveMetrics } from '../live-stream/live-metrics';

/** How long a browser waits before opening a stream again after it broke (SSE `retry`). */
const STREAM_RETRY_MS = 5000;

/** How long a browser refused at the cap waits before it asks again. */
const REFUSED_RETRY_AFTER_S = 60;

/** `Last-Event-ID` as the live version it names, when it is one. */
function lastEventVersion(header: string | string[] | undefined): number | undefined {
  if (typeof header !== 'string' || !/^\d{1,15}$/.test(header)) return undefined;
  const version = Number(header);
  return version > 0 ? version : undefined;
}

export async function liveStreamRoutes(
  fastify: FastifyInstance,
  options: { hub: LiveHub; maxStreams: number; metrics: LiveMetrics },
) {
  const { hub, maxStreams, metrics } = options;
  const app = zodRoutes(fastify);
  const contract = siteApi.stationLiveStream;
  // Shutdown ends the streams before the server waits for its requests to finish.
  app.addHook('preClose', async () => hub.endAll());

  app.get(
    `/${contract.path}`,
    { schema: requestSchema(contract), config: NEVER_SHED, compress: false },
    async (request, reply) => {
      if (hub.size >= maxStreams) {
        metrics.refused();
        throw new HttpError(503, 'OVERLOADED', 'Too many live streams are open; the page syncs by itself meanwhile', {
          headers: { 'retry-after': String(REFUSED_RETRY_AFTER_S) },
        });
      }
      const { country, since, dataset } = request.query;
      const body = new PassThrough();
      const stream: LiveStream = {
        country,
        dataset,
        // An EventSource that reconnects by itself names the last version it was sent.
        at: Math.max(since, lastEventVersion(request.headers['last-event-id']) ?? 0),
        // The browser may be gone (the stream destroyed) before the hub hears of it.
        write: (text) => {
          if (!body.writableEnded && !body.destroyed) body.write(text);
        },
        end: () => {
          if (!body.writableEnded && !body.destroyed) body.end();
        },
      };
      reply.raw.once('close', () => hub.close(stream));
      body.on('error', () => undefined); // a write racing the browser's disconnect
      body.write(`retry: ${STREAM_RETRY_MS}\n\n`);
      hub.open(stream).catch((error: unknown) => {
        // Without its catch-up the stream would skip changes: the browser syncs by delta instead.
        request.log.warn({ err: error, country }, 'live stream: resume failed, stream ended');
        stream.end();
      });
      return reply
        .header('content-type', 'text/event-stream; charset=utf-8')
        .header('cache-control', PRIVATE_NO_STORE)
        .header('x-accel-buffering', 'no')
        .send(body);
    },
  );
}
