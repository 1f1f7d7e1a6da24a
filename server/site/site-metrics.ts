/**
 * The site server's own metrics (docs/operations.md "Metrics"), beside the per-route
 * request metrics of server/common/metrics.ts: requests shed under overload, the calls to
 * the origin, the render and markup caches, and failures of the shared rate-limit store.
 * Label values are from fixed sets (an origin endpoint is a contract path or one of the
 * forwarded areas), so the number of series stays bounded whatever the requests are.
 */
import { Counter, Histogram, type Registry } from 'prom-client';
import { DURATION_BUCKETS } from '../common/metrics';

/** Why a call to the origin failed. */
export type OriginFailure = 'timeout' | 'unreachable' | 'server_error' | 'bad_answer';

export interface SiteMetrics {
  registry: Registry;
  /** A request answered 503 by load shedding (plugins/load-shedding.ts). */
  shed(reason: 'in_flight' | 'event_loop_delay'): void;
  /** Starts timing a call to the origin; call the result once with its outcome. */
  originCall(endpoint: string): (failure?: OriginFailure) => void;
  renderCache(result: 'hit' | 'miss' | 'refresh'): void;
  /** A command of the shared rate-limit store (Redis) failed or timed out, or its connection failed. */
  rateLimitStoreError(): void;
}

/**
 * `markupCacheStats` reads the server bundle's own counters (src/ui/markup-cache.tsx): the
 * bundle is browser code and stays free of prom-client, so the numbers are read at scrape.
 */
export function createSiteMetrics(
  registry: Registry,
  markupCacheStats: () => { hits: number; misses: number } = () => ({ hits: 0, misses: 0 }),
): SiteMetrics {
  const shed = new Counter({
    name: 'st1_http_requests_shed_total',
    help: 'Requests answered 503 OVERLOADED at once by load shedding, by reason',
    labelNames: ['reason'] as const,
    registers: [registry],
  });
  const originDuration = new Histogram({
    name: 'st1_origin_request_duration_seconds',
    help: 'Time of the site server’s calls to the origin (to the answer’s headers for forwarded ones), by endpoint and result',
    labelNames: ['endpoint', 'result'] as const,
    buckets: DURATION_BUCKETS,
    registers: [registry],
  });
  const originErrors = new Counter({
    name: 'st1_origin_request_errors_total',
    help: 'Calls to the origin that failed: timeout, unreachable, server_error (a 5xx) or bad_answer',
    labelNames: ['endpoint', 'reason'] as const,
    registers: [registry],
  });
  const renderCache = new Counter({
    name: 'st1_render_cache_lookups_total',
    help: 'Lookups of the render cache of anonymous pages (RENDER_CACHE_TTL_MS), by result (refresh: asked for with Cache-Control: no-cache)',
    labelNames: ['result'] as const,
    registers: [registry],
  });
  new Counter({
    name: 'st1_markup_cache_lookups_total',
    help: 'Lookups of the server render’s markup cache of layout parts, by result',
    labelNames: ['result'] as const,
    registers: [registry],
    collect() {
      const stats = markupCacheStats();
      this.reset();
      this.labels('hit').inc(stats.hits);
      this.labels('miss').inc(stats.misses);
    },
  });
  const storeErrors = new Counter({
    name: 'st1_rate_limit_store_errors_total',
    help: 'Failures of the shared rate-limit store (Redis): commands that failed or timed out, and connection errors',
    registers: [registry],
  });
  // Zero from the start, so that rate() and increase() see the first error.
  for (const result of ['hit', 'miss', 'refresh'] as const) renderCache.labels(result).inc(0);
  for (const reason of ['in_flight', 'event_loop_delay'] as const) shed.labels(reason).inc(0);
  storeErrors.inc(0);

  return {
    registry,
    shed: (reason) => shed.labels(reason).inc(),
    originCall(endpoint) {
      const end = originDuration.startTimer({ endpoint });
      return (failure) => {
        end({ result: failure ? 'error' : 'ok' });
        if (failure) originErrors.labels(endpoint, failure).inc();
      };
    },
    renderCache: (result) => renderCache.labels(result).inc(),
    rateLimitStoreError: () => storeErrors.inc(),
  };
}
