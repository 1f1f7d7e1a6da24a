/**
 * Writes the relevance suite's figures into docs/stations.md ("Search relevance"): the
 * judged queries (tests/relevance/judged-queries.ts) run against an origin seeded from
 * content/ (1,300 stations and the pages), online through the site search and offline
 * through the locator's own search over the stored lists (tests/relevance/evaluate.ts, the
 * code tests/integration/search-relevance.test.ts runs in `npm test`).
 *
 *   npx tsx scripts/search-relevance.ts
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildOriginApp } from '../server/origin/app';
import { openDatabase } from '../server/origin/db';
import { migrateToLatest } from '../server/origin/migrate';
import { seedIfEmpty } from '../server/origin/seed';
import { evaluateRelevance, summarise } from '../tests/relevance/evaluate';

const DOC = 'docs/stations.md';
const START = '<!-- relevance:start -->';
const END = '<!-- relevance:end -->';

const dataDir = mkdtempSync(join(tmpdir(), 'st1-relevance-'));
const db = openDatabase({ dataDir });
try {
  await migrateToLatest(db);
  await seedIfEmpty(db, 'content');
  const app = buildOriginApp(db);
  await app.ready();
  const outcomes = await evaluateRelevance(app);
  await app.close();
  const percent = (right: number, of: number) => `${((100 * right) / of).toFixed(1)} %`;
  const kinds = [...new Set(outcomes.map((o) => o.query[1]))];
  const wrong = outcomes.filter((o) => !o.right);
  const block = [
    START,
    `Written ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC by \`npx tsx scripts/search-relevance.ts\` on the seed of content/ (1,300 stations). A station query counts as right when the site search (online) and the locator's search over the stored list of the expected town's country (offline) both list first a station of the expected town, with the filters expected, the same station first and as many stations; a page query when the site search's first page is the expected one (online only).`,
    '',
    '| locale | judged | station queries (online and offline) | page queries (online) | right first | share |',
    '|---|---:|---:|---:|---:|---:|',
    ...summarise(outcomes).map(
      (row) =>
        `| ${row.locale === 'all' ? '**all**' : row.locale} | ${row.judged} | ${row.stationQueries} | ${row.pageQueries} | ${row.right} | ${percent(row.right, row.judged)} |`,
    ),
    '',
    `By kind: ${kinds
      .map((kind) => {
        const mine = outcomes.filter((o) => o.query[1] === kind);
        return `${kind} ${mine.filter((o) => o.right).length}/${mine.length}`;
      })
      .join(', ')}.`,
    '',
    wrong.length === 0
      ? 'No judged query answered wrong.'
      : `Answered wrong: ${wrong.map((o) => `${o.query[0]} "${o.query[2]}" (expected ${o.query[3].replace(/^town:|^page:/, '')}; online ${o.online}, offline ${o.offline ?? '—'})`).join('; ')}.`,
    END,
  ].join('\n');
  const text = readFileSync(DOC, 'utf8');
  const from = text.indexOf(START);
  const to = text.indexOf(END);
  if (from < 0 || to < 0) throw new Error(`${DOC} has no ${START} … ${END} block`);
  writeFileSync(DOC, text.slice(0, from) + block + text.slice(to + END.length));
  console.log(block);
} finally {
  await db.destroy();
  rmSync(dataDir, { recursive: true, force: true });
}
