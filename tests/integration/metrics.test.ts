/**
 * The Prometheus metrics as a scraper reads them (docs/operations.md "Metrics"): `npm
 * start`'s server in a child process with METRICS_PORT and ORIGIN_METRICS_PORT, both
 * listeners scraped over HTTP. The named series exist, move when the product works (a page,
 * a shed burst, a station import, a password-reset mail, a Redis that is not there), and
 * /metrics is not served on the public port.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { distDir, requireProductionBuild } from './support/site-with-origin';
import { startServerProcess, type ServerProcess } from './support/server-process';
import { seededDatabaseEnv } from './support/test-database';

requireProductionBuild('tests/integration/metrics.test.ts');

const IMPORT_TOKEN = 'metrics-test-price-import-token-0123456789';

let server: ServerProcess;
let dataDir: string;
let siteMetricsUrl: string;
let originMetricsUrl: string;
let originUrl: string;

/** The samples of an exposition: `name{labels}` → value. */
async function scrape(url: string): Promise<Map<string, number>> {
  const response = await fetch(url);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
  const samples = new Map<string, number>();
  for (const line of (await response.text()).split('\n')) {
    const match = /^([a-zA-Z_:][\w:]*(?:\{[^}]*\})?) (\S+)$/.exec(line);
    if (match) samples.set(match[1]!, Number(match[2]));
  }
  return samples;
}

/** The sum of the samples of `name` whose labels include every `label="value"` given. */
function total(samples: Map<string, number>, name: string, ...labels: string[]): number {
  let sum = 0;
  for (const [series, value] of samples) {
    const [metric] = series.split('{');
    if (metric === name && labels.every((label) => series.includes(label))) sum += value;
  }
  return sum;
}

/**
 * A request to the site server whose headers have arrived and whose body never does: it
 * stays in flight (counted from its headers, onRequest) until its socket is destroyed.
 */
function heldRequest(url: string): Promise<Socket> {
  const { hostname, port, host } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => {
      socket.off('error', reject);
      socket.write(
        [
          'POST /api/v1/login HTTP/1.1',
          `Host: ${host}`,
          // What the login's CSRF check asks of a same-site request (csrf.ts), before the body.
          `Origin: http://${host}`,
          'X-St1-Locale: en-EU',
          'Content-Type: application/json',
          'Content-Length: 64',
          '\r\n',
        ].join('\r\n'),
      );
      resolve(socket);
    });
    socket.once('error', reject);
  });
}

const names = (samples: Map<string, number>) => new Set([...samples.keys()].map((series) => series.split('{')[0]));

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'st1-metrics-test-'));
  server = await startServerProcess('server/main.ts', {
    // The origin's metrics read its database at each scrape: SQLite, or PostgreSQL in that run.
    ...(await seededDatabaseEnv('metrics', dataDir)),
    DIST_DIR: distDir,
    METRICS_PORT: '0',
    ORIGIN_METRICS_PORT: '0',
    PRICE_IMPORT_TOKEN: IMPORT_TOKEN,
    // A few requests at once are enough to see shedding.
    SHED_MAX_IN_FLIGHT: '2',
    // Nothing listens there: each limited request's Redis command fails, and the copy counts
    // in memory instead (decision 009): a store error for the metrics.
    REDIS_URL: 'redis://127.0.0.1:9',
    LOG_LEVEL: 'silent',
  });
  const output = server.output();
  siteMetricsUrl = /Site metrics on (\S+)/.exec(output)![1]!;
  originMetricsUrl = /Origin metrics on (\S+)/.exec(output)![1]!;
  originUrl = /embedded at (http:\/\/\S+?),/.exec(output)![1]!;
}, 120_000);

afterAll(async () => {
  await server?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe('metrics listeners', () => {
  it('serve on loopback ports of their own, and not on the public port', async () => {
    expect(new URL(siteMetricsUrl).hostname).toBe('127.0.0.1');
    expect(new URL(originMetricsUrl).hostname).toBe('127.0.0.1');
    expect(new URL(siteMetricsUrl).port).not.toBe(new URL(server.url).port);
    const publicMetrics = await fetch(`${server.url}/metrics`);
    expect(publicMetrics.status).toBe(404);
    expect(await publicMetrics.text()).not.toContain('# TYPE');
    expect((await fetch(siteMetricsUrl.replace('/metrics', '/other'))).status).toBe(404);
  });

  it('name every series of the operator page', async () => {
    const site = names(await scrape(siteMetricsUrl));
    for (const name of [
      'http_request_duration_seconds_count',
      'http_requests_in_flight',
      'st1_http_requests_shed_total',
      'st1_render_cache_lookups_total',
      'st1_markup_cache_lookups_total',
      'st1_rate_limit_store_errors_total',
      'st1_live_streams_open',
      'st1_live_streams_refused_total',
      'st1_live_stream_events_total',
      'st1_live_origin_reads_total',
      'st1_live_notice_subscriber_errors_total',
      'nodejs_eventloop_lag_seconds',
      'process_cpu_seconds_total',
      'process_resident_memory_bytes',
    ])
      expect(site, name).toContain(name);
    const origin = names(await scrape(originMetricsUrl));
    for (const name of [
      'http_requests_in_flight',
      'st1_outbox_messages',
      'st1_outbox_oldest_undelivered_age_seconds',
      'st1_station_import_rows_total',
      'st1_station_newest_fuel_price_age_seconds',
      'st1_station_newest_charger_status_age_seconds',
      'nodejs_eventloop_lag_seconds',
    ])
      expect(origin, name).toContain(name);
  });

  it('count a page by its route pattern, its origin call and the render cache', async () => {
    const before = await scrape(siteMetricsUrl);
    expect((await fetch(`${server.url}/yrityksille`)).status).toBe(200);
    expect((await fetch(`${server.url}/yrityksille`)).status).toBe(200);
    const pages = (samples: Map<string, number>) =>
      total(samples, 'http_request_duration_seconds_count', 'route="/*"', 'status_code="200"');
    // A request is counted when its answer has been written (onResponse), which can come a
    // moment after the client has read it: scrape until both are in.
    let after = await scrape(siteMetricsUrl);
    await expect
      .poll(async () => {
        after = await scrape(siteMetricsUrl);
        return pages(after) - pages(before);
      })
      .toBe(2);
    // The raw URL is never a label.
    expect([...after.keys()].some((series) => series.includes('yrityksille'))).toBe(false);
    const hits = (samples: Map<string, number>) => total(samples, 'st1_render_cache_lookups_total', 'result="hit"');
    expect(hits(after) - hits(before)).toBeGreaterThanOrEqual(1);
    const originCalls = (samples: Map<string, number>) =>
      total(samples, 'st1_origin_request_duration_seconds_count', 'result="ok"');
    expect(originCalls(after)).toBeGreaterThan(originCalls(before));
    expect(total(after, 'st1_markup_cache_lookups_total')).toBeGreaterThan(0);
    const origin = await scrape(originMetricsUrl);
    expect(total(origin, 'http_request_duration_seconds_count', 'route="/cms-view/v1/content/view"')).toBeGreaterThan(
      0,
    );
  });

  it('count shed requests', async () => {
    const shed = (samples: Map<string, number>) => total(samples, 'st1_http_requests_shed_total', 'reason="in_flight"');
    const inFlight = async () => total(await scrape(siteMetricsUrl), 'http_requests_in_flight');
    const before = await scrape(siteMetricsUrl);
    // SHED_MAX_IN_FLIGHT requests held in flight, so that the next one is shed whatever the
    // machine's speed: a burst of 30 fetches relied on some arriving in one turn of the
    // server's event loop, and on a loaded machine none did (no 503).
    const held = await Promise.all([heldRequest(server.url), heldRequest(server.url)]);
    try {
      await expect.poll(inFlight).toBe(2);
      expect((await fetch(`${server.url}/en-EU/company`)).status).toBe(503);
      expect(shed(await scrape(siteMetricsUrl)) - shed(before)).toBe(1);
    } finally {
      for (const socket of held) socket.destroy();
    }
    // A client that goes away frees its place.
    await expect.poll(inFlight).toBe(0);
    expect((await fetch(`${server.url}/en-EU/company`)).status).toBe(200);
  });

  it('count station import rows accepted and refused, and the age of the newest price', async () => {
    const push = (station: string) =>
      fetch(`${originUrl}/station-import/v1/fuel-prices`, {
        method: 'POST',
        headers: { authorization: `Bearer ${IMPORT_TOKEN}`, 'content-type': 'application/json' },
        body: JSON.stringify({
          prices: [{ station, grade: 'diesel', price: 1.789, currency: 'EUR', setAt: new Date().toISOString() }],
        }),
      });
    const before = await scrape(originMetricsUrl);
    expect((await push('FI-0001')).status).toBe(200);
    expect((await push('FI-9999')).status).toBe(422);
    const after = await scrape(originMetricsUrl);
    const rows = (samples: Map<string, number>, result: string) =>
      total(samples, 'st1_station_import_rows_total', 'import="fuel_prices"', `result="${result}"`);
    expect(rows(after, 'accepted') - rows(before, 'accepted')).toBe(1);
    expect(rows(after, 'refused') - rows(before, 'refused')).toBe(1);
    expect(total(after, 'st1_station_newest_fuel_price_age_seconds', 'country="FI"')).toBeLessThan(60);
  });

  it('count the outbox by delivery state as a mail is queued and delivered, and rate-limit store errors', async () => {
    const before = await scrape(originMetricsUrl);
    for (const status of ['pending', 'sending', 'delivered', 'dead'])
      expect(before.has(`st1_outbox_messages{status="${status}"}`), status).toBe(true);
    const requested = await fetch(`${server.url}/api/v1/account/forgot-password`, {
      method: 'POST',
      headers: { origin: server.url, 'x-st1-locale': 'fi-FI', 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'matti.meikalainen@example.fi' }),
    });
    expect(requested.status).toBe(202);
    // The limit of that request was counted in memory: Redis at port 9 is not there.
    expect(total(await scrape(siteMetricsUrl), 'st1_rate_limit_store_errors_total')).toBeGreaterThan(0);
    const delivered = (samples: Map<string, number>) => total(samples, 'st1_outbox_messages', 'status="delivered"');
    // The worker writes the mail as a file within a moment (no SMTP_URL).
    await expect
      .poll(async () => delivered(await scrape(originMetricsUrl)) - delivered(before), { timeout: 10_000 })
      .toBe(1);
    const after = await scrape(originMetricsUrl);
    expect(total(after, 'st1_outbox_messages', 'status="pending"')).toBe(0);
    expect(total(after, 'st1_outbox_oldest_undelivered_age_seconds')).toBe(0);
  });
});
