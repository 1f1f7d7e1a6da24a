/**
 * The site server in front of an origin that answers 503 (overloaded or restarting): a
 * browser request to /proxy/*, /images/* or the payment-gateway page costs the origin at
 * most two requests, the second only after the origin's Retry-After (in seconds) and only
 * when that wait ends within ORIGIN_TIMEOUT_MS; a POST is never repeated.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildSiteApp } from '../../server/site/app';
import { loadSiteConfig } from '../../server/site/config';
import { loadRenderer, type Renderer } from '../../server/site/renderer';
import { distDir, requireProductionBuild } from './support/site-with-origin';

requireProductionBuild('tests/integration/origin-retries.test.ts');

let renderer: Renderer;
let origin: Server;
let originUrl: string;
/** What the struggling origin answers next, and how many requests it saw. */
let retryAfter: string | undefined;
let hits: number;
const sites: FastifyInstance[] = [];

async function siteWithTimeout(timeoutMs: number): Promise<FastifyInstance> {
  const config = {
    ...loadSiteConfig({
      RENDER_CACHE_TTL_MS: '0',
      SHED_EVENT_LOOP_DELAY_MS: '0',
      DIST_DIR: distDir,
      ORIGIN_TIMEOUT_MS: String(timeoutMs),
    } as NodeJS.ProcessEnv),
    originUrl,
  };
  const app = await buildSiteApp({ config, renderer });
  sites.push(app);
  await app.ready();
  return app;
}

beforeAll(async () => {
  renderer = await loadRenderer(distDir);
  origin = createServer((request, response) => {
    hits += 1;
    request.resume();
    response.writeHead(503, {
      'content-type': 'application/json',
      ...(retryAfter === undefined ? {} : { 'retry-after': retryAfter }),
    });
    response.end(JSON.stringify({ status: 503, code: 'OVERLOADED', message: 'Busy' }));
  });
  originUrl = await new Promise((resolve) =>
    origin.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(origin.address() as AddressInfo).port}`)),
  );
});

afterAll(async () => {
  for (const app of sites) await app.close();
  origin?.closeAllConnections();
  await new Promise((resolve) => origin?.close(resolve));
});

beforeEach(() => {
  hits = 0;
  retryAfter = undefined;
});

const FORWARDED_GETS = [
  '/proxy/cms-view/v1/content/layout',
  '/images/hero-business?w=320',
  '/payment-gateway/pay/PAY-ABCDEFGHIJ12',
];

describe.each(FORWARDED_GETS)('GET %s from an origin answering 503', (url) => {
  it('is not retried when the origin gives no Retry-After', async () => {
    const app = await siteWithTimeout(8000);
    const response = await app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(503);
    expect(hits).toBe(1);
  });

  it('is not retried when Retry-After (seconds) ends after ORIGIN_TIMEOUT_MS; the browser gets it', async () => {
    retryAfter = '5';
    const app = await siteWithTimeout(2000);
    const started = Date.now();
    const response = await app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(503);
    expect(response.headers['retry-after']).toBe('5');
    expect(hits).toBe(1);
    // Passed on without sitting out the 5 s (a busy machine may still take a while to answer).
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('is retried once, after Retry-After in seconds, when that fits the timeout', async () => {
    retryAfter = '1';
    const app = await siteWithTimeout(8000);
    const started = Date.now();
    const response = await app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(503);
    expect(hits).toBe(2);
    // One second, not one millisecond.
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
  });
});

it('a POST to the payment gateway is never repeated', async () => {
  retryAfter = '0';
  const app = await siteWithTimeout(8000);
  const response = await app.inject({
    method: 'POST',
    url: '/payment-gateway/pay/PAY-ABCDEFGHIJ12',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: 'action=approve&method=card%3Avisa',
  });
  expect(response.statusCode).toBe(503);
  expect(hits).toBe(1);
});
