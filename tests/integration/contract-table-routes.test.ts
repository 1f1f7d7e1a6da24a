/**
 * Every API endpoint both servers register is in the contract table (src/shared/api/), and
 * every contract is served: the routes come from the servers' own route tables (onRoute).
 * The routes that are no JSON API (pages, files, the pass-through proxy and payment pages)
 * are listed below by name, so that a new route fails this test until it is
 * either a contract or named here.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentApi } from '#shared/api/content';
import { customersApi } from '#shared/api/customers';
import type { Endpoint } from '#shared/api/endpoint';
import { formsApi } from '#shared/api/forms';
import { originProbesApi, siteProbesApi } from '#shared/api/probes';
import { shopApi } from '#shared/api/shop';
import { siteApi } from '#shared/api/site';
import { stationImportApi } from '#shared/api/station-import';
import { stationsApi } from '#shared/api/stations';
import { buildOriginApp } from '../../server/origin/app';
import { openDatabase } from '../../server/origin/db';
import { migrateToLatest } from '../../server/origin/migrate';
import { buildSiteApp } from '../../server/site/app';
import { loadSiteConfig } from '../../server/site/config';
import { loadRenderer } from '../../server/site/renderer';
import { distDir, requireProductionBuild } from './support/site-with-origin';

requireProductionBuild('tests/integration/contract-table-routes.test.ts');

const ORIGIN_CONTRACTS = [contentApi, stationsApi, stationImportApi, shopApi, customersApi, formsApi, originProbesApi];
const SITE_CONTRACTS = [siteApi, siteProbesApi];

/** The origin's routes that are no JSON API, and why. */
const ORIGIN_NON_API = [
  // Image bytes, resized on request (docs/images.md).
  'GET /images/:id',
  // The test payment provider's HTML page and its stylesheet (docs/shop.md "Payment").
  'GET /payment-gateway/gateway.css',
  'GET /payment-gateway/pay/:paymentId',
  'POST /payment-gateway/pay/:paymentId',
];

/** The site server's routes that are not a JSON API of its own, and why. */
const SITE_NON_API = [
  // Pages as HTML, their `_payload.json` and the sitemaps (server/site/routes/pages.ts).
  'GET /*',
  // The browser's way to the origin's contracts of PROXY_ALLOW_LIST, streamed through.
  'GET /proxy/*',
  'POST /proxy/*',
  // Images, manifests and the offline app shell: files made on request.
  'GET /images/:id',
  'GET /manifests/:file',
  'GET /_app-shell/:locale',
  // The payment provider's pages and redirects (docs/shop.md).
  'GET /payment-gateway/*',
  'POST /payment-gateway/*',
  'GET /payment-return/paytrail',
  'GET /payment-callback/paytrail',
  'GET /robots.txt',
  'GET /.well-known/security.txt',
];

/** `METHOD /path` of each route (HEAD, which Fastify adds beside each GET, left out). */
function routeKeys(routes: readonly RouteOptions[]): string[] {
  return routes
    .flatMap((route) => [route.method].flat().map((method) => `${method} ${route.url}`))
    .filter((key) => !key.startsWith('HEAD '));
}

const contractKeys = (tables: ReadonlyArray<Record<string, Endpoint>>) =>
  tables.flatMap((table) => Object.values(table).map((contract) => `${contract.method} /${contract.path}`));

const dataDir = mkdtempSync(join(tmpdir(), 'st1-contract-routes-test-'));
const originRoutes: RouteOptions[] = [];
const siteRoutes: RouteOptions[] = [];

beforeAll(async () => {
  const db = openDatabase({ dataDir });
  await migrateToLatest(db);
  const origin = buildOriginApp(db, { onRoute: (route) => originRoutes.push(route) });
  await origin.ready();
  const site = await buildSiteApp({
    config: {
      ...loadSiteConfig({ DIST_DIR: distDir, RENDER_CACHE_TTL_MS: '0' } as NodeJS.ProcessEnv),
      // No origin is asked: the routes are what this test reads.
      originUrl: 'http://127.0.0.1:9',
    },
    renderer: await loadRenderer(distDir),
    onRoute: (route) => siteRoutes.push(route),
  });
  await site.ready();
  await site.close();
  await origin.close();
}, 60_000);

afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('the contract table and the servers’ routes', () => {
  it('has a contract for every route of the origin, and a route for every contract', () => {
    const served = routeKeys(originRoutes).filter((key) => !ORIGIN_NON_API.includes(key));
    expect(served.toSorted()).toEqual(contractKeys(ORIGIN_CONTRACTS).toSorted());
  });

  it("has a contract for every API route of the site server, and a route for every one of the site's contracts", () => {
    // The files of the build (dist/client) are served one route each.
    const contracts = contractKeys(SITE_CONTRACTS);
    const files = (key: string) =>
      /^GET \/[^*:]+\.\w+$/.test(key) && !SITE_NON_API.includes(key) && !contracts.includes(key);
    const apiRoutes = routeKeys(siteRoutes).filter((key) => !SITE_NON_API.includes(key) && !files(key));
    expect(apiRoutes.toSorted()).toEqual(contracts.toSorted());
  });

  it('names no route here that the servers do not register', () => {
    const site = new Set(routeKeys(siteRoutes));
    const origin = new Set(routeKeys(originRoutes));
    expect(SITE_NON_API.filter((key) => !site.has(key))).toEqual([]);
    expect(ORIGIN_NON_API.filter((key) => !origin.has(key))).toEqual([]);
  });
});
