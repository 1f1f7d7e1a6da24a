// @vitest-environment node
/**
 * A station page drawn on the device from the stored list entry (docs/pwa.md "Pages built
 * on the device") shows the same opening-hours tables as the origin's page of the station
 * at the same moment, in every time zone and shape, with the phone; and a station page
 * address finds its station by slug.
 */
import Dexie from 'dexie';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { beforeAll, describe, expect, it } from 'vitest';
import { generateSeedStations } from '../../server/origin/stations/seed/stations-seed';
import type { StationRecord } from '../../server/origin/stations/stations-record';
import { toDetails, toSummary } from '../../server/origin/stations/stations-views';
import {
  detailsFromSummary,
  stationSlugOfPath,
  storedStationPayload,
} from '../../src/features/stations/offline-station-page';
import { applyList, setStationsDb, StationsDatabase } from '../../src/features/stations/station-db';
import { openingHoursTable } from '../../src/features/stations/opening-hours';
import { zonedNow } from '#shared/station-calendar';

let records: StationRecord[];
beforeAll(async () => {
  // The integration files share a process (vite.config.ts, INTEGRATION_ISOLATE): Dexie may
  // have been loaded by an earlier file, with no IndexedDB to read then. It gets this file's.
  Dexie.dependencies.indexedDB = new IDBFactory();
  Dexie.dependencies.IDBKeyRange = IDBKeyRange;
  records = await generateSeedStations('content', { year: 2026 });
}, 30_000);

/** The table a page shows (the rule of spec §5 applied to shape A or B alike). */
const table = (hours: unknown, timeZone: string, now: Date) => openingHoursTable(hours, zonedNow(now, timeZone).date);

describe('station page from the stored list entry', () => {
  it('has the origin page’s station, kitchen and lunch tables and phone, for every seeded station', () => {
    // A winter Friday evening (holiday exceptions near) and a summer night after midnight.
    for (const now of [new Date('2026-12-18T19:30:00Z'), new Date('2026-07-04T22:30:00Z')]) {
      let withFood = 0;
      for (const record of records) {
        const origin = toDetails(record, now, 'fi-FI');
        const offline = detailsFromSummary(toSummary(record, now), now);
        expect(offline.phone).toBe(origin.phone);
        expect(offline.timeZone).toBe(origin.timeZone);
        if (record.hours.format !== 'malformed') {
          expect(table(offline.openingHours, offline.timeZone, now), record.id).toEqual(
            table(origin.openingHours, origin.timeZone, now),
          );
        }
        expect(table(offline.kitchenHours, offline.timeZone, now)).toEqual(
          table(origin.kitchenHours, origin.timeZone, now),
        );
        expect(table(offline.lunchHours, offline.timeZone, now)).toEqual(
          table(origin.lunchHours, origin.timeZone, now),
        );
        if (origin.kitchenHours) withFood += 1;
      }
      expect(withFood).toBeGreaterThan(10);
    }
  });

  it('finds the station of a station page address in the stored list, in the page’s locale', async () => {
    setStationsDb(new StationsDatabase(`offline-station-page-${Math.random()}`));
    const now = new Date('2026-11-25T10:00:00Z');
    const finnish = records.filter((record) => record.country === 'FI').map((record) => toSummary(record, now));
    await applyList('FI', { full: true, version: 3, stations: finnish, removed: [] }, '"e"', now.getTime());
    const station = finnish[5]!;
    expect(stationSlugOfPath('en-EU', `/stations/${station.slug}`)).toBe(station.slug);
    expect(stationSlugOfPath('en-EU', `/asemat/${station.slug}`)).toBeUndefined();
    const payload = await storedStationPayload('sv-SE', `/stationer/${station.slug}`, now);
    expect(payload).toMatchObject({
      locale: 'sv-SE',
      layout: null,
      offline: { kind: 'station', syncedAt: now.getTime() },
      page: { content: { contentType: 'stationPage', title: station.name, station: { id: station.id } } },
      head: { robots: 'noindex' },
    });
    expect(payload?.page?.localizedPagePaths['fi-FI']).toBe(`/asemat/${station.slug}`);
    expect(await storedStationPayload('sv-SE', '/stationer/no-such-station', now)).toBeUndefined();
    expect(await storedStationPayload('sv-SE', '/villkor', now)).toBeUndefined();
  });
});
