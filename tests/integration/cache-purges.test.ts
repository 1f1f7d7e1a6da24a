/**
 * Purges by surrogate key through the outbox (server/origin/outbox/cache-purges.ts), on
 * SQLite and PostgreSQL (support/each-database.ts), against a real HTTP server standing in
 * for a cache: an import queues exactly its stations' keys and is answered without waiting
 * for the cache; a cache that is down gets the purge later from the outbox worker, after
 * the back-off, and nothing is lost; keys never leave in a header longer than a cache takes.
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stationKey } from '#shared/surrogate-keys';
import { createCachePurges, NO_CACHE_PURGES, type CachePurges } from '../../server/origin/outbox/cache-purges';
import { createOutboxRepository } from '../../server/origin/outbox/outbox-repository';
import { createStationsRepository } from '../../server/origin/stations/stations-repository';
import type { SeededOrigin } from './support/seeded-origin';
import { forEachDatabase } from './support/each-database';
import { freePort } from './support/throwaway-varnish';

const PRICE_TOKEN = 'cache-purges-price-token-0123456789abcdef';
const silent = { warn: () => undefined, error: () => undefined };

/** A stand-in cache: records every PURGE it takes. */
async function purgeRecorder(port: number) {
  const received: IncomingHttpHeaders[] = [];
  const server: Server = createServer((request, response) => {
    received.push(request.headers);
    response.statusCode = request.method === 'PURGE' ? 200 : 405;
    response.end();
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return { received, close: () => new Promise((resolve) => server.close(resolve)) };
}

forEachDatabase((database) => {
  describe(`cache purges on ${database.name}`, () => {
    let origin: SeededOrigin;
    let purges: CachePurges;
    let cachePort: number;
    let clock = new Date();
    let stationIds: string[];

    beforeAll(async () => {
      cachePort = await freePort();
      // The origin app's purges are built on its database (as start.ts does), on a clock the
      // test moves: the app gets them through this forwarder.
      const forwarder: CachePurges = {
        enabled: true,
        enqueue: (db, keys) => purges.enqueue(db, keys),
        deliverSoon: () => purges.deliverSoon(),
        deliverDue: () => purges.deliverDue(),
      };
      origin = await database.startOrigin('cache-purges', {
        importTokens: { prices: PRICE_TOKEN },
        cachePurges: forwarder,
      });
      purges = createCachePurges({
        outbox: createOutboxRepository(origin.db),
        urls: [`http://127.0.0.1:${cachePort}/`],
        retry: { maxAttempts: 5, retryBaseMs: 60_000 },
        log: silent,
        now: () => clock,
      });
      const records = await createStationsRepository(origin.db).allRecords();
      stationIds = [...records.values()]
        .map((row) => JSON.parse(row.recordJson) as { id: string; country: string; services: string[] })
        .filter((station) => station.country === 'FI' && station.services.includes('95'))
        .slice(0, 2)
        .map((station) => station.id);
    }, 60_000);

    afterAll(() => database.stop());

    it('keeps a purge the cache did not take and sends it from the outbox once the cache is back', async () => {
      // No cache listening: the queued purge fails, is kept, and waits for its back-off.
      await purges.enqueue(createOutboxRepository(origin.db), [stationKey(stationIds[0]!)]);
      expect(await purges.deliverDue()).toBe(1);
      const outbox = createOutboxRepository(origin.db);
      expect(await outbox.countByStatus('cache-purge')).toMatchObject({ pending: 1, delivered: 0 });
      expect(await purges.deliverDue()).toBe(0); // not due before its back-off
      const cache = await purgeRecorder(cachePort);
      try {
        clock = new Date(clock.getTime() + 61_000);
        expect(await purges.deliverDue()).toBe(1);
        expect(cache.received).toHaveLength(1);
        expect(cache.received[0]!['xkey-purge']).toBe(stationKey(stationIds[0]!));
        expect(cache.received[0]!['surrogate-key']).toBe(stationKey(stationIds[0]!));
        expect(await outbox.countByStatus('cache-purge')).toMatchObject({ pending: 0, delivered: 1 });
      } finally {
        await cache.close();
      }
    });

    it('splits many keys over several purges, each header short', async () => {
      const cache = await purgeRecorder(cachePort);
      try {
        const keys = Array.from({ length: 250 }, (_, index) => stationKey(`FI-${String(index).padStart(4, '0')}`));
        await purges.enqueue(createOutboxRepository(origin.db), keys);
        expect(await purges.deliverDue()).toBe(3);
        const sent = cache.received.map((headers) => String(headers['xkey-purge']).split(' '));
        expect(sent.flat().sort()).toEqual([...keys].sort());
        for (const batch of sent) expect(batch.join(' ').length).toBeLessThan(8192);
      } finally {
        await cache.close();
      }
    });

    it('answers a price import without waiting for the cache, and purges exactly its stations', async () => {
      const cache = await purgeRecorder(cachePort);
      try {
        const response = await origin.app.inject({
          method: 'POST',
          url: '/station-import/v1/fuel-prices',
          headers: { authorization: `Bearer ${PRICE_TOKEN}` },
          payload: {
            prices: [
              { station: stationIds[1]!, grade: '95', price: 1.555, currency: 'EUR', setAt: new Date().toISOString() },
            ],
          },
        });
        expect(response.statusCode, response.body).toBe(200);
        await expect.poll(() => cache.received.length, { timeout: 2000 }).toBe(1);
        expect(cache.received[0]!['xkey-purge']).toBe(stationKey(stationIds[1]!));
      } finally {
        await cache.close();
      }
    });

    it('logs every change for the site servers’ render caches, with or without a cache', async () => {
      const changes = async (after: string) => {
        const response = await origin.app.inject({ url: `/cms-view/v1/page-changes?after=${after}` });
        return { status: response.statusCode, body: response.json() as { latest: number; keys: string[] | null } };
      };
      // A site server that has read nothing yet keeps nothing it made before.
      const start = await changes('-1');
      expect(start).toMatchObject({ status: 200, body: { keys: null } });
      const { latest } = start.body;
      expect(latest).toBeGreaterThan(0); // the purges above were logged too
      expect((await changes(String(latest))).body).toEqual({ latest, keys: [] });
      // Logged with the change, in its transaction, even where no cache is configured.
      await NO_CACHE_PURGES.enqueue(createOutboxRepository(origin.db), [stationKey(stationIds[0]!), 'layout-fi-FI']);
      expect((await changes(String(latest))).body).toEqual({
        latest: latest + 1,
        keys: [stationKey(stationIds[0]!), 'layout-fi-FI'],
      });
      expect((await changes(String(latest - 1))).body.keys).toContain(stationKey(stationIds[1]!));
      for (const bad of ['x', '-2', '1.5', '']) expect((await changes(bad)).status, `after=${bad}`).toBe(400);
    });
  });
});
