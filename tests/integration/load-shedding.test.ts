/**
 * Overload (docs/operations.md "Overload"): when the event loop lags, new requests are
 * answered at once with a 503, Retry-After and the security headers, instead of queueing;
 * when the lag is gone they are served again. Slow clients are cut off well before Node's
 * defaults (60 s for headers, 300 s for a request). The share of slow answers under many
 * connections is measured by scripts/bench-overload.ts, not here.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HEADERS_TIMEOUT_MS, REQUEST_TIMEOUT_MS } from '../../server/site/plugins/load-shedding';
import { distDir, requireProductionBuild, startSiteWithOrigin, type SiteWithOrigin } from './support/site-with-origin';

requireProductionBuild('tests/integration/load-shedding.test.ts');

let env: SiteWithOrigin;
beforeAll(async () => {
  env = await startSiteWithOrigin('load-shedding');
}, 60_000);
afterAll(() => env?.close());

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** Keeps the event loop busy, as a flood of renders would. */
function blockEventLoop(ms: number) {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    // busy
  }
}

/**
 * Lags the event loop so that the next sample sees it, however long the server took to
 * start. under-pressure compares the mean delay over each sample window (1 s), so one long
 * block late in a window was averaged away by the idle ticks before it: a site app that
 * took more than about 230 ms to get ready after the plugin's start (a loaded machine) was
 * never shed. The first block outlasts a window, so a sample runs right after it and a new
 * window starts; the second fills that window almost alone, and the sample due during it
 * runs before the test's own timer.
 */
async function lagTheEventLoop() {
  blockEventLoop(1100);
  await wait(20);
  blockEventLoop(1200);
  await wait(20);
}

describe('load shedding', () => {
  it('answers 503 with Retry-After while the event loop lags, and serves again once it does not', async () => {
    const app: FastifyInstance = await env.site({ SHED_EVENT_LOOP_DELAY_MS: '50' });
    expect((await app.inject({ method: 'GET', url: '/builds/latest.json' })).statusCode).toBe(200);
    await lagTheEventLoop();
    const shed = await app.inject({ method: 'GET', url: '/yrityksille' });
    expect(shed.statusCode).toBe(503);
    expect(shed.headers['retry-after']).toBe('2');
    expect(shed.headers['content-security-policy']).toBeDefined();
    expect(shed.json()).toMatchObject({ status: 503, code: 'OVERLOADED' });
    await wait(1200);
    expect((await app.inject({ method: 'GET', url: '/builds/latest.json' })).statusCode).toBe(200);
  });

  it('is off with SHED_EVENT_LOOP_DELAY_MS=0', async () => {
    const app = await env.site({ SHED_EVENT_LOOP_DELAY_MS: '0' });
    await lagTheEventLoop();
    expect((await app.inject({ method: 'GET', url: '/builds/latest.json' })).statusCode).toBe(200);
  });
});

describe('connection time limits', () => {
  it('are far shorter than Node’s defaults', async () => {
    const app = await env.site();
    expect(app.server.headersTimeout).toBe(HEADERS_TIMEOUT_MS);
    expect(app.server.requestTimeout).toBe(REQUEST_TIMEOUT_MS);
    expect(HEADERS_TIMEOUT_MS).toBeLessThanOrEqual(10_000);
    expect(REQUEST_TIMEOUT_MS).toBeLessThanOrEqual(30_000);
  });
});

describe('requests in flight', () => {
  it('beyond SHED_MAX_IN_FLIGHT are shed at once; the count goes down again as answers go out', async () => {
    const app = await env.site({ SHED_MAX_IN_FLIGHT: '2' });
    const statuses = (
      await Promise.all(Array.from({ length: 6 }, () => app.inject({ method: 'GET', url: '/yrityksille' })))
    ).map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 200).length).toBeGreaterThanOrEqual(2);
    expect(statuses.filter((status) => status === 503).length).toBeGreaterThanOrEqual(1);
    expect(statuses.every((status) => status === 200 || status === 503)).toBe(true);
    for (let round = 0; round < 3; round += 1)
      expect((await app.inject({ method: 'GET', url: '/yrityksille' })).statusCode).toBe(200);
  });
});

describe('hashed assets', () => {
  /** A script of the build: what an admitted page asks for next. */
  const asset = () => {
    const script = readdirSync(join(distDir, 'client', 'assets')).find((name) => name.endsWith('.js'));
    return `/assets/${script!}`;
  };

  it('are served while the event loop lags and pages are shed: a page let in still gets its scripts', async () => {
    const app = await env.site({ SHED_EVENT_LOOP_DELAY_MS: '50' });
    await lagTheEventLoop();
    expect((await app.inject({ method: 'GET', url: '/yrityksille' })).statusCode).toBe(503);
    const script = await app.inject({ method: 'GET', url: asset() });
    expect(script.statusCode).toBe(200);
    expect(script.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('are neither shed nor counted beyond SHED_MAX_IN_FLIGHT', async () => {
    const app = await env.site({ SHED_MAX_IN_FLIGHT: '1' });
    const statuses = (
      await Promise.all(Array.from({ length: 8 }, () => app.inject({ method: 'GET', url: asset() })))
    ).map((response) => response.statusCode);
    expect(statuses).toEqual(Array(8).fill(200));
  });
});
