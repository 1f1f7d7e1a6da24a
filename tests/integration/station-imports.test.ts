/**
 * The import APIs of live station data against a real SQLite file (and PostgreSQL where
 * its binaries are, support/each-database.ts): fuel prices
 * (POST station-import/v1/fuel-prices) and charge point statuses
 * (POST station-import/v1/charger-statuses). Bad input — a wrong or missing token,
 * malformed rows, implausible prices, out-of-order statuses — gets a clear error and
 * loses nothing stored; a change reaches the apps by the live-data channel
 * (cms-view/v1/station-live), and only the change, never the station's facts.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readErrorBody } from '#shared/api/errors';
import { stationsApi } from '#shared/api/stations';
import { stationListSchema, type StationSummary } from '#shared/stations';
import { decodeLive } from '#shared/station-wire';
import { liveRowsByStation, tariffsAfter, withLive, type Tariffs } from '../../src/features/stations/station-records';
import type { Db } from '../../server/origin/db';
import { createChargePointsRepository } from '../../server/origin/stations/charge-points-repository';
import { createFuelPricesRepository } from '../../server/origin/stations/fuel-prices-repository';
import { createStationsRepository } from '../../server/origin/stations/stations-repository';
import { forEachDatabase } from './support/each-database';
import { startSeededOrigin } from './support/seeded-origin';

const PRICE_TOKEN = 'price-feed-token-0123456789abcdef-xyz';
const STATUS_TOKEN = 'charger-feed-token-0123456789abcdef-xyz';

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();
/** An instant as the live channel carries it: whole seconds. */
const onWire = (instant: string) => new Date(Math.floor(Date.parse(instant) / 1000) * 1000).toISOString();

describe('without a token configured', () => {
  it('is off with a clear 503 when no token is configured', async () => {
    const bare = await startSeededOrigin('station-imports-off');
    try {
      const response = await bare.app.inject({
        method: 'POST',
        url: '/station-import/v1/fuel-prices',
        headers: { authorization: `Bearer ${PRICE_TOKEN}` },
        payload: { prices: [] },
      });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toMatchObject({ code: 'IMPORT_NOT_CONFIGURED' });
    } finally {
      await bare.close();
    }
  });
});

forEachDatabase((database) => {
  describe.skipIf(database.skip !== undefined)(`station imports on ${database.name}`, () => {
    let db: Db;
    let app: FastifyInstance;
    let stations: StationSummary[];
    let listVersion: number;
    let stationVersion: number;
    let tariffs: Tariffs;

    beforeAll(async () => {
      const origin = await database.startOrigin('station-imports', {
        importTokens: { prices: PRICE_TOKEN, chargerStatuses: STATUS_TOKEN },
      });
      ({ db, app } = origin);
      const list = stationListSchema.parse((await app.inject({ url: '/cms-view/v1/stations?country=FI' })).json());
      stations = list.stations;
      stationVersion = list.version;
      const live = await liveAnswer(0);
      listVersion = live.version;
      tariffs = tariffsAfter(undefined, live);
    }, 120_000);

    afterAll(() => database.stop());

    function postPrices(body: unknown, token: string | null = PRICE_TOKEN) {
      return app.inject({
        method: 'POST',
        url: '/station-import/v1/fuel-prices',
        headers: token === null ? {} : { authorization: `Bearer ${token}` },
        payload: body as object,
      });
    }

    function postStatuses(body: unknown, token: string | null = STATUS_TOKEN) {
      return app.inject({
        method: 'POST',
        url: '/station-import/v1/charger-statuses',
        headers: token === null ? {} : { authorization: `Bearer ${token}` },
        payload: body as object,
      });
    }

    function postTariffs(body: unknown, token: string | null = STATUS_TOKEN) {
      return app.inject({
        method: 'POST',
        url: '/station-import/v1/tariffs',
        headers: token === null ? {} : { authorization: `Bearer ${token}` },
        payload: body as object,
      });
    }

    async function liveAnswer(since: number) {
      const response = await app.inject({ url: `/cms-view/v1/station-live?country=FI&since=${since}` });
      expect(response.statusCode).toBe(200);
      return decodeLive(stationsApi.live.response.parse(response.json()), 'FI');
    }

    /**
     * The stations the live channel's answer since a version changes, as the app stores
     * them (its own merge, station-records.ts, over the records of the first list): those
     * its prices and statuses name, and those with a charger priced by a changed tariff.
     */
    async function delta(since: number): Promise<{ version: number; stations: StationSummary[] }> {
      const live = await liveAnswer(since);
      const prices = tariffsAfter(tariffs, live);
      const repriced = new Set(live.tariffs.map((tariff) => tariff.id));
      const rows = liveRowsByStation(live);
      const named = stations.filter(
        (station) =>
          rows.has(station.id) ||
          station.chargePoints?.some((point) => point.tariffId !== undefined && repriced.has(point.tariffId)),
      );
      return {
        version: live.version,
        stations: named.map((station) => withLive(station, rows.get(station.id) ?? {}, live.full, prices)),
      };
    }

    /** The station list's (facts') version: live data never moves it. */
    async function factsVersion() {
      const list = stationListSchema.parse((await app.inject({ url: '/cms-view/v1/stations?country=FI' })).json());
      return list.version;
    }

    const selling = (grade: string) => stations.find((station) => station.services.includes(grade as never))!;

    describe('seed', () => {
      it('gives stations current prices with a history, and chargers to stations with EV charging', async () => {
        const withPrices = stations.filter((station) => station.prices && station.prices.length > 0);
        expect(withPrices.length).toBe(stations.length);
        const station = selling('95');
        const history = await createFuelPricesRepository(db).history(station.id, '95');
        expect(history.length).toBeGreaterThan(3);
        expect(station.prices!.find((price) => price.grade === '95')).toEqual({
          grade: '95',
          price: history[0]!.price,
          setAt: history[0]!.setAt,
        });
        for (const price of withPrices.flatMap((item) => item.prices!)) expect(price.price).toBeGreaterThan(0.5);
        const charging = stations.filter((item) => item.services.includes('evCharging'));
        expect(charging.length).toBeGreaterThan(0);
        expect(charging.every((item) => (item.chargePoints?.length ?? 0) >= 2)).toBe(true);
        expect(
          stations.filter((item) => !item.services.includes('evCharging')).every((item) => !item.chargePoints),
        ).toBe(true);
      });
    });

    describe('POST station-import/v1/fuel-prices', () => {
      it('refuses a missing or wrong token before reading the body, and stores nothing', async () => {
        const station = selling('95');
        const body = {
          prices: [{ station: station.id, grade: '95', price: 1.5, currency: 'EUR', setAt: minutesAgo(1) }],
        };
        for (const token of [null, 'wrong-token', `${PRICE_TOKEN}x`, STATUS_TOKEN]) {
          const response = await postPrices(body, token);
          expect(response.statusCode).toBe(401);
          expect(readErrorBody(response.json()).code).toBe('UNAUTHORIZED');
          expect(response.headers['www-authenticate']).toBe('Bearer');
        }
        // Not even a malformed body is looked at without the token.
        expect((await postPrices({ nonsense: true }, 'wrong')).statusCode).toBe(401);
        expect((await delta(listVersion)).stations).toEqual([]);
      });

      it('refuses malformed batches with a 400 naming the field', async () => {
        const station = selling('95');
        const cases: Array<[unknown, RegExp]> = [
          [{}, /prices/],
          [{ prices: [] }, /prices/],
          [
            { prices: [{ station: station.id, grade: '95', price: '1,89', currency: 'EUR', setAt: minutesAgo(1) }] },
            /prices\.0\.price/,
          ],
          [
            { prices: [{ station: station.id, grade: '99', price: 1.8, currency: 'EUR', setAt: minutesAgo(1) }] },
            /prices\.0\.grade/,
          ],
          [
            { prices: [{ station: station.id, grade: '95', price: 1.8, currency: 'EUR', setAt: 'yesterday' }] },
            /prices\.0\.setAt/,
          ],
          [
            { prices: [{ station: 'helsinki', grade: '95', price: 1.8, currency: 'EUR', setAt: minutesAgo(1) }] },
            /prices\.0\.station/,
          ],
        ];
        for (const [body, field] of cases) {
          const response = await postPrices(body);
          expect(response.statusCode, JSON.stringify(body)).toBe(400);
          const error = readErrorBody(response.json());
          expect(error.code).toBe('BAD_REQUEST');
          expect(error.message).toMatch(field);
        }
      });

      it('refuses implausible prices and other bad rows with a 422 naming the row, and stores none of the batch', async () => {
        const station = selling('95');
        const good = { station: station.id, grade: '95', price: 1.699, currency: 'EUR', setAt: minutesAgo(2) };
        const cases: Array<[Record<string, unknown>, string]> = [
          [{ price: 189.9 }, 'IMPLAUSIBLE_PRICE'],
          [{ price: 0 }, 'IMPLAUSIBLE_PRICE'],
          [{ price: 1.8999 }, 'IMPLAUSIBLE_PRICE'],
          [{ currency: 'SEK', price: 17.5 }, 'WRONG_CURRENCY'],
          [{ station: 'FI-9999' }, 'UNKNOWN_STATION'],
          [{ setAt: new Date(Date.now() + 3_600_000).toISOString() }, 'FUTURE_TIME'],
        ];
        for (const [change, code] of cases) {
          const response = await postPrices({ prices: [good, { ...good, ...change }] });
          expect(response.statusCode, code).toBe(422);
          const body = response.json() as { code: string; message: string; rows: Array<{ row: number; code: string }> };
          expect(body.code).toBe(code);
          expect(body.message).toMatch(/row 1: /);
          expect(body.rows[0]).toMatchObject({ row: 1, code });
        }
        const noHvo = stations.find((item) => !item.services.includes('HVO'))!;
        const notSold = await postPrices({ prices: [{ ...good, station: noHvo.id, grade: 'HVO' }] });
        expect(notSold.statusCode).toBe(422);
        expect(notSold.json()).toMatchObject({ code: 'GRADE_NOT_SOLD' });
        // The good row of each refused batch was not stored either.
        const history = await createFuelPricesRepository(db).history(station.id, '95');
        expect(history.some((entry) => entry.price === 1.699)).toBe(false);
        expect((await delta(listVersion)).stations).toEqual([]);
      });

      it('stores a batch once (idempotent), bumps the stations, and the delta carries the new price', async () => {
        const [first, second] = stations.filter((item) => item.services.includes('diesel'));
        const lastModified = async () =>
          (await createStationsRepository(db).listForSitemap()).find((row) => row.slug === first!.slug)?.updatedAt;
        const modifiedBefore = await lastModified();
        const setAt = minutesAgo(3);
        const body = {
          prices: [
            { station: first!.id, grade: 'diesel', price: 1.659, currency: 'EUR', setAt },
            { station: second!.id, grade: 'diesel', price: 1.649, currency: 'EUR', setAt },
          ],
        };
        const response = await postPrices(body);
        expect(response.statusCode).toBe(200);
        const result = response.json() as { stored: number; stationsChanged: number; version: number };
        expect(result).toMatchObject({ received: 2, stored: 2, unchanged: 0, stationsChanged: 2 });
        const changes = await delta(listVersion);
        expect(changes.stations.map((item) => item.id).sort()).toEqual([first!.id, second!.id].sort());
        const price = changes.stations.find((item) => item.id === first!.id)!.prices!.find((p) => p.grade === 'diesel');
        expect(price).toEqual({ grade: 'diesel', price: 1.659, setAt: onWire(setAt) });
        expect(result.version).toBe(changes.version);
        // A new live version for the sync; the stations' facts keep theirs, and no new page for the sitemap.
        expect(await factsVersion()).toBe(stationVersion);
        expect(await lastModified()).toBe(modifiedBefore);

        // The same batch again: nothing new, no version bump.
        const again = await postPrices(body);
        expect(again.statusCode).toBe(200);
        expect(again.json()).toMatchObject({ stored: 0, unchanged: 2, stationsChanged: 0, version: null });
        expect((await delta(changes.version)).stations).toEqual([]);

        // Another price for an instant already stored is refused: history is not rewritten.
        const rewrite = await postPrices({ prices: [{ ...body.prices[0]!, price: 1.5 }] });
        expect(rewrite.statusCode).toBe(422);
        expect(rewrite.json()).toMatchObject({ code: 'CONFLICTING_PRICE' });

        // An older price (out of order) adds history but leaves the current price alone.
        const older = await postPrices({
          prices: [{ station: first!.id, grade: 'diesel', price: 1.701, currency: 'EUR', setAt: minutesAgo(60 * 30) }],
        });
        expect(older.json()).toMatchObject({ stored: 1, stationsChanged: 0 });
        const history = await createFuelPricesRepository(db).history(first!.id, 'diesel');
        expect(history[0]).toMatchObject({ price: 1.659 });
        expect(history.some((entry) => entry.price === 1.701)).toBe(true);
      });

      it('takes a price a little ahead of the clock as set now, so the true price after it still applies', async () => {
        const station = stations.filter((item) => item.services.includes('98'))[2]!;
        const priceNow = async () =>
          (await delta(0)).stations.find((item) => item.id === station.id)!.prices!.find((p) => p.grade === '98')!;
        const row = { station: station.id, grade: '98', currency: 'EUR' };
        const aheadBatch = { prices: [{ ...row, price: 2.111, setAt: minutesAgo(-4) }] };
        const ahead = await postPrices(aheadBatch);
        expect(ahead.json()).toMatchObject({ stored: 1, stationsChanged: 1 });
        const aheadPrice = await priceNow();
        expect(aheadPrice.price).toBe(2.111);
        expect(Date.parse(aheadPrice.setAt)).toBeLessThanOrEqual(Date.now());
        await new Promise((resolve) => setTimeout(resolve, 5));
        const truth = await postPrices({ prices: [{ ...row, price: 1.999, setAt: minutesAgo(0) }] });
        expect(truth.json()).toMatchObject({ stored: 1, stationsChanged: 1 });
        expect((await priceNow()).price).toBe(1.999);
        // The history keeps the times as reported; the same batch again stores nothing.
        const again = await postPrices(aheadBatch);
        expect(again.json()).toMatchObject({ stored: 0, unchanged: 1, stationsChanged: 0 });
        expect((await priceNow()).price).toBe(1.999);
        const history = await createFuelPricesRepository(db).history(station.id, '98');
        expect(history[0]!.price).toBe(2.111);
        expect(Date.parse(history[0]!.setAt)).toBeGreaterThan(Date.now());
        const tooFar = await postPrices({ prices: [{ ...row, price: 2.2, setAt: minutesAgo(-6) }] });
        expect(tooFar.json()).toMatchObject({ code: 'FUTURE_TIME' });
      });
    });

    describe('POST station-import/v1/charger-statuses', () => {
      const charging = () => stations.find((item) => (item.chargePoints?.length ?? 0) >= 2)!;

      it('refuses a wrong token, malformed rows and unknown chargers', async () => {
        const station = charging();
        const uid = station.chargePoints![0]!.uid;
        const row = { station: station.id, evseUid: uid, status: 'AVAILABLE', lastUpdated: minutesAgo(1) };
        expect((await postStatuses({ statuses: [row] }, PRICE_TOKEN)).statusCode).toBe(401);
        const malformed = await postStatuses({ statuses: [{ ...row, status: 'FREE' }] });
        expect(malformed.statusCode).toBe(400);
        expect(malformed.json().message).toMatch(/statuses\.0\.status/);
        const unknown = await postStatuses({ statuses: [row, { ...row, evseUid: 'nope' }] });
        expect(unknown.statusCode).toBe(422);
        expect(unknown.json()).toMatchObject({ code: 'UNKNOWN_EVSE', rows: [{ row: 1, code: 'UNKNOWN_EVSE' }] });
        expect((await delta(listVersion)).stations.some((item) => item.id === station.id)).toBe(false);
      });

      it('applies newer statuses, ignores older and repeated ones, and the delta carries the change', async () => {
        const station = charging();
        const [a, b] = station.chargePoints!;
        const base = (await delta(0)).version;
        // The seed reported statuses in the last ten minutes: these are newer.
        const t1 = minutesAgo(0);
        const first = await postStatuses({
          statuses: [
            { station: station.id, evseUid: a!.uid, status: 'CHARGING', lastUpdated: t1 },
            { station: station.id, evseUid: b!.uid, status: 'OUTOFORDER', lastUpdated: t1 },
          ],
        });
        expect(first.statusCode).toBe(200);
        expect(first.json()).toMatchObject({ received: 2, applied: 2, ignored: 0, stationsChanged: 1 });
        const changes = await delta(base);
        const changed = changes.stations.find((item) => item.id === station.id)!;
        expect(changed.chargePoints!.find((point) => point.uid === a!.uid)).toMatchObject({
          status: 'CHARGING',
          statusAt: onWire(t1),
        });
        expect(changes.stations).toHaveLength(1);
        expect(await factsVersion()).toBe(stationVersion);

        // Out of order: an update older than the stored one is ignored; the same again too.
        const late = await postStatuses({
          statuses: [
            { station: station.id, evseUid: a!.uid, status: 'AVAILABLE', lastUpdated: minutesAgo(5) },
            { station: station.id, evseUid: b!.uid, status: 'OUTOFORDER', lastUpdated: t1 },
          ],
        });
        expect(late.json()).toMatchObject({ applied: 0, ignored: 2, stationsChanged: 0, version: null });
        expect((await delta(changes.version)).stations).toEqual([]);

        // Within one batch the newest status wins, whatever the order of the rows (a minute or
        // two ahead is within the clocks' tolerance).
        const mixed = await postStatuses({
          statuses: [
            { station: station.id, evseUid: a!.uid, status: 'AVAILABLE', lastUpdated: minutesAgo(-2) },
            { station: station.id, evseUid: a!.uid, status: 'RESERVED', lastUpdated: minutesAgo(-1) },
          ],
        });
        // The older report of the two is superseded within the batch.
        expect(mixed.json()).toMatchObject({ applied: 1, ignored: 1 });
        const after = (await delta(changes.version)).stations.find((item) => item.id === station.id)!;
        expect(after.chargePoints!.find((point) => point.uid === a!.uid)!.status).toBe('AVAILABLE');
      });

      it('takes a status a little ahead of the clock as received now, so the true status after it still applies', async () => {
        const station = charging();
        const b = station.chargePoints![1]!;
        const ahead = await postStatuses({
          statuses: [{ station: station.id, evseUid: b.uid, status: 'RESERVED', lastUpdated: minutesAgo(-4) }],
        });
        expect(ahead.json()).toMatchObject({ applied: 1 });
        const stored = (await delta(0)).stations.find((item) => item.id === station.id)!;
        const reserved = stored.chargePoints!.find((point) => point.uid === b.uid)!;
        expect(reserved.status).toBe('RESERVED');
        // Stored as the moment received, not 4 minutes ahead.
        expect(Date.parse(reserved.statusAt)).toBeLessThanOrEqual(Date.now());
        await new Promise((resolve) => setTimeout(resolve, 5));
        const truth = await postStatuses({
          statuses: [{ station: station.id, evseUid: b.uid, status: 'AVAILABLE', lastUpdated: minutesAgo(0) }],
        });
        expect(truth.json()).toMatchObject({ applied: 1, ignored: 0 });
        const after = (await delta(0)).stations.find((item) => item.id === station.id)!;
        expect(after.chargePoints!.find((point) => point.uid === b.uid)!.status).toBe('AVAILABLE');

        const tooFar = await postStatuses({
          statuses: [{ station: station.id, evseUid: b.uid, status: 'CHARGING', lastUpdated: minutesAgo(-6) }],
        });
        expect(tooFar.statusCode).toBe(422);
        expect(tooFar.json()).toMatchObject({ code: 'FUTURE_TIME', rows: [{ row: 0, code: 'FUTURE_TIME' }] });
      });
    });

    describe('POST station-import/v1/tariffs (OCPI 2.2.1)', () => {
      const hpc = (price: number, lastUpdated: string, extra: Record<string, unknown> = {}) => ({
        country_code: 'FI',
        party_id: 'ST1',
        id: 'ST1-FI-HPC',
        currency: 'EUR',
        type: 'REGULAR',
        elements: [{ price_components: [{ type: 'ENERGY', price, vat: 25.5, step_size: 1 }] }],
        last_updated: lastUpdated,
        ...extra,
      });
      const fastStation = () =>
        stations.find((item) => item.chargePoints?.some((point) => point.connectors.some((c) => c.kw >= 150)))!;

      it('seeds a tariff for every seeded charger: the list carries its prices with VAT', () => {
        const points = stations.flatMap((item) => item.chargePoints ?? []);
        expect(points.length).toBeGreaterThan(0);
        expect(points.every((point) => point.tariff !== undefined)).toBe(true);
        const fast = fastStation().chargePoints!.find((point) => point.connectors.some((c) => c.kw >= 150))!;
        expect(fast.tariff).toEqual({ kwh: 0.6903 });
        const ac = points.find((point) => point.connectors.every((c) => c.kw === 22))!;
        // Energy and a session fee; parking after four hours is a restricted element, not the base price.
        expect(ac.tariff).toEqual({ kwh: 0.3137, session: 1.004 });
      });

      it('refuses a wrong token, malformed tariffs, the wrong currency and implausible prices; stores nothing', async () => {
        expect((await postTariffs({ tariffs: [hpc(0.5, minutesAgo(1))] }, PRICE_TOKEN)).statusCode).toBe(401);
        const malformed = await postTariffs({ tariffs: [{ ...hpc(0.5, minutesAgo(1)), elements: [] }] });
        expect(malformed.statusCode).toBe(400);
        expect(malformed.json().message).toMatch(/tariffs\.0\.elements/);
        const unknownType = await postTariffs({
          tariffs: [
            { ...hpc(0.5, minutesAgo(1)), elements: [{ price_components: [{ type: 'KWH', price: 1, step_size: 1 }] }] },
          ],
        });
        expect(unknownType.statusCode).toBe(400);
        const cases: Array<[Record<string, unknown>, string]> = [
          [{ currency: 'SEK' }, 'WRONG_CURRENCY'],
          [{ elements: [{ price_components: [{ type: 'ENERGY', price: 49, step_size: 1 }] }] }, 'IMPLAUSIBLE_PRICE'],
          [{ last_updated: minutesAgo(-6) }, 'FUTURE_TIME'],
        ];
        for (const [change, code] of cases) {
          const response = await postTariffs({
            tariffs: [hpc(0.5, minutesAgo(1)), { ...hpc(0.5, minutesAgo(1)), id: 'X', ...change }],
          });
          expect(response.statusCode, code).toBe(422);
          expect(response.json()).toMatchObject({ code, rows: [{ row: 1, code }] });
        }
        const list = (await delta(0)).stations.find((item) => item.id === fastStation().id)!;
        expect(list.chargePoints!.some((point) => point.tariff?.kwh === 0.6903)).toBe(true);
      });

      it('applies a newer tariff to every charger using it, once; the delta carries the new price', async () => {
        const before = (await delta(0)).version;
        const body = { tariffs: [hpc(0.6, minutesAgo(0))] };
        const first = await postTariffs(body);
        expect(first.statusCode).toBe(200);
        const result = first.json() as { stationsChanged: number; version: number };
        expect(result).toMatchObject({ received: 1, applied: 1, ignored: 0 });
        expect(result.stationsChanged).toBeGreaterThan(0);
        const changes = await delta(before);
        const changed = changes.stations.find((item) => item.id === fastStation().id)!;
        expect(changed.chargePoints!.some((point) => point.tariff?.kwh === 0.753)).toBe(true);
        expect(changes.stations.length).toBe(result.stationsChanged);
        // Again, and an older one: nothing changes, no version.
        expect((await postTariffs(body)).json()).toMatchObject({ applied: 0, ignored: 1, version: null });
        expect((await postTariffs({ tariffs: [hpc(0.2, minutesAgo(60))] })).json()).toMatchObject({ applied: 0 });
        expect((await delta(changes.version)).stations).toEqual([]);
      });
    });

    // Feeds retry and overlap: on PostgreSQL, imports at the same time gave 500s (a
    // duplicate key) and let an older value win (issue 27, finding 7).
    describe('imports at the same time', () => {
      it('stores the same price batch pushed 8 times at once once, and answers each with 200', async () => {
        const selling95 = stations.filter((item) => item.services.includes('95')).slice(-3);
        const setAt = minutesAgo(2);
        const body = {
          prices: selling95.map((station, index) => ({
            station: station.id,
            grade: '95',
            price: 1.8 + index / 100,
            currency: 'EUR',
            setAt,
          })),
        };
        const answers = await Promise.all(Array.from({ length: 8 }, () => postPrices(body)));
        expect(answers.map((answer) => answer.statusCode)).toEqual(Array.from({ length: 8 }, () => 200));
        const results = answers.map((answer) => answer.json() as { stored: number; unchanged: number });
        expect(results.reduce((sum, result) => sum + result.stored, 0)).toBe(selling95.length);
        expect(results.every((result) => result.stored + result.unchanged === selling95.length)).toBe(true);
        for (const station of selling95) {
          const history = await createFuelPricesRepository(db).history(station.id, '95');
          expect(history.filter((entry) => entry.setAt === new Date(setAt).toISOString())).toHaveLength(1);
        }
      });

      it('keeps the newer of two prices or statuses pushed at once, whatever their order (20 rounds)', async () => {
        const station = stations.filter((item) => item.services.includes('95')).at(-4)!;
        const charger = stations.filter((item) => (item.chargePoints?.length ?? 0) >= 1).at(-1)!;
        const uid = charger.chargePoints![0]!.uid;
        // Newer than anything stored (the seed's statuses are from its start, seconds ago),
        // each round newer than the last, and all in the past: a time ahead of the origin's
        // clock counts as the moment it was received (docs/stations.md "Times ahead of the
        // origin's clock"), so two such times pushed at once would tie by arrival instead.
        const start = Date.now() - 2500;
        for (let round = 0; round < 20; round += 1) {
          const older = new Date(start + round * 100).toISOString();
          const newer = new Date(start + round * 100 + 50).toISOString();
          const price = (setAt: string, value: number) =>
            postPrices({ prices: [{ station: station.id, grade: '95', price: value, currency: 'EUR', setAt }] });
          const status = (lastUpdated: string, value: string) =>
            postStatuses({ statuses: [{ station: charger.id, evseUid: uid, status: value, lastUpdated }] });
          const pushes =
            round % 2 === 0
              ? [price(older, 1.7), price(newer, 1.75), status(older, 'CHARGING'), status(newer, 'AVAILABLE')]
              : [price(newer, 1.75), price(older, 1.7), status(newer, 'AVAILABLE'), status(older, 'CHARGING')];
          expect((await Promise.all(pushes)).map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200]);
          const current = await createFuelPricesRepository(db).currentFor([station.id]);
          expect(
            current.get(station.id)!.find((item) => item.grade === '95'),
            `round ${round}`,
          ).toEqual({
            grade: '95',
            price: 1.75,
            setAt: newer,
          });
          const points = await createChargePointsRepository(db).statusesOf([charger.id]);
          expect(points.get(`${charger.id}|${uid}`), `round ${round}`).toEqual({
            status: 'AVAILABLE',
            statusAt: newer,
          });
        }
      });
    });
  });
});
