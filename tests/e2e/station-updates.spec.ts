/**
 * Station updates: a station changed at the origin reaches an installed app that stays
 * open. The app (service worker in control, station list stored) is "resumed" after more
 * than the background-sync interval: it asks for the changes since its stored version
 * only (a delta, conditional on its ETag), stores them, and the open locator shows them
 * without a reload. The change is made through the origin's repository on the server's
 * own SQLite file (E2E_DATA_DIR, shared by playwright.config.ts) and undone afterwards.
 */
import { expect, test, type Page } from '@playwright/test';
import { openDatabase } from '../../server/origin/db';
import { createStationsRepository } from '../../server/origin/stations/stations-repository';
import { decodeFacts } from '#shared/station-wire';
import { waitForHydration } from './support/page-helpers';
import { storedStationCount, waitForServiceWorkerControl } from './support/pwa';
import { stationList, text } from './support/stations';

test.use({ serviceWorkers: 'allow', locale: 'fi-FI', viewport: { width: 1280, height: 800 } });

/** The stored copy of one station (Dexie database st1-stations), read with plain IndexedDB. */
async function storedStationName(page: Page, id: string): Promise<string | undefined> {
  return page.evaluate(async (key) => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open('st1-stations');
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    try {
      return await new Promise<string | undefined>((resolve, reject) => {
        const request = db.transaction('stations').objectStore('stations').get(['FI', key]);
        request.onsuccess = () => resolve((request.result as { name: string } | undefined)?.name);
        request.onerror = () => reject(request.error);
      });
    } finally {
      db.close();
    }
  }, id);
}

/** The app was in the background for two hours: its list was last confirmed then. */
async function ageStoredList(page: Page, ms: number): Promise<void> {
  await page.evaluate(async (age) => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open('st1-stations');
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    try {
      await new Promise<void>((resolve, reject) => {
        const store = db.transaction('lists', 'readwrite').objectStore('lists');
        const read = store.get('FI');
        read.onsuccess = () => {
          const write = store.put({ ...read.result, syncedAt: Date.now() - age });
          write.onsuccess = () => resolve();
          write.onerror = () => reject(write.error);
        };
        read.onerror = () => reject(read.error);
      });
    } finally {
      db.close();
    }
  }, ms);
}

test('an installed app left open picks up a changed station by delta when it comes back to the foreground', async ({
  page,
}) => {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set (playwright.config.ts sets it)');

  await page.goto('/asemahaku');
  await waitForHydration(page);
  await waitForServiceWorkerControl(page);
  const stations = await stationList(page, 'FI');
  await expect.poll(() => storedStationCount(page, 'FI'), { timeout: 15_000 }).toBe(stations.length);
  await expect(page.locator('.station-locator__count')).toHaveText(new RegExp(`^${stations.length}\\b`));
  // Every sync of the Finnish list is over before the test ages it: the background sync
  // (client-extras) takes the Finnish list first, then Sweden's and Norway's, so with those
  // stored it is done. Before, a second sync of the Finnish list (the background one
  // starting just after the locator's had ended) could confirm the list after the test
  // aged it, and the resumed app rightly found it fresh and asked for nothing (the test's
  // waitForResponse timed out).
  for (const country of ['SE', 'NO'] as const)
    await expect.poll(() => storedStationCount(page, country), { timeout: 15_000 }).toBeGreaterThan(0);

  // The open locator shows one station: the one an editor is about to rename (in a town no
  // other spec looks at, since the specs share the server).
  const target = stations.find(
    (station) =>
      station.city === 'Kajaani' && stations.filter((other) => other.name.includes(station.name)).length === 1,
  )!;
  await page.getByLabel(text('fi-FI', 'stations.search.label')).fill(target.name);
  await expect(page.locator('.station-item__name').first()).toHaveText(target.name);

  const db = openDatabase({ dataDir });
  const repository = createStationsRepository(db);
  const original = (await repository.findBySlug(target.slug))!;
  const renamed = `${original.name} (uusittu)`;
  try {
    await repository.save({ ...original, name: renamed });

    // Nothing happens while the app is not resumed (no polling in the foreground of a test).
    expect(await storedStationName(page, target.id)).toBe(target.name);

    // Resumed after two hours in the background.
    await ageStoredList(page, 2 * 60 * 60 * 1000);
    // The Finnish list's delta (the other countries' lists are synced in the background too).
    const answer = page.waitForResponse(
      (response) =>
        response.url().includes('/proxy/cms-view/v1/station-facts') && response.url().includes('country=FI'),
    );
    await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
    const response = await answer;
    // Only what changed since the stored version, asked for conditionally.
    expect(response.url()).toMatch(/since=[1-9]\d*/);
    expect(await response.request().headerValue('if-none-match')).toMatch(/^"[\w-]+"$/);
    const delta = decodeFacts(await response.json(), 'FI');
    expect(delta.full).toBe(false);
    // The facts delta holds every station whose version moved since the stored one: the
    // renamed station (prices and statuses another spec pushes into the shared server,
    // station-live-data.spec.ts, travel in the live channel and move no station version;
    // any other station here must still be unrenamed).
    expect(delta.stations.find((station) => station.id === target.id)?.name).toBe(renamed);
    const before = new Map(stations.map((station) => [station.id, station.name]));
    for (const other of delta.stations.filter((station) => station.id !== target.id))
      expect(other.name, 'only the target was renamed').toBe(before.get(other.id));
    expect(delta.stations.length).toBeLessThan(stations.length / 10);

    await expect.poll(() => storedStationName(page, target.id), { timeout: 10_000 }).toBe(renamed);
    expect(await storedStationCount(page, 'FI')).toBe(stations.length);
    // The locator left open shows the new name without a reload.
    await expect(page.locator('.station-item__name').first()).toHaveText(renamed);
  } finally {
    // Other specs share this server: put the station back as it was.
    await repository.save(original);
    await db.destroy();
  }
});
