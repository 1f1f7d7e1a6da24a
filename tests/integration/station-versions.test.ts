/**
 * Station versions come from the counter row (docs/stations.md "Versions"), on the run's
 * database (SQLite or PostgreSQL, test-database.ts): writers saving at the same moment
 * get distinct versions, and an app that follows deltas while they write never misses a
 * change (with `max(version) + 1` two PostgreSQL writers took the same number, or
 * committed out of order).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStationsRepository } from '../../server/origin/stations/stations-repository';
import type { StationRecord } from '../../server/origin/stations/stations-record';
import { forEachDatabase } from './support/each-database';
import type { SeededOrigin } from './support/seeded-origin';

forEachDatabase((database) => {
  describe(`station versions on ${database.name}`, () => {
    let origin: SeededOrigin;

    beforeAll(async () => {
      origin = await database.startOrigin('station_versions');
    }, 120_000);
    afterAll(() => database.stop());

    async function someStations(count: number): Promise<StationRecord[]> {
      const changes = await createStationsRepository(origin.db).changesSince('FI', 0);
      return changes.changed.slice(0, count);
    }

    it('gives every one of 40 concurrent writers its own version', async () => {
      const repository = createStationsRepository(origin.db);
      const before = await repository.version('FI');
      const stations = await someStations(40);
      const versions = await Promise.all(
        stations.map((station, index) => repository.save({ ...station, name: `${station.name} (${index})` })),
      );
      expect(new Set(versions).size).toBe(40);
      expect(Math.min(...versions)).toBeGreaterThan(before);
      expect(await repository.version('FI')).toBe(Math.max(...versions));
    });

    it('lets an app following deltas during concurrent writes end up with every change', async () => {
      const repository = createStationsRepository(origin.db);
      const held = new Map<string, string>();
      let since = 0;
      const sync = async () => {
        const changes = await repository.changesSince('FI', since);
        for (const record of changes.changed) held.set(record.id, record.name);
        since = changes.version;
      };
      await sync();
      const stations = await someStations(30);
      let writing = true;
      const writers = Promise.all(
        stations.map((station, index) =>
          repository.save({ ...station, name: `Renamed ${index}` }).then(async (version) => {
            // A second change of the same station, so later versions overtake earlier ones.
            if (index % 3 === 0) await repository.save({ ...station, name: `Renamed again ${index}` });
            return version;
          }),
        ),
      ).finally(() => (writing = false));
      while (writing) await sync();
      await writers;
      await sync();
      const stored = await repository.changesSince('FI', 0);
      for (const record of stored.changed) expect(held.get(record.id), record.id).toBe(record.name);
    });

    it('keeps every station in a full list read while writers move versions', async () => {
      // A full list bounded by a version read before its rows lost every station whose
      // version a writer moved past that bound in between: the first sync of a locator
      // showed 649 of 650 stations while prices were imported (issue 31).
      const repository = createStationsRepository(origin.db);
      const total = (await repository.changesSince('FI', 0)).changed.length;
      const stations = await someStations(40);
      let writing = true;
      const writers = Promise.all(
        stations.map((station, index) => repository.save({ ...station, name: `Moved ${index}` })),
      ).finally(() => (writing = false));
      const sizes: number[] = [];
      while (writing) sizes.push((await repository.changesSince('FI', 0)).changed.length);
      await writers;
      expect(sizes.length).toBeGreaterThan(0);
      expect(sizes.filter((size) => size !== total)).toEqual([]);
    });

    it('keeps the counter ahead of every stored version after a removal', async () => {
      const repository = createStationsRepository(origin.db);
      const [station] = await someStations(1);
      const removed = await repository.remove(station!.id);
      expect(removed).toBeGreaterThan(0);
      const saved = await repository.save(station!);
      expect(saved).toBe(removed! + 1);
    });
  });
});
