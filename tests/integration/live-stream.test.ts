/**
 * The live stream (GET /api/v1/stations/live-stream, decision 017) against real servers:
 * the embedded origin on its own database, site servers listening on loopback, one
 * throwaway Redis. A price imported at the origin reaches a stream opened on ANOTHER site
 * server than any the import touched (both subscribe to the origin's notice on Redis);
 * without Redis a site server polls and gets it too. Also: the stream's headers, bad
 * queries (400, the shared error shape), resume by `Last-Event-ID`, the cap (503 +
 * retry-after), and a shutdown that ends open streams instead of waiting on them.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isApiErrorBody } from '#shared/api/errors';
import { decodeLive } from '#shared/station-wire';
import { requireProductionBuild, startSiteWithOrigin, type SiteWithOrigin } from './support/site-with-origin';
import { openSse, type SseStream } from './support/sse-client';
import { redisSkipReason, startThrowawayRedis, type ThrowawayRedis } from './support/throwaway-redis';

requireProductionBuild('tests/integration/live-stream.test.ts');

const skip = redisSkipReason();
if (skip) console.warn(skip);

const PRICE_TOKEN = 'live-stream-price-token-0123456789abcdef';
const STREAM = '/api/v1/stations/live-stream';

describe.skipIf(skip !== undefined)('live streams across site servers', () => {
  let redis: ThrowawayRedis;
  let env: SiteWithOrigin;
  /** Two site servers on one Redis, as behind a load balancer; one without Redis (polling); one with a cap of 1. */
  const base: Record<'a' | 'b' | 'polling' | 'capped', string> = { a: '', b: '', polling: '', capped: '' };
  const apps: Partial<Record<keyof typeof base, FastifyInstance>> = {};
  const streams: SseStream[] = [];
  let station: string;
  /** The last price set, so that every import changes it. */
  let price = 1.6;

  const listen = async (app: FastifyInstance) => app.listen({ host: '127.0.0.1', port: 0 });
  const liveVersion = async () => {
    const answer = await fetch(`${env.origin.url}/cms-view/v1/station-live?country=FI&since=0`);
    return decodeLive(await answer.json(), 'FI');
  };
  const open = async (site: keyof typeof base, query: string, headers: Record<string, string> = {}) => {
    const stream = await openSse(`${base[site]}${STREAM}?${query}`, headers);
    streams.push(stream);
    return stream;
  };
  /** A new 95 price for the station, imported at the origin; resolves with the live version it took. */
  const importPrice = async (): Promise<{ version: number; price: number }> => {
    price = Math.round((price + 0.011) * 1000) / 1000;
    const answer = await fetch(`${env.origin.url}/station-import/v1/fuel-prices`, {
      method: 'POST',
      headers: { authorization: `Bearer ${PRICE_TOKEN}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        prices: [{ station, grade: '95', price, currency: 'EUR', setAt: new Date().toISOString() }],
      }),
    });
    expect(answer.status).toBe(200);
    const body = (await answer.json()) as { version: number };
    return { version: body.version, price };
  };
  const priceIn = (data: string) =>
    decodeLive(JSON.parse(data), 'FI').prices.find((row) => row.station === station && row.grade === '95')?.price;

  beforeAll(async () => {
    redis = await startThrowawayRedis();
    env = await startSiteWithOrigin('live-stream', {
      originEnv: { REDIS_URL: redis.url, PRICE_IMPORT_TOKEN: PRICE_TOKEN },
    });
    apps.a = await env.site({ REDIS_URL: redis.url });
    apps.b = await env.site({ REDIS_URL: redis.url });
    apps.polling = await env.site({ LIVE_POLL_MS: '300' });
    apps.capped = await env.site({ LIVE_STREAMS_MAX: '1', LIVE_POLL_MS: '60000' });
    for (const name of Object.keys(base) as Array<keyof typeof base>) base[name] = await listen(apps[name]!);
    const live = await liveVersion();
    station = live.prices.find((row) => row.grade === '95')!.station;
  }, 120_000);

  afterAll(async () => {
    for (const stream of streams) stream.close();
    await env?.close();
    await redis?.stop();
  });

  it('answers an event stream: no-store, never buffered nor compressed, with retry first', async () => {
    const { version } = await liveVersion();
    const stream = await open('a', `country=FI&since=${version}`, { 'accept-encoding': 'br, gzip' });
    expect(stream.status).toBe(200);
    expect(stream.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    expect(stream.headers['cache-control']).toBe('private, no-store');
    expect(stream.headers['x-accel-buffering']).toBe('no');
    expect(stream.headers['content-encoding']).toBeUndefined();
    await expect.poll(() => stream.raw()).toMatch(/^retry: \d+\n\n/);
    stream.close();
  });

  it('refuses a bad query with a 400 in the shared error shape', async () => {
    for (const query of [
      'country=XX&since=3',
      'country=FI',
      'country=FI&since=0',
      'country=FI&since=abc',
      'country=FI&since=2&dataset=a%20b',
    ]) {
      const answer = await apps.a!.inject({ url: `${STREAM}?${query}` });
      expect(answer.statusCode, query).toBe(400);
      const body: unknown = answer.json();
      expect(isApiErrorBody(body) && body.code, query).toBe('BAD_REQUEST');
    }
  });

  it('brings a price imported at the origin to streams on both site servers and to the polling one', async () => {
    const { version } = await liveVersion();
    const onA = await open('a', `country=FI&since=${version}`);
    const onB = await open('b', `country=FI&since=${version}`);
    const polled = await open('polling', `country=FI&since=${version}`);
    // Each stream is open and held at the current version before the import.
    for (const stream of [onA, onB, polled]) await expect.poll(() => stream.raw()).toMatch(/^retry:/);
    const imported = await importPrice();
    for (const stream of [onB, onA, polled]) {
      const event = await stream.next((message) => message.event === 'live');
      expect(event.id).toBe(String(imported.version));
      expect(priceIn(event.data)).toBe(imported.price);
    }
    // A second change: the next event continues from the first.
    const again = await importPrice();
    const second = await onB.next((message) => message.event === 'live' && message.id === String(again.version));
    expect(priceIn(second.data)).toBe(again.price);
  });

  it('resumes by Last-Event-ID: a stream opened on an older version first gets what it missed', async () => {
    const before = (await liveVersion()).version;
    const first = await importPrice();
    const second = await importPrice();
    const fromBefore = await open('b', `country=FI&since=${before}`);
    // First what it missed, as far as this site server knew when the stream opened: the
    // second import's notice may still be on its way from Redis (CI on PostgreSQL: the
    // catch-up ended at the first import), and then comes as the next event.
    const caughtUp = await fromBefore.next((message) => message.event === 'live');
    expect([String(first.version), String(second.version)]).toContain(caughtUp.id);
    const latest = await fromBefore.next(
      (message) => message.event === 'live' && message.id === String(second.version),
    );
    expect(priceIn(latest.data)).toBe(second.price);
    // Last-Event-ID (the browser's own reconnection) wins over the older `since` it was opened with.
    const resumed = await open('a', `country=FI&since=${before}`, { 'last-event-id': String(first.version) });
    const rest = await resumed.next((message) => message.event === 'live');
    expect(rest.id).toBe(String(second.version));
    // Already current: nothing to catch up.
    const current = await open('a', `country=FI&since=${second.version}`);
    await expect.poll(() => current.raw()).toMatch(/^retry:/);
    expect(current.messages.filter((message) => message.event === 'live')).toEqual([]);
  });

  it('refuses streams beyond LIVE_STREAMS_MAX with a 503 and retry-after, and takes one again once one closed', async () => {
    const { version } = await liveVersion();
    const held = await open('capped', `country=FI&since=${version}`);
    expect(held.status).toBe(200);
    const refused = await apps.capped!.inject({ url: `${STREAM}?country=FI&since=${version}` });
    expect(refused.statusCode).toBe(503);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    const body: unknown = refused.json();
    expect(isApiErrorBody(body) && body.code).toBe('OVERLOADED');
    held.close();
    await expect
      .poll(async () => (await open('capped', `country=FI&since=${version}`)).status, { timeout: 5000 })
      .toBe(200);
  });

  it('ends open streams when the site server closes, so that shutdown does not wait on them', async () => {
    const closing = await env.site({ REDIS_URL: redis.url });
    const url = await listen(closing);
    const { version } = await liveVersion();
    const stream = await openSse(`${url}${STREAM}?country=FI&since=${version}`);
    streams.push(stream);
    expect(stream.status).toBe(200);
    await closing.close();
    await stream.ended;
  });
});
