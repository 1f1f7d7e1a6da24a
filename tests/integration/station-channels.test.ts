/**
 * The two station channels of the origin (docs/stations.md "Two channels") against the
 * seeded database (SQLite here, PostgreSQL in the integration-postgres project):
 * cms-view/v1/station-facts and cms-view/v1/station-live, each a full list or a delta
 * since its own version, compact, with ETag/304, the dataset id, tombstones and "a full
 * list follows a reset"; an import moves the live channel only and travels as the change
 * alone; what the app puts together from both is the keyed list's content.
 */
import { gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readErrorBody } from '#shared/api/errors';
import { stationsApi } from '#shared/api/stations';
import { stationListSchema, type StationSummary } from '#shared/stations';
import { decodeFacts, decodeLive } from '#shared/station-wire';
import { isStationSummary } from '#shared/station-guards';
import { createStationsRepository } from '../../server/origin/stations/stations-repository';
import { fullRecords } from '../../src/features/stations/station-records';
import { forEachDatabase } from './support/each-database';

const STATUS_TOKEN = 'charger-feed-token-0123456789abcdef-xyz';
const PRICE_TOKEN = 'price-feed-token-0123456789abcdef-xyz';

forEachDatabase((database) => {
  describe(`station channels on ${database.name}`, () => {
    let app: FastifyInstance;
    let createRepository: () => ReturnType<typeof createStationsRepository>;

    beforeAll(async () => {
      const origin = await database.startOrigin('station-channels', {
        importTokens: { prices: PRICE_TOKEN, chargerStatuses: STATUS_TOKEN },
      });
      app = origin.app;
      createRepository = () => createStationsRepository(origin.db);
    }, 120_000);

    afterAll(() => database.stop());

    async function get(path: 'station-facts' | 'station-live' | 'stations', query: string, headers = {}) {
      return app.inject({ url: `/cms-view/v1/${path}?${query}`, headers });
    }
    async function facts(query: string, headers = {}) {
      const response = await get('station-facts', query, headers);
      expect(response.statusCode).toBe(200);
      return { response, list: decodeFacts(stationsApi.facts.response.parse(response.json()), 'FI') };
    }
    async function live(query: string, headers = {}) {
      const response = await get('station-live', query, headers);
      expect(response.statusCode).toBe(200);
      return { response, list: decodeLive(stationsApi.live.response.parse(response.json()), 'FI') };
    }
    const post = (url: string, token: string, payload: object) =>
      app.inject({ method: 'POST', url, headers: { authorization: `Bearer ${token}` }, payload });

    it('answers in full what the keyed list answers, facts and live data apart', async () => {
      const keyed = stationListSchema.parse((await get('stations', 'country=FI')).json());
      const [{ list: factsList }, { list: liveList }] = await Promise.all([facts('country=FI'), live('country=FI')]);
      expect(factsList).toMatchObject({ country: 'FI', full: true, version: keyed.version, dataset: keyed.dataset });
      expect(liveList).toMatchObject({ country: 'FI', full: true, dataset: keyed.dataset });
      const records = fullRecords(factsList.stations, liveList);
      expect(records.every(isStationSummary)).toBe(true);
      // Times on the wire are whole seconds; the seed's statuses carry milliseconds.
      const seconds = (instant: string) => new Date(Math.floor(Date.parse(instant) / 1000) * 1000).toISOString();
      const expected = keyed.stations.map((station): StationSummary => ({
        ...station,
        // Grades in code-unit order (the database's collation may order them otherwise).
        ...(station.prices
          ? {
              prices: station.prices
                .map((price) => ({ ...price, setAt: seconds(price.setAt) }))
                .sort((a, b) => (a.grade < b.grade ? -1 : 1)),
            }
          : {}),
        ...(station.chargePoints
          ? {
              chargePoints: station.chargePoints.map((point) => ({ ...point, statusAt: seconds(point.statusAt) })),
            }
          : {}),
      }));
      expect(records).toEqual(expected);
      expect(liveList.statuses.length).toBeGreaterThan(0);
      expect(liveList.tariffs.length).toBeGreaterThan(0);
    });

    it('is smaller than the keyed list by more than half', async () => {
      const keyed = (await get('stations', 'country=FI')).body;
      const both = (await get('station-facts', 'country=FI')).body + (await get('station-live', 'country=FI')).body;
      expect(gzipSync(both).length).toBeLessThan(gzipSync(keyed).length / 2);
    });

    it('sends a status change by the live channel alone: the facts answer 304', async () => {
      const first = await facts('country=FI');
      const { list: liveFull, response: liveResponse } = await live('country=FI');
      const factsEtag = first.response.headers.etag as string;
      const liveEtag = liveResponse.headers.etag as string;
      const query = (version: number) => `country=FI&since=${version}&dataset=${first.list.dataset}`;
      // Nothing changed: both 304.
      expect((await get('station-facts', query(first.list.version), { 'if-none-match': factsEtag })).statusCode).toBe(
        304,
      );
      expect((await get('station-live', query(liveFull.version), { 'if-none-match': liveEtag })).statusCode).toBe(304);

      const point = liveFull.statuses[0]!;
      const lastUpdated = new Date(Math.floor(Date.now() / 1000) * 1000).toISOString();
      const pushed = await post('/station-import/v1/charger-statuses', STATUS_TOKEN, {
        statuses: [{ station: point.station, evseUid: point.uid, status: 'OUTOFORDER', lastUpdated }],
      });
      expect(pushed.json()).toMatchObject({ applied: 1, version: liveFull.version + 1 });

      expect((await get('station-facts', query(first.list.version), { 'if-none-match': factsEtag })).statusCode).toBe(
        304,
      );
      const changed = await live(query(liveFull.version), { 'if-none-match': liveEtag });
      expect(changed.response.headers.etag).not.toBe(liveEtag);
      expect(changed.list).toMatchObject({
        full: false,
        version: liveFull.version + 1,
        prices: [],
        tariffs: [],
        statuses: [{ ...point, status: 'OUTOFORDER', statusAt: lastUpdated }],
      });
      // The new version with the new ETag is current: 304.
      const again = await get('station-live', query(changed.list.version), {
        'if-none-match': changed.response.headers.etag as string,
      });
      expect(again.statusCode).toBe(304);
    });

    it('sends a price change as that price, and a new tariff as the tariff', async () => {
      const { list: before } = await live('country=FI');
      const price = before.prices.find((row) => row.grade === '95')!;
      const setAt = new Date(Math.floor(Date.now() / 1000) * 1000 - 1000).toISOString();
      const pushed = await post('/station-import/v1/fuel-prices', PRICE_TOKEN, {
        prices: [{ station: price.station, grade: '95', price: 1.555, currency: 'EUR', setAt }],
      });
      expect(pushed.statusCode).toBe(200);
      const tariff = before.tariffs[0]!;
      // Newer than the seed's tariffs (set when the run's template was seeded).
      const tariffPush = await post('/station-import/v1/tariffs', STATUS_TOKEN, {
        tariffs: [
          {
            country_code: 'FI',
            party_id: 'ST1',
            id: tariff.id,
            currency: 'EUR',
            elements: [{ price_components: [{ type: 'ENERGY', price: 0.5, vat: 25.5, step_size: 1 }] }],
            last_updated: new Date().toISOString(),
          },
        ],
      });
      expect(tariffPush.statusCode).toBe(200);
      const { list: delta } = await live(`country=FI&since=${before.version}`);
      expect(delta.prices).toEqual([{ station: price.station, grade: '95', price: 1.555, setAt }]);
      expect(delta.statuses).toEqual([]);
      expect(delta.tariffs).toEqual([{ id: tariff.id, tariff: { kwh: 0.6275 } }]);
      // Another country's live channel does not carry Finnish rows.
      const sweden = await get('station-live', `country=SE&since=${before.version}`);
      expect(decodeLive(sweden.json(), 'SE')).toMatchObject({ prices: [], statuses: [], tariffs: [] });
    });

    it('sends an edited or removed station by the facts channel, with tombstones', async () => {
      const { list: first } = await facts('country=FI');
      const repository = createRepository();
      const [renamed, removed] = first.stations.slice(-2);
      const record = (await repository.findBySlug(renamed!.slug))!;
      await repository.save({ ...record, name: `${record.name} (renovated)` });
      await repository.remove(removed!.id);
      const { list: delta } = await facts(`country=FI&since=${first.version}&dataset=${first.dataset}`);
      expect(delta.full).toBe(false);
      expect(delta.stations.map((station) => `${station.id} ${station.name}`)).toEqual([
        `${renamed!.id} ${record.name} (renovated)`,
      ]);
      expect(delta.removed).toEqual([removed!.id]);
      expect(delta.version).toBeGreaterThan(first.version);
    });

    it('answers a version of another history, or newer than its own, with the full list', async () => {
      const { list: current } = await live('country=FI');
      const other = await live(`country=FI&since=${current.version}&dataset=another-history`);
      expect(other.list.full).toBe(true);
      expect((await live(`country=FI&since=${current.version + 1000}`)).list.full).toBe(true);
      const { list: factsNow } = await facts('country=FI');
      const otherFacts = await facts(`country=FI&since=${factsNow.version}&dataset=another-history`);
      expect(otherFacts.list).toMatchObject({ full: true, removed: [] });
      expect(otherFacts.list.stations.length).toBe(factsNow.stations.length);
    });

    it('brings every change to an app syncing live deltas while imports run at once', async () => {
      // Imports take live versions in their transactions and commit in the order of them
      // (the counter row's lock on PostgreSQL): a delta read between two commits never
      // skips the lower one for good.
      const { list: first } = await live('country=FI');
      const held = new Map(first.statuses.map((row) => [`${row.station}|${row.uid}`, row.status]));
      let since = first.version;
      const sync = async () => {
        const { list } = await live(`country=FI&since=${since}`);
        for (const row of list.statuses) held.set(`${row.station}|${row.uid}`, row.status);
        since = list.version;
      };
      const points = first.statuses.slice(-20);
      let writing = true;
      const at = new Date(Math.floor(Date.now() / 1000) * 1000 + 1000).toISOString();
      const writers = Promise.all(
        points.map((point, index) =>
          post('/station-import/v1/charger-statuses', STATUS_TOKEN, {
            statuses: [
              {
                station: point.station,
                evseUid: point.uid,
                status: index % 2 ? 'RESERVED' : 'BLOCKED',
                lastUpdated: at,
              },
            ],
          }),
        ),
      ).finally(() => (writing = false));
      // Each round yields to the event loop: the imports' requests are read in later tasks.
      while (writing) {
        await sync();
        await new Promise((resolve) => setImmediate(resolve));
      }
      expect((await writers).map((answer) => answer.statusCode)).toEqual(points.map(() => 200));
      await sync();
      const { list: truth } = await live('country=FI');
      for (const row of truth.statuses) expect(held.get(`${row.station}|${row.uid}`), row.uid).toBe(row.status);
    });

    it('refuses a bad query with a 400 and the JSON error body', async () => {
      for (const query of ['country=DK', 'since=-1', 'since=abc', 'dataset=a%20b']) {
        for (const path of ['station-facts', 'station-live'] as const) {
          const response = await get(path, query);
          expect(response.statusCode, `${path}?${query}`).toBe(400);
          expect(readErrorBody(response.json()).code).toBe('BAD_REQUEST');
        }
      }
    });
  });
});
