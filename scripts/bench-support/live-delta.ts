/**
 * The two station channels at scale (scripts/bench-stations.ts, docs/stations.md "Two
 * channels"): a fresh origin seeded with `total` stations and their live data; a first
 * install (facts + live data in full, against the keyed list of before), then as many
 * changes as `fraction` of all stations (charger statuses of charge points drawn at random;
 * then 95 prices of stations drawn at random), and the bytes of the three countries' live
 * deltas since the version before are measured as the origin answers them, per change.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { StationList } from '#shared/stations';
import type { LiveWire } from '#shared/station-wire';
import { buildOriginApp } from '../../server/origin/app';
import { openDatabase } from '../../server/origin/db';
import { createOriginUnitOfWork } from '../../server/origin/origin-unit-of-work';
import { migrateToLatest } from '../../server/origin/migrate';
import { seedLiveDataIfEmpty, seedTariffsIfEmpty } from '../../server/origin/stations/seed/live-data-seed';
import { seedStationsIfEmpty } from '../../server/origin/stations/seed/stations-seed';
import { importChargerStatuses, importFuelPrices } from '../../server/origin/stations/station-imports';

const COUNTRIES = ['FI', 'SE', 'NO'] as const;
/** The statuses a charger changes to, as often as they come in a feed. */
const STATUS_CHANGES = ['AVAILABLE', 'AVAILABLE', 'CHARGING', 'CHARGING', 'OUTOFORDER', 'RESERVED'] as const;

/** A small seeded PRNG (the seed's own kind), so every run draws the same changes. */
function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = state;
    value = Math.imul(value ^ (value >>> 15), value | 1);
    value ^= value + Math.imul(value ^ (value >>> 7), value | 61);
    return ((value ^ (value >>> 14)) >>> 0) / 4294967296;
  };
}

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
  /** A first install of all three countries: the keyed lists of before, and facts + live data. */
  keyed: Bytes;
  channels: Bytes;
  /** The same of FI alone (the fi-FI locale's first sync), and its two parts. */
  keyedFi: Bytes;
  channelsFi: Bytes;
  factsFi: Bytes;
  liveFi: Bytes;
  /** Changes: how many rows the live deltas of the three countries carry, their bytes, the import. */
  statusChanges: { changes: number; delta: Bytes; importMs: number };
  priceChanges: { changes: number; delta: Bytes; importMs: number };
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
    const answer = async (path: string, country: string, since = 0) => {
      const response = await app.inject({ url: `/cms-view/v1/${path}?country=${country}&since=${since}` });
      if (response.statusCode !== 200) throw new Error(`${path} ${country} answered ${response.statusCode}`);
      return response.body;
    };
    const list = (country: string) => answer('stations', country);
    const live = async (country: string, since = 0) => {
      const body = await answer('station-live', country, since);
      // A delta that came in full would measure the wrong thing.
      if (since > 0 && (JSON.parse(body) as LiveWire).full) throw new Error(`station-live since=${since} came in full`);
      return body;
    };
    const fullBodies = await Promise.all(COUNTRIES.map((country) => list(country)));
    const factsBodies = await Promise.all(COUNTRIES.map((country) => answer('station-facts', country)));
    const liveBodies = await Promise.all(COUNTRIES.map((country) => live(country)));
    const liveVersion = (body: string) => (JSON.parse(body) as LiveWire).version;
    const lists = fullBodies.map((body) => JSON.parse(body) as StationList);
    const stations = lists.flatMap((item) => item.stations);
    const changing = Math.round(stations.length * fraction);
    const charging = stations.filter((station) => station.chargePoints && station.chargePoints.length > 0);
    const now = new Date();

    // Who changes is drawn at random (a fixed seed): a regular pick (every tenth station)
    // made the deltas compress to almost nothing, which no real feed does.
    const random = mulberry32(29);
    const draw = <T>(items: readonly T[], count: number): T[] => {
      const pool = [...items];
      for (let index = pool.length - 1; index > 0; index--) {
        const other = Math.floor(random() * (index + 1));
        [pool[index], pool[other]] = [pool[other]!, pool[index]!];
      }
      return pool.slice(0, count);
    };
    const second = (offset: number) => new Date(Math.floor(now.getTime() / 1000 - offset) * 1000).toISOString();

    // 1. Charger statuses: `changing` charge points anywhere, each a new status reported in
    // the last ten seconds (as a feed reports them, to the second).
    const statusVersion = liveVersion(liveBodies[0]!);
    const points = charging.flatMap((station) => station.chargePoints!.map((point) => ({ station, point })));
    const statusTargets = draw(points, changing);
    let t = performance.now();
    await importChargerStatuses(
      createOriginUnitOfWork(db).transaction,
      statusTargets.map(({ station, point }) => ({
        station: station.id,
        evseUid: point.uid,
        status: STATUS_CHANGES[Math.floor(random() * STATUS_CHANGES.length)]!,
        lastUpdated: second(Math.floor(random() * 10)),
      })),
      now,
    );
    const statusImportMs = performance.now() - t;
    const statusDelta = await Promise.all(COUNTRIES.map((country) => live(country, statusVersion)));

    // 2. Prices: the 95 price of `changing` stations drawn at random, one to three cents
    // lower or higher, set at one instant (a chain sets prices centrally).
    const afterStatus = liveVersion(statusDelta[0]!);
    const priced = stations.filter((station) => station.prices?.some((price) => price.grade === '95'));
    const priceTargets = draw(priced, changing);
    t = performance.now();
    await importFuelPrices(
      createOriginUnitOfWork(db).transaction,
      priceTargets.map((station) => {
        const current = station.prices!.find((price) => price.grade === '95')!;
        const currency = station.country === 'FI' ? 'EUR' : station.country === 'SE' ? 'SEK' : 'NOK';
        const cents = (1 + Math.floor(random() * 3)) * (random() < 0.5 ? -1 : 1);
        return {
          station: station.id,
          grade: '95' as const,
          price: Math.round((current.price + cents / 100) * 1000) / 1000,
          currency,
          setAt: second(0),
        };
      }),
      now,
    );
    const priceImportMs = performance.now() - t;
    const priceDelta = await Promise.all(COUNTRIES.map((country) => live(country, afterStatus)));
    // Rows, not groups: a group is a station's id and three values per row.
    const rowsIn = (bodies: string[], kind: 'prices' | 'statuses') =>
      bodies.reduce(
        (sum, body) =>
          sum + (JSON.parse(body) as LiveWire)[kind].reduce((rows, group) => rows + (group.length - 1) / 3, 0),
        0,
      );
    await app.close();
    return {
      total: stations.length,
      fraction,
      chargingStations: charging.length,
      chargePoints: charging.reduce((sum, station) => sum + station.chargePoints!.length, 0),
      keyed: measure(fullBodies),
      channels: measure([...factsBodies, ...liveBodies]),
      keyedFi: measure([fullBodies[0]!]),
      channelsFi: measure([factsBodies[0]!, liveBodies[0]!]),
      factsFi: measure([factsBodies[0]!]),
      liveFi: measure([liveBodies[0]!]),
      statusChanges: {
        changes: rowsIn(statusDelta, 'statuses'),
        delta: measure(statusDelta),
        importMs: statusImportMs,
      },
      priceChanges: { changes: rowsIn(priceDelta, 'prices'), delta: measure(priceDelta), importMs: priceImportMs },
    };
  } finally {
    await db.destroy();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/** The targets of issue 29 (docs/stations.md "Two channels"), at 13,000 stations. */
export const CHANNEL_TARGETS = { firstInstallFiKb: 250, firstInstallAllKb: 500, changeBytes: 24 } as const;

const verdict = (met: boolean) => (met ? '**met**' : '**missed**');

/** The block of docs/stations.md written by the benchmark. */
export function liveDeltaReport(figures: LiveDeltaFigures, header: string): string[] {
  const pct = `${Math.round(figures.fraction * 100)} %`;
  const row = (what: string, count: number | string, bytes: Bytes, note = '') =>
    `| ${what} | ${count} | ${kb(bytes.json)} | ${kb(bytes.gzip)} | ${kb(bytes.brotli)} | ${note} |`;
  const perChange = (bytes: Bytes, changes: number) => (changes > 0 ? bytes.gzip / changes : Number.NaN);
  const statusEach = perChange(figures.statusChanges.delta, figures.statusChanges.changes);
  const priceEach = perChange(figures.priceChanges.delta, figures.priceChanges.changes);
  const atScale = figures.total >= 13_000;
  const target = (text: string, met: boolean) =>
    atScale ? `target ${text}: ${verdict(met)}` : `target at 13,000: ${text}`;
  const ratio = (after: Bytes, before: Bytes) => `${((after.gzip / before.gzip) * 100).toFixed(0)} % of the keyed list`;
  return [
    header,
    '',
    `${figures.total.toLocaleString('en')} stations, ${figures.chargingStations.toLocaleString('en')} of them with ${figures.chargePoints.toLocaleString('en')} charge points; ${pct} of all stations change between two syncs. Sizes are the origin's answers as it sends them (the site server sends brotli); "keyed list" is \`cms-view/v1/stations\` (facts and live data in every entry, kept for apps installed before the channels), "facts + live" the two channels' full answers (\`cms-view/v1/station-facts\` and \`…/station-live\`), measured side by side on the same database.`,
    '',
    '| answer | rows | JSON | gzip | brotli (q4) | note |',
    '|---|---:|---:|---:|---:|---|',
    row('First install, all three: keyed lists', figures.total.toLocaleString('en'), figures.keyed),
    row(
      'First install, all three: facts + live',
      figures.total.toLocaleString('en'),
      figures.channels,
      `${ratio(figures.channels, figures.keyed)}; ${target(`≤ ${CHANNEL_TARGETS.firstInstallAllKb} KB gzip`, figures.channels.gzip <= CHANNEL_TARGETS.firstInstallAllKb * 1024)}`,
    ),
    row('First install, FI: keyed list', '', figures.keyedFi),
    row(
      'First install, FI: facts + live',
      '',
      figures.channelsFi,
      `${ratio(figures.channelsFi, figures.keyedFi)}; ${target(`≤ ${CHANNEL_TARGETS.firstInstallFiKb} KB gzip`, figures.channelsFi.gzip <= CHANNEL_TARGETS.firstInstallFiKb * 1024)}`,
    ),
    row('… of it the facts', '', figures.factsFi),
    row('… of it the live data', '', figures.liveFi),
    row(
      `Live delta: charger status changes of charge points drawn at random (as many as ${pct} of the stations)`,
      figures.statusChanges.changes.toLocaleString('en'),
      figures.statusChanges.delta,
      `${statusEach.toFixed(1)} B gzip a change; ${target(`≤ ${CHANNEL_TARGETS.changeBytes} B`, statusEach <= CHANNEL_TARGETS.changeBytes)}`,
    ),
    row(
      `Live delta: new 95 prices of stations drawn at random (as many as ${pct} of the stations)`,
      figures.priceChanges.changes.toLocaleString('en'),
      figures.priceChanges.delta,
      `${priceEach.toFixed(1)} B gzip a change; ${target(`≤ ${CHANNEL_TARGETS.changeBytes} B`, priceEach <= CHANNEL_TARGETS.changeBytes)}`,
    ),
    '',
    `Import of the batch in process (one transaction, SQLite): statuses ${figures.statusChanges.importMs.toFixed(0)} ms, prices ${figures.priceChanges.importMs.toFixed(0)} ms.`,
  ];
}
