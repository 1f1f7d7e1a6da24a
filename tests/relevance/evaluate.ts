/**
 * Runs the judged queries (judged-queries.ts) against a seeded origin, online and offline
 * (docs/stations.md "Search relevance"):
 * - online: the site search, `GET cms-view/v1/search` in the query's locale; its first
 *   station (the station part's first hit) or its first page;
 * - offline: the locator's own search (src/features/stations/station-search.ts) over the
 *   list the browser stores, `GET cms-view/v1/stations?country=…` of the expected town's
 *   country, as a driver who opened the locator in that country would search it offline.
 * A query is right when its first answer is the expected town (with the expected filters)
 * or page; a station query must be right online and offline, and give the same first station.
 */
import type { FastifyInstance } from 'fastify';
import { searchResultSchema } from '#shared/content-schema';
import { hasFilterCodes, type QueryFilter } from '#shared/search/service-codes';
import type { StationCountry, StationSummary } from '#shared/stations';
import { indexStations, searchStations, type IndexedStation } from '../../src/features/stations/station-search';
import { JUDGED_QUERIES, type JudgedQuery } from './judged-queries';

export interface Outcome {
  query: JudgedQuery;
  online: string;
  /** Null for page queries (the offline locator searches stations only). */
  offline: string | null;
  right: boolean;
}

const COUNTRIES: readonly StationCountry[] = ['FI', 'SE', 'NO'];

async function storedLists(app: FastifyInstance): Promise<Record<StationCountry, IndexedStation[]>> {
  const lists = {} as Record<StationCountry, IndexedStation[]>;
  for (const country of COUNTRIES) {
    const response = await app.inject({ method: 'GET', url: '/cms-view/v1/stations', query: { country } });
    if (response.statusCode !== 200) throw new Error(`stations ${country}: ${response.statusCode}`);
    lists[country] = indexStations((response.json() as { stations: StationSummary[] }).stations);
  }
  return lists;
}

function parseExpected(expected: string): { town?: string; filters: QueryFilter[]; page?: string } {
  if (expected.startsWith('page:')) return { page: expected.slice(5), filters: [] };
  const [town, ...filters] = expected.slice(5).split('+');
  return { town: town!, filters: filters as QueryFilter[] };
}

const describeStation = (station: { city: string; name: string } | undefined, filters: readonly string[]) =>
  station ? `${station.city}${filters.map((f) => `+${f}`).join('')} (${station.name})` : 'nothing';

export async function evaluateRelevance(app: FastifyInstance, now = new Date()): Promise<Outcome[]> {
  const lists = await storedLists(app);
  const outcomes: Outcome[] = [];
  for (const query of JUDGED_QUERIES) {
    const [locale, , q, expectedText] = query;
    const expected = parseExpected(expectedText);
    const response = await app.inject({
      method: 'GET',
      url: '/cms-view/v1/search',
      query: { q },
      headers: { 'x-st1-locale': locale },
    });
    const answer = searchResultSchema.parse(response.json());
    if (expected.page) {
      const first = answer.hits[0]?.title;
      outcomes.push({ query, online: first ?? 'nothing', offline: null, right: first === expected.page });
      continue;
    }
    const onlineFirst = answer.stations?.hits[0];
    const onlineFilters = answer.stations?.filters ?? [];
    const onlineRight = onlineFirst?.city === expected.town && sameSet(onlineFilters, expected.filters);

    const country = COUNTRIES.find((c) => lists[c].some((entry) => entry.station.city === expected.town)) ?? 'FI';
    const results = searchStations(lists[country], {
      q,
      services: [],
      openNow: false,
      sort: 'name',
      position: null,
      now,
    });
    const offlineFirst = results[0]?.station;
    const offlineRight =
      offlineFirst !== undefined &&
      offlineFirst.city === expected.town &&
      expected.filters.every((filter) => hasFilterCodes(offlineFirst.services, filter)) &&
      results.length === (answer.stations?.total ?? -1);
    outcomes.push({
      query,
      online: describeStation(onlineFirst, onlineFilters),
      offline: offlineFirst ? `${describeStation(offlineFirst, [])}, ${results.length} listed` : 'nothing',
      right: onlineRight && offlineRight && offlineFirst.name === onlineFirst?.name,
    });
  }
  return outcomes;
}

function sameSet(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((item) => b.includes(item));
}

export interface RelevanceSummary {
  locale: string;
  judged: number;
  right: number;
  stationQueries: number;
  pageQueries: number;
}

export function summarise(outcomes: readonly Outcome[]): RelevanceSummary[] {
  const locales = [...new Set(outcomes.map((o) => o.query[0]))];
  return [...locales, 'all'].map((locale) => {
    const mine = outcomes.filter((o) => locale === 'all' || o.query[0] === locale);
    return {
      locale,
      judged: mine.length,
      right: mine.filter((o) => o.right).length,
      stationQueries: mine.filter((o) => o.offline !== null).length,
      pageQueries: mine.filter((o) => o.offline === null).length,
    };
  });
}
