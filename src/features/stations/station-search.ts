/**
 * Search, filter and sort of the locator over the stored list, on every keystroke
 * (budget: under 4 ms for all stations; scripts/bench-stations.ts). The folded search
 * text of each station is computed once per list, at the first search with words or in the
 * browser's idle moments before it (prepareSearch), and "now" once per zone.
 */
import { hasFastCharger, hasFastChargerAvailable } from '#shared/charge-points';
import { priceOf, type FuelGrade } from '#shared/fuel-prices';
import {
  createTownIndex,
  parseStationQuery,
  tokens,
  type StationQuery,
  type TownIndex,
} from '#shared/search/station-query';
import { foldText } from '#shared/search-text';
import { zonedNow, type ZonedNow } from '#shared/station-calendar';
import { COUNTRY_TIME_ZONE, type StationCountry } from '#shared/station-constants';
import type { StationSummary } from '#shared/stations';
import { distanceKm, type LatLng } from './distance';
import { isOpenAt } from './open-now';
import { matchesFilter, type ServiceFilter } from './service-filters';

export interface IndexedStation {
  readonly station: StationSummary;
  /** Folded name, city, street address and postal code (with and without its space). */
  readonly text: string;
  /** Folded town alone, for ranking a town's own stations first. */
  readonly town: string;
}

export interface StationResult {
  station: StationSummary;
  open: boolean | null;
  distanceKm: number | null;
}

export interface SearchOptions {
  q: string;
  services: readonly ServiceFilter[];
  openNow: boolean;
  sort: 'name' | 'distance' | 'price';
  /** Only stations with a known price of this grade (and the price order sorts by it). */
  grade?: FuelGrade | null;
  /** Only stations with a charger of ≥ 100 kW whose fresh status is AVAILABLE. */
  fastCharger?: boolean;
  /**
   * The stored statuses are all too old to say a charger is free (the feed stopped, or the
   * device is offline): the fast-charger filter then takes the stations with a fast
   * charger, whatever their last status, and the locator says why (docs/stations.md).
   */
  chargerStatusesStale?: boolean;
  /** The visitor's position, for distances and the distance sort. */
  position: LatLng | null;
  now: Date;
}

const collator = new Intl.Collator('fi', { sensitivity: 'base' });

/** Name, city, street address and postal code (with and without its space), folded. */
const foldStationText = ({ name, city, address, postalCode }: StationSummary) =>
  foldText(`${name} ${city} ${address} ${postalCode} ${postalCode.replace(/\s/g, '')}`);

/**
 * A station of the searchable list. Its folded text is made at the first search with words,
 * not when the list arrives: the list's first render (the locator's longest task on a phone)
 * needs only the order, and a visitor who only looks never types (docs/performance.md).
 */
class IndexEntry implements IndexedStation {
  #text: string | undefined;
  #town: string | undefined;

  constructor(readonly station: StationSummary) {}

  get text(): string {
    this.#text ??= foldStationText(this.station);
    return this.#text;
  }

  get town(): string {
    return (this.#town ??= foldText(this.station.city));
  }
}

/** The searchable list, in the name order of the results (city, then name), sorted once. */
export function indexStations(stations: readonly StationSummary[]): IndexedStation[] {
  const sorted = [...stations].sort(
    (a, b) => collator.compare(a.city, b.city) || collator.compare(a.name, b.name) || a.id.localeCompare(b.id),
  );
  return sorted.map((station) => new IndexEntry(station));
}

/**
 * "Cheapest near me": with a position, the price order takes the stations within this
 * distance (docs/stations.md); without one, the whole country's.
 */
export const CHEAPEST_NEAR_KM = 30;

/** The towns of an index (built once per index: the list changes, not the keystroke). */
const townIndexes = new WeakMap<readonly IndexedStation[], TownIndex>();
function townIndexOf(
  index: readonly IndexedStation[],
  texts: () => readonly string[] = () => index.map((entry) => entry.text),
): TownIndex {
  let towns = townIndexes.get(index);
  if (!towns) {
    towns = createTownIndex(
      index.map((entry) => entry.station.city),
      texts(),
    );
    townIndexes.set(index, towns);
  }
  return towns;
}

/** An idle moment's budget (requestIdleCallback's deadline). */
export interface IdleDeadline {
  timeRemaining(): number;
}

/** Asks for `work` at the browser's next idle moment; returns a function that withdraws the request (src/ui/request-idle.ts). */
export type RequestIdle = (work: (deadline: IdleDeadline) => void) => () => void;

/**
 * Readies the search of an index while the browser is idle: every station's folded text, a
 * few at a time, then the towns. The first key typed then finds them made, and the list's
 * first render never made them (indexStations). Returns a function that stops it.
 */
export function prepareSearch(index: readonly IndexedStation[], requestIdle: RequestIdle): () => void {
  const texts: string[] = [];
  let withdraw = () => {};
  const step = (deadline: IdleDeadline) => {
    while (texts.length < index.length && deadline.timeRemaining() > 1) texts.push(index[texts.length]!.text);
    if (texts.length === index.length && deadline.timeRemaining() > 1) townIndexOf(index, () => texts);
    else withdraw = requestIdle(step);
  };
  withdraw = requestIdle(step);
  return () => withdraw();
}

const NO_WORDS: StationQuery = { town: null, filters: [], words: [], general: false };

/**
 * The words are read by the parser the site search uses (src/shared/search/station-query.ts):
 * a town word ("Helsingissä", "Göteborgs") lists that town's stations only, a grade, service
 * or charger word adds its filter ("diesel Tampere"), and the other words must occur in the
 * station's text.
 */
export function searchStations(index: readonly IndexedStation[], options: SearchOptions): StationResult[] {
  // A query with no words needs no towns: the list's first render does not build them.
  const parsed = tokens(options.q).length > 0 ? parseStationQuery(options.q, townIndexOf(index)) : NO_WORDS;
  const terms = parsed.words;
  const services = [...options.services, ...parsed.filters];
  const zoned = new Map<StationCountry, ZonedNow>();
  const nowIn = (country: StationCountry) => {
    let value = zoned.get(country);
    if (!value) {
      value = zonedNow(options.now, COUNTRY_TIME_ZONE[country]);
      zoned.set(country, value);
    }
    return value;
  };
  // Results grouped by how many search words name the station's town, so that "tampere"
  // lists the stations in Tampere before other towns' Tampereentie: a visitor who names a town means it.
  // Each group keeps the index order (town, name); one pass, no sort.
  const byTownWords: StationResult[][] = Array.from({ length: terms.length + 1 }, () => []);
  for (const entry of index) {
    if (parsed.town && entry.station.city !== parsed.town) continue;
    if (!terms.every((term) => entry.text.includes(term))) continue;
    const { station } = entry;
    if (!services.every((filter) => matchesFilter(station, filter))) continue;
    const grade = options.grade ?? null;
    if (grade && !priceOf(station, grade)) continue;
    if (
      options.fastCharger &&
      !(options.chargerStatusesStale ? hasFastCharger(station) : hasFastChargerAvailable(station, options.now))
    )
      continue;
    const open = station.hours ? isOpenAt(station.hours, nowIn(station.country)) : null;
    if (options.openNow && open !== true) continue;
    const townWords = terms.reduce((count, term) => (entry.town.includes(term) ? count + 1 : count), 0);
    byTownWords[townWords]!.push({
      station,
      open,
      distanceKm: options.position ? distanceKm(options.position, station) : null,
    });
  }
  let results = byTownWords.reverse().flat();
  // "Near me" asks for distance order, whatever the words; otherwise town matches first.
  if (options.sort === 'distance' && options.position) results.sort((a, b) => a.distanceKm! - b.distanceKm!);
  if (options.sort === 'price' && options.grade) {
    const grade = options.grade;
    if (options.position) results = results.filter((result) => result.distanceKm! <= CHEAPEST_NEAR_KM);
    // Cheapest first; among equal prices the nearer, else the order above (stable sort).
    results.sort(
      (a, b) =>
        priceOf(a.station, grade)!.price - priceOf(b.station, grade)!.price ||
        (options.position ? a.distanceKm! - b.distanceKm! : 0),
    );
  }
  return results;
}

/** How many searches of one index are kept: the words of the last few keys. */
const RECENT_SEARCHES = 4;
const recentSearches = new WeakMap<readonly IndexedStation[], Array<{ key: string; results: StationResult[] }>>();

/**
 * searchStations, answered again without searching when one of the last few searches of
 * the index had the same options. React starts a render it interrupted again from the
 * beginning, and the memo of a render it threw away is lost: the locator's list renders
 * as a transition, so one key's words were searched twice, inside the time the next key
 * may have to wait for (docs/performance.md, "Interaction"). The same results keep their
 * identity, so that what is memoised on them does not redraw.
 */
export function searchStationsOnce(index: readonly IndexedStation[], options: SearchOptions): StationResult[] {
  const key = JSON.stringify([
    options.q,
    options.services,
    options.openNow,
    options.sort,
    options.grade ?? null,
    options.fastCharger ?? false,
    options.chargerStatusesStale ?? false,
    options.position,
    options.now.getTime(),
  ]);
  let recent = recentSearches.get(index);
  if (!recent) recentSearches.set(index, (recent = []));
  const kept = recent.find((search) => search.key === key);
  if (kept) return kept.results;
  const results = searchStations(index, options);
  recent.unshift({ key, results });
  recent.length = Math.min(recent.length, RECENT_SEARCHES);
  return results;
}
