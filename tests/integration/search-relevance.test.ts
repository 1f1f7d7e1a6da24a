/**
 * The relevance suite (docs/stations.md "Search relevance"): at least 200 judged queries in
 * the four locales, answered by the site search online and the locator's search offline over
 * the seeded stations; at least 97 % right first in every locale, and online and offline
 * give the same first station. scripts/search-relevance.ts writes the figures into the doc.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { evaluateRelevance, summarise, type Outcome } from '../relevance/evaluate';
import { JUDGED_QUERIES } from '../relevance/judged-queries';
import { startSeededOrigin, type SeededOrigin } from './support/seeded-origin';

let origin: SeededOrigin;
let outcomes: Outcome[];

beforeAll(async () => {
  origin = await startSeededOrigin('search-relevance');
  outcomes = await evaluateRelevance(origin.app);
}, 60_000);

afterAll(() => origin?.close());

describe('search relevance', () => {
  it('judges at least 200 queries, at least 40 in each locale', () => {
    expect(JUDGED_QUERIES.length).toBeGreaterThanOrEqual(200);
    for (const row of summarise(outcomes).filter((r) => r.locale !== 'all'))
      expect(row.judged).toBeGreaterThanOrEqual(40);
  });

  it('answers at least 97 % right first in every locale, online and offline alike', () => {
    const wrong = outcomes
      .filter((o) => !o.right)
      .map((o) => `${o.query.join(' | ')} → online ${o.online}; offline ${o.offline}`);
    for (const row of summarise(outcomes)) {
      expect(
        row.right / row.judged,
        `${row.locale}: ${row.right}/${row.judged}; wrong:\n${wrong.join('\n')}`,
      ).toBeGreaterThanOrEqual(0.97);
    }
  });
});
