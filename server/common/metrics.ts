/**
 * Prometheus metrics shared by the site server and the origin (docs/operations.md
 * "Metrics", decision 010): prom-client registries, the per-route request metrics both
 * servers keep, and the separate listener that serves `/metrics` (METRICS_PORT for the site
 * server, ORIGIN_METRICS_PORT for the origin). Never on the public port: the metrics name
 * routes, volumes and failures an outsider has no business reading.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import { z } from 'zod';

export { Registry };

/** Seconds; a page render is a few milliseconds, an origin timeout 8 s. */
export const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** METRICS_HOST: where the metrics listeners bind; loopback unless told otherwise. */
export const metricsHostSchema = z.string().min(1).default('127.0.0.1');
/** A metrics port variable: unset is off; 0 takes a free port (tests), which the start line names. */
export const metricsPortSchema = z.coerce.number().int().min(0).max(65535).optional();

export interface MetricsListenerConfig {
  host: string;
  /** Undefined: no metrics listener. */
  port: number | undefined;
}

/**
 * A registry with Node's default metrics (CPU, memory, heap, handles, garbage collection
 * and the event loop's lag, `nodejs_eventloop_lag_seconds`), for a process or a thread that
 * serves metrics.
 */
export function createProcessRegistry(): Registry {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  return registry;
}

/** The route label: the route's pattern (bounded), never the raw URL; 'unmatched' for a 404 without a route. */
function routeOf(request: FastifyRequest): string {
  return request.routeOptions.url ?? 'unmatched';
}

/**
 * Per-route request metrics: `http_request_duration_seconds` (its `_count` is the request
 * rate; `status_code` gives the errors) and `http_requests_in_flight`. `inFlight` reads the
 * server's own count (server/common/lifecycle.ts) so the gauge and /readyz agree.
 */
export function observeRequests(app: FastifyInstance, registry: Registry, inFlight: () => number): void {
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from the request to its answer, by method, route pattern and status code',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: DURATION_BUCKETS,
    registers: [registry],
  });
  new Gauge({
    name: 'http_requests_in_flight',
    help: 'Requests received and not yet answered',
    registers: [registry],
    collect() {
      this.set(inFlight());
    },
  });
  app.addHook('onResponse', async (request, reply) => {
    duration.labels(request.method, routeOf(request), String(reply.statusCode)).observe(reply.elapsedTime / 1000);
  });
}

export interface MetricsListener {
  /** http://host:port/metrics */
  url: string;
  close(): Promise<void>;
}

/**
 * Serves `GET /metrics` of `registry` on its own port (node:http: one route, no need for
 * the public server's plugins). Anything else is a 404.
 */
export async function serveMetrics(
  registry: Registry,
  config: { host: string; port: number },
): Promise<MetricsListener> {
  const server = http.createServer((request, response) => {
    const path = (request.url ?? '').split('?')[0];
    if (path !== '/metrics' || (request.method !== 'GET' && request.method !== 'HEAD')) {
      response.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not found: GET /metrics\n');
      return;
    }
    registry.metrics().then(
      (text) => {
        response.writeHead(200, { 'content-type': registry.contentType, 'cache-control': 'no-store' });
        response.end(request.method === 'HEAD' ? undefined : text);
      },
      (error: unknown) => {
        response.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' });
        response.end(`Metrics failed: ${error instanceof Error ? error.message : String(error)}\n`);
      },
    );
  });
  // A scraper that keeps its connection open must not hold up a shutdown.
  server.keepAliveTimeout = 5000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.port, config.host, () => resolve());
  });
  const { address, port } = server.address() as AddressInfo;
  const host = address.includes(':') ? `[${address}]` : address;
  return {
    url: `http://${host}:${port}/metrics`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
