/**
 * The delta sync of live station data at scale (scripts/bench-stations.ts): a fresh origin
 * seeded with `total` stations and their live data, then `fraction` of all stations change
 * (a charger status each, at stations with chargers; or a price each), and the bytes of the
 * three countries' deltas since the version before are measured as the origin answers them.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { StationList } from '#shared/stations';
import { buildOriginApp } from '../../server/origin/app';
import { openDatabase } from '../../server/origin/db';
import { createOriginUnitOfWork } from '../../server/origin/origin-unit-of-work';
import { migrateToLatest } from '../../server/origin/migrate';
import { seedLiveDataIfEmpty, seedTariffsIfEmpty } from '../../server/origin/stations/seed/live-data-seed';
import { seedStationsIfEmpty } from '../../server/origin/stations/seed/stations-seed';
import { importChargerStatuses, importFuelPrices } from '../../server/origin/stations/station-imports';

const COUNTRIES = ['FI', 'SE', 'NO'] as const;

export interface Bytes {
  json: number;
  gzip: number;
  brotli: number;
}

export interface LiveDeltaFigures {
  total: number;
  fraction: number;
  /** Stations with charge points, and charge points in all. */
  chargingStations: number;
  chargePoints: number;
  /** The full lists of the three countries with live data (a first install of each). */
  full: Bytes;
  /** The FI full list alone (the fi-FI locale's first sync). */
  fullFi: Bytes;
  statusChanges: { stations: number; delta: Bytes; importMs: number };
  priceChanges: { stations: number; delta: Bytes; importMs: number };
}

const measure = (bodies: readonly string[]): Bytes =>
  bodies.reduce(
    (sum, body) => ({
      json: sum.json + Buffer.byteLength(body),
      gzip: sum.gzip + gzipSync(body).length,
      brotli: sum.brotli + brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } }).length,
    }),
    { json: 0, gzip: 0, brotli: 0 },
  );

export async function liveDeltaFigures(root: string, total: number, fraction: number): Promise<LiveDeltaFigures> {
  const dataDir = mkdtempSync(join(tmpdir(), 'st1-bench-live-'));
  const db = openDatabase({ dataDir });
  try {
    await migrateToLatest(db);
    await seedStationsIfEmpty(createOriginUnitOfWork(db).transaction, join(root, 'content'), { total });
    // Two days of price history: enough to have a history, quick to seed at 13,000 stations.
    await seedLiveDataIfEmpty(createOriginUnitOfWork(db).transaction, join(root, 'content'), { days: 2 });
    // Each charge point carries its tariff in the list, as the product's do.
    await seedTariffsIfEmpty(createOriginUnitOfWork(db).transaction, join(root, 'content'));
    const app = buildOriginApp(db);
    const list = async (country: string, since = 0) => {
      const response = await app.inject({ url: `/cms-view/v1/stations?country=${country}&since=${since}` });
      if (response.statusCode !== 200) throw new Error(`list ${country} answered ${response.statusCode}`);
      return response.body;
    };
    const fullBodies = await Promise.all(COUNTRIES.map((country) => list(country)));
    const lists = fullBodies.map((body) => JSON.parse(body) as StationList);
    const stations = lists.flatMap((item) => item.stations);
    const changing = Math.round(stations.length * fraction);
    const charging = stations.filter((station) => station.chargePoints && station.chargePoints.length > 0);
    const now = new Date();

    // 1. Charger statuses: one charge point each at `changing` stations with chargers.
    const statusVersion = Math.max(...lists.map((item) => item.version));
    const statusTargets = charging
      .filter((_, index) => index % Math.max(1, Math.floor(charging.length / changing)) === 0)
      .slice(0, changing);
    let t = performance.now();
    await importChargerStatuses(
      createOriginUnitOfWork(db).transaction,
      statusTargets.map((station) => ({
        station: station.id,
        evseUid: station.chargePoints![0]!.uid,
        status: station.chargePoints![0]!.status === 'AVAILABLE' ? 'CHARGING' : 'AVAILABLE',
        lastUpdated: now.toISOString(),
      })),
      now,
    );
    const statusImportMs = performance.now() - t;
    const statusDelta = await Promise.all(COUNTRIES.map((country) => list(country, statusVersion)));

    // 2. Prices: the 95 price of `changing` stations, a cent lower.
    const afterStatus = Math.max(...statusDelta.map((body) => (JSON.parse(body) as StationList).version));
    const priced = stations.filter((station) => station.prices?.some((price) => price.grade === '95'));
    const priceTargets = priced
      .filter((_, index) => index % Math.max(1, Math.floor(priced.length / changing)) === 0)
      .slice(0, changing);
    t = performance.now();
    await importFuelPrices(
      createOriginUnitOfWork(db).transaction,
      priceTargets.map((station) => {
        const current = station.prices!.find((price) => price.grade === '95')!;
        const currency = station.country === 'FI' ? 'EUR' : station.country === 'SE' ? 'SEK' : 'NOK';
        return {
          station: station.id,
          grade: '95' as const,
          price: Math.round((current.price - 0.01) * 1000) / 1000,
          currency,
          setAt: now.toISOString(),
        };
      }),
      now,
    );
    const priceImportMs = performance.now() - t;
    const priceDelta = await Promise.all(COUNTRIES.map((country) => list(country, afterStatus)));
    const changedIn = (bodies: string[]) =>
      bodies.reduce((sum, body) => sum + (JSON.parse(body) as StationList).stations.length, 0);
    await app.close();
    return {
      total: stations.length,
      fraction,
      chargingStations: charging.length,
      chargePoints: charging.reduce((sum, station) => sum + station.chargePoints!.length, 0),
      full: measure(fullBodies),
      fullFi: measure([fullBodies[0]!]),
      statusChanges: { stations: changedIn(statusDelta), delta: measure(statusDelta), importMs: statusImportMs },
      priceChanges: { stations: changedIn(priceDelta), delta: measure(priceDelta), importMs: priceImportMs },
    };
  } finally {
    await db.destroy();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/** The block of docs/stations.md written by the benchmark. */
export function liveDeltaReport(figures: LiveDeltaFigures, header: string): string[] {
  const pct = `${Math.round(figures.fraction * 100)} %`;
  const row = (what: string, stations: number | string, bytes: Bytes, note = '') =>
    `| ${what} | ${stations} | ${kb(bytes.json)} | ${kb(bytes.gzip)} | ${kb(bytes.brotli)} | ${note} |`;
  const perStation = (bytes: Bytes, stations: number) =>
    stations > 0 ? `${Math.round(bytes.gzip / stations)} B gzip a station` : '';
  return [
    header,
    '',
    `${figures.total.toLocaleString('en')} stations, ${figures.chargingStations.toLocaleString('en')} of them with ${figures.chargePoints.toLocaleString('en')} charge points; ${pct} of all stations change between two syncs. Sizes are the sum over the three countries' answers (\`cms-view/v1/stations?since=…\`) as the origin sends them; the site server sends brotli.`,
    '',
    '| answer | stations in it | JSON | gzip | brotli (q4) | note |',
    '|---|---:|---:|---:|---:|---|',
    row('Full lists with live data (first install of all three)', figures.total.toLocaleString('en'), figures.full),
    row('Full list of FI alone (fi-FI first sync)', '', figures.fullFi, 'the scale target: < 250 KB gzip at 13,000'),
    row(
      `Delta: ${pct} of stations with a charger status change`,
      figures.statusChanges.stations.toLocaleString('en'),
      figures.statusChanges.delta,
      perStation(figures.statusChanges.delta, figures.statusChanges.stations),
    ),
    row(
      `Delta: ${pct} of stations with a new 95 price`,
      figures.priceChanges.stations.toLocaleString('en'),
      figures.priceChanges.delta,
      perStation(figures.priceChanges.delta, figures.priceChanges.stations),
    ),
    '',
    `Import of the batch in process (one transaction, SQLite): statuses ${figures.statusChanges.importMs.toFixed(0)} ms, prices ${figures.priceChanges.importMs.toFixed(0)} ms.`,
  ];
}
