/**
 * The changes the cache tests make to a running product and look for on its pages: a
 * content sync of an edited page title, and a price import for one station
 * (tests/integration/edge-cache-varnish.test.ts, tests/integration/render-cache.test.ts).
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'vitest';
import { syncContent } from '../../../server/origin/content-sync';
import { createStationsRepository } from '../../../server/origin/stations/stations-repository';
import type { SiteWithOrigin } from './site-with-origin';

export interface TestStation {
  id: string;
  slug: string;
}

/** `count` Finnish stations that sell 95 (a price import can change theirs). */
export async function finnishStations(product: SiteWithOrigin, count: number): Promise<TestStation[]> {
  const records = await createStationsRepository(product.origin.db).allRecords();
  return [...records.values()]
    .map((row) => JSON.parse(row.recordJson) as TestStation & { country: string; services: string[] })
    .filter((station) => station.country === 'FI' && station.services.includes('95'))
    .slice(0, count)
    .map(({ id, slug }) => ({ id, slug }));
}

/** A copy of the seed content to edit, and its removal. */
export function contentCopy(name: string) {
  const dir = mkdtempSync(join(tmpdir(), `st1-${name}-content-`));
  cpSync('content', dir, { recursive: true });
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/** Renames the en-EU business page "Company (edited)" in `contentDir` and syncs it into the origin. */
export async function editCompanyPage(product: SiteWithOrigin, contentDir: string): Promise<void> {
  const file = join(contentDir, 'pages', 'business.json');
  const group = JSON.parse(readFileSync(file, 'utf8')) as { locales: Record<string, { title: string }> };
  group.locales['en-EU']!.title = 'Company (edited)';
  writeFileSync(file, JSON.stringify(group));
  const report = await syncContent(product.origin.db, contentDir, product.origin.app.cachePurges);
  expect(report.pages.changed).toContain('en-EU/company');
}

/** Imports a 95 price for one station through the origin's import API; expects that one station changed. */
export async function importPrice(product: SiteWithOrigin, token: string, stationId: string, price: number) {
  const imported = await fetch(`${product.origin.url}/station-import/v1/fuel-prices`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      prices: [{ station: stationId, grade: '95', price, currency: 'EUR', setAt: new Date().toISOString() }],
    }),
  });
  expect(imported.status, await imported.clone().text()).toBe(200);
  expect(((await imported.json()) as { stationsChanged: number }).stationsChanged).toBe(1);
}
