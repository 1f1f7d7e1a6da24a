/**
 * The site search at the origin at scale (docs/stations.md "Search relevance"): the judged
 * queries of the relevance suite (tests/relevance/judged-queries.ts, four locales: towns in
 * their cases, combined grade/service/charger and place queries, streets, postal codes,
 * typos, pages) sent to `GET cms-view/v1/search` of an origin seeded with today's 1,300
 * stations and with 13,000 (the same generator), side by side. Target: a query answers in
 * ≤ 50 ms at 13,000 stations (p95). The first query after a change builds the index; it is
 * reported apart ("index build").
 *
 *   npx tsx scripts/bench-search.ts          (also `npm run bench -- search`)
 *   BENCH_SMOKE=1 npx tsx scripts/bench-search.ts   (130 and 260 stations, once, nothing written)
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildOriginApp } from '../server/origin/app';
import { openDatabase } from '../server/origin/db';
import { createOriginUnitOfWork } from '../server/origin/origin-unit-of-work';
import { migrateToLatest } from '../server/origin/migrate';
import { seedIfEmpty } from '../server/origin/seed';
import { seedStationsIfEmpty } from '../server/origin/stations/seed/stations-seed';
import { JUDGED_QUERIES } from '../tests/relevance/judged-queries';
import { SMOKE, smokeOr, writeMarkedBlock } from './bench-support/bench-mode';

const START = '<!-- bench:search:start -->';
const END = '<!-- bench:search:end -->';
const TARGET_MS = 50;
const SIZES = smokeOr([130, 260], [1_300, 13_000]);
const ROUNDS = smokeOr(1, 5);

interface Figures {
  stations: number;
  queries: number;
  indexBuildMs: number;
  median: number;
  p95: number;
  max: number;
}

const quantile = (values: number[], q: number) =>
  [...values].sort((a, b) => a - b)[Math.floor(q * (values.length - 1))]!;

async function measure(total: number): Promise<Figures> {
  const dataDir = mkdtempSync(join(tmpdir(), 'st1-bench-search-'));
  const db = openDatabase({ dataDir });
  try {
    await migrateToLatest(db);
    await seedStationsIfEmpty(createOriginUnitOfWork(db).transaction, 'content', { total });
    await seedIfEmpty(db, 'content');
    const app = buildOriginApp(db);
    await app.ready();
    const ask = async (locale: string, q: string) => {
      const t = performance.now();
      const response = await app.inject({
        method: 'GET',
        url: '/cms-view/v1/search',
        query: { q },
        headers: { 'x-st1-locale': locale },
      });
      if (response.statusCode !== 200) throw new Error(`search "${q}": ${response.statusCode}`);
      return performance.now() - t;
    };
    const indexBuildMs = await ask('fi-FI', 'Helsingissä');
    const times: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      for (const [locale, , q] of JUDGED_QUERIES) times.push(await ask(locale, q));
    }
    await app.close();
    return {
      stations: total,
      queries: times.length,
      indexBuildMs,
      median: quantile(times, 0.5),
      p95: quantile(times, 0.95),
      max: Math.max(...times),
    };
  } finally {
    await db.destroy();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main() {
  const loadAtStart = loadavg()[0]!;
  const runs: Figures[] = [];
  for (const total of SIZES) runs.push(await measure(total));
  const loadAtEnd = loadavg()[0]!;
  const [small, large] = runs as [Figures, Figures];
  const busy = Math.max(loadAtStart, loadAtEnd) > cpus().length;
  const ms = (value: number) => `${value.toFixed(1)} ms`;
  const block = [
    START,
    `Measured ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC by \`npx tsx scripts/bench-search.ts\`: the ${JUDGED_QUERIES.length} judged queries of the relevance suite, ${ROUNDS} rounds, each a \`GET cms-view/v1/search\` through the origin in process (\`app.inject\`, SQLite; stations and pages), ${cpus().length} × ${cpus()[0]?.model.trim() ?? 'CPU'}, load average ${loadAtStart.toFixed(1)} at the start and ${loadAtEnd.toFixed(1)} at the end${busy ? ' (above the core count: other work shared the cores, so times are upper bounds)' : ''}.`,
    '',
    `| stations | queries timed | median | p95 | max | first query (index build) |`,
    `|---:|---:|---:|---:|---:|---:|`,
    ...runs.map(
      (run) =>
        `| ${run.stations.toLocaleString('en')} | ${run.queries} | ${ms(run.median)} | ${ms(run.p95)} | ${ms(run.max)} | ${ms(run.indexBuildMs)} |`,
    ),
    '',
    `Target: ≤ ${TARGET_MS} ms a query at 13,000 stations: p95 ${ms(large.p95)} (${large.p95 <= TARGET_MS ? 'met' : 'missed'}); ${large.stations.toLocaleString('en')} : ${small.stations.toLocaleString('en')} stations, p95 ratio ${(large.p95 / small.p95).toFixed(2)}×, measured side by side.`,
    END,
  ].join('\n');
  console.log(block);
  writeMarkedBlock({ start: START, end: END, block, heading: '## Site search at scale' });
  if (!SMOKE && large.p95 > TARGET_MS) process.exitCode = 1;
}

await main();
