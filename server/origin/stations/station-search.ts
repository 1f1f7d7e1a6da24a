/**
 * Stations in the site search (docs/stations.md "Site search"): "Tampere", "Oslo",
 * "stations in Bergen", "lataus Tampere" find stations by name, town, street or postal code,
 * and the answer links to the locator filtered to them ("Stations in Tampere"). A charging
 * or car-wash word asks for stations with that service (the locator's filter); station and
 * fuel words ask for stations in general and do not have to occur in a station's address.
 */
import type { StationSearchHits } from '#shared/content-schema';
import { LOCALIZED_PATHS, type Locale } from '#shared/locales';
import { foldText } from '#shared/search-text';
import { LOCALE_COUNTRY, type StationCountry } from '#shared/station-constants';
import type { ServiceCode } from '#shared/stations';
import { holdsTerm, queryTerms, type PreparedText } from '../search-language';
import type { StationRecord } from './stations-record';
import type { StationsRepository } from './stations-repository';
import { stationPagePath } from './stations-views';

/** Stations named in the answer; the locator lists them all. */
const HITS = 5;

/** The codes of the locator's `ev` and `carwash` filters (src/features/stations/service-filters.ts). */
const SERVICE_CODES: Record<'ev' | 'carwash', readonly ServiceCode[]> = {
  ev: ['evCharging', 'elbilsladdning150', 'elbilsladdning400'],
  carwash: ['carwash', 'norwegianshellcarwash'],
};

interface IndexedStation {
  record: StationRecord;
  /** Name, street, postal code (also without the Swedish space) and town, folded. */
  text: PreparedText;
  town: PreparedText;
}

function prepared(text: string): PreparedText {
  const folded = ` ${foldText(text)
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length > 0)
    .join(' ')} `;
  // Station text is not stemmed: the query's stems are matched inside its words.
  return { folded, stemmed: folded };
}

function indexStation(record: StationRecord): IndexedStation {
  const postal = `${record.postalCode} ${record.postalCode.replace(/\s/g, '')}`;
  return {
    record,
    text: prepared(`${record.name} ${record.address} ${postal} ${record.city}`),
    town: prepared(record.city),
  };
}

export interface StationSearch {
  /** Stations a query names, or undefined when it names no place (only service words, or nothing found). */
  search(locale: Locale, query: string): Promise<StationSearchHits | undefined>;
}

export function createStationSearch(deps: { stations: StationsRepository }): StationSearch {
  // Kept until any station changes (the newest version moves): one index for every query.
  let cache: { version: number; stations: IndexedStation[] } | undefined;
  async function index(): Promise<IndexedStation[]> {
    const version = await deps.stations.latestVersion();
    if (cache?.version !== version) {
      cache = { version, stations: (await deps.stations.listLive()).map(indexStation) };
    }
    return cache.stations;
  }

  return {
    async search(locale, query) {
      const terms = queryTerms(locale, query);
      const places = terms.filter((term) => !term.group);
      if (places.length === 0) return undefined;
      const services = [...new Set(terms.flatMap((term) => (term.group?.service ? [term.group.service] : [])))];
      const stations = (await index()).filter((station) =>
        services.every((service) => SERVICE_CODES[service].some((code) => station.record.services.includes(code))),
      );
      // The words as typed first ("Bergen" is Bergen, not Kongsberg by the stem "berg"); their
      // stems only when the words as typed find nothing ("Tampereella" → Tampere).
      const typed = places.map((term) => ({ ...term, stems: [term.word] }));
      let matches = stations.filter((station) => typed.every((term) => holdsTerm(station.text, term)));
      if (matches.length === 0) {
        matches = stations.filter((station) => places.every((term) => holdsTerm(station.text, term)));
      } else {
        places.splice(0, places.length, ...typed);
      }
      if (matches.length === 0) return undefined;

      // The words name a town when every one of them is in the town's name.
      const inTown = matches.filter((station) => places.every((term) => holdsTerm(station.town, term)));
      const counted = new Map<string, { city: string; country: StationCountry; count: number }>();
      for (const station of inTown) {
        const key = `${station.record.country}:${station.record.city}`;
        const entry = counted.get(key) ?? { city: station.record.city, country: station.record.country, count: 0 };
        entry.count += 1;
        counted.set(key, entry);
      }
      const town = [...counted.values()].sort((a, b) => b.count - a.count)[0];
      // The locator shows one country: the town's, else the one with the most stations found.
      const country = town?.country ?? mostCommonCountry(matches);
      const inCountry = matches.filter((station) => station.record.country === country);
      const listed = town ? inCountry.filter((station) => station.record.city === town.city) : inCountry;
      const ordered = [...listed].sort((a, b) => a.record.name.localeCompare(b.record.name, locale));

      const params = new URLSearchParams();
      params.set('q', town ? town.city : places.map((term) => term.word).join(' '));
      if (services.length > 0) params.set('service', services.join(','));
      if (country !== LOCALE_COUNTRY[locale]) params.set('country', country);
      return {
        total: listed.length,
        town: town?.city ?? null,
        locatorPath: `${LOCALIZED_PATHS.stationLocator[locale]}?${params.toString()}`,
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

function mostCommonCountry(stations: readonly IndexedStation[]): StationCountry {
  const counts = new Map<StationCountry, number>();
  for (const { record } of stations) counts.set(record.country, (counts.get(record.country) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1])[0]![0];
}
