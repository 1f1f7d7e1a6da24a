/**
 * Stations in the site search (docs/stations.md "Site search"): "Tampere", "Helsingissä",
 * "stations in Bergen", "diesel Tampere", "vaskehall" find stations by town, name, street or
 * postal code and by the filters their words ask for, and the answer links to the locator
 * filtered the same way ("12 stations with diesel in Tampere"). The words are read by the
 * parser the locator uses offline (src/shared/search/station-query.ts), so both answer alike.
 */
import type { StationSearchHits } from '#shared/content-schema';
import { LOCALIZED_PATHS, type Locale } from '#shared/locales';
import { FILTER_CODES, hasFilterCodes } from '#shared/search/service-codes';
import { createTownIndex, parseStationQuery, type TownIndex } from '#shared/search/station-query';
import { foldText } from '#shared/search-text';
import { LOCALE_COUNTRY, type StationCountry } from '#shared/station-constants';
import type { StationRecord } from './stations-record';
import type { StationsRepository } from './stations-repository';
import { stationPagePath } from './stations-views';

/** Stations named in the answer; the locator lists them all. */
const HITS = 5;
const FILTER_ORDER = Object.keys(FILTER_CODES);

interface IndexedStation {
  record: StationRecord;
  /** Name, town, street and postal code (also without the Swedish space), folded, as the locator has it. */
  text: string;
  town: string;
}

/** The same text as the locator's index (src/features/stations/station-search.ts). */
function indexStation(record: StationRecord): IndexedStation {
  const { name, city, address, postalCode } = record;
  return {
    record,
    text: foldText(`${name} ${city} ${address} ${postalCode} ${postalCode.replace(/\s/g, '')}`),
    town: foldText(city),
  };
}

export interface StationSearch {
  /** Stations a query names, or undefined when it names none (only station words, or nothing found). */
  search(locale: Locale, query: string): Promise<StationSearchHits | undefined>;
}

export function createStationSearch(deps: { stations: StationsRepository }): StationSearch {
  // Kept until any station changes (the newest version moves): one index for every query.
  // The stations are kept in the locator's order (town, name, id) and grouped by town, so a
  // query sorts nothing and a town word reads only that town's stations.
  let cache:
    | { version: number; stations: IndexedStation[]; byTown: Map<string, IndexedStation[]>; towns: TownIndex }
    | undefined;
  async function index() {
    const version = await deps.stations.latestVersion();
    if (cache?.version !== version) {
      const stations = (await deps.stations.listLive())
        .map(indexStation)
        .sort(
          (a, b) =>
            collator.compare(a.record.city, b.record.city) ||
            collator.compare(a.record.name, b.record.name) ||
            a.record.id.localeCompare(b.record.id),
        );
      const byTown = new Map<string, IndexedStation[]>();
      for (const station of stations) {
        const list = byTown.get(station.record.city) ?? [];
        list.push(station);
        byTown.set(station.record.city, list);
      }
      const towns = createTownIndex(
        byTown.keys(),
        stations.map((station) => station.text),
      );
      cache = { version, stations, byTown, towns };
    }
    return cache;
  }

  return {
    async search(locale, query) {
      const { stations, byTown, towns } = await index();
      const parsed = parseStationQuery(query, towns);
      if (!parsed.town && parsed.words.length === 0 && parsed.filters.length === 0) return undefined;
      const candidates = parsed.town ? (byTown.get(parsed.town) ?? []) : stations;
      const matches = candidates.filter(
        (station) =>
          parsed.filters.every((filter) => hasFilterCodes(station.record.services, filter)) &&
          parsed.words.every((word) => station.text.includes(word)),
      );
      if (matches.length === 0) return undefined;

      // Without a town word, the words may still name a town ("hameenl"): the one most stations found are in.
      const town =
        parsed.town ??
        mostCommon(
          matches.filter((s) => parsed.words.length > 0 && parsed.words.every((w) => s.town.includes(w))),
          (s) => s.record.city,
        );
      // The locator shows one country: the town's; for filters alone the locale's; else the one with most stations.
      const country: StationCountry =
        (town ? matches.find((station) => station.record.city === town)?.record.country : undefined) ??
        (parsed.words.length === 0 && matches.some((s) => s.record.country === LOCALE_COUNTRY[locale])
          ? LOCALE_COUNTRY[locale]
          : mostCommon(matches, (s) => s.record.country)!);
      const inCountry = matches.filter((station) => station.record.country === country);
      const listed = town ? inCountry.filter((station) => station.record.city === town) : inCountry;
      const ordered = inLocatorOrder(listed, parsed.words);

      const filters = [...parsed.filters].sort((a, b) => FILTER_ORDER.indexOf(a) - FILTER_ORDER.indexOf(b));
      const params = new URLSearchParams();
      const q = town && !parsed.town ? town : [parsed.town, ...parsed.words].filter(Boolean).join(' ');
      if (q) params.set('q', q);
      if (filters.length > 0) params.set('service', filters.join(','));
      if (country !== LOCALE_COUNTRY[locale]) params.set('country', country);
      const search = params.toString();
      return {
        total: listed.length,
        town: town ?? null,
        filters,
        locatorPath: `${LOCALIZED_PATHS.stationLocator[locale]}${search ? `?${search}` : ''}`,
        hits: ordered.slice(0, HITS).map(({ record }) => ({
          path: stationPagePath(locale, record.slug),
          name: record.name,
          address: `${record.address}, ${record.postalCode} ${record.city}`,
          city: record.city,
        })),
      };
    },
  };
}

const collator = new Intl.Collator('fi', { sensitivity: 'base' });

/**
 * The locator's order (src/features/stations/station-search.ts), so that the first station
 * is the same online and offline: stations whose town holds more of the words first, each
 * group in the index's order (town, name, id). One pass, no sort.
 */
function inLocatorOrder(stations: readonly IndexedStation[], words: readonly string[]): IndexedStation[] {
  const groups: IndexedStation[][] = Array.from({ length: words.length + 1 }, () => []);
  for (const station of stations) {
    groups[words.filter((word) => station.town.includes(word)).length]!.push(station);
  }
  return groups.reverse().flat();
}

function mostCommon<T, K>(items: readonly T[], key: (item: T) => K): K | undefined {
  const counts = new Map<K, number>();
  for (const item of items) counts.set(key(item), (counts.get(key(item)) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1])[0]?.[0];
}
