import { describe, expect, it } from 'vitest';
import { foldText, searchTerms } from '#shared/search-text';
import type { StationSummary } from '#shared/stations';
import { parseLocatorQuery, locatorSearch } from './locator-query';
import type { ServiceFilter } from './service-filters';
import { indexStations, prepareSearch, searchStations, searchStationsOnce, type IdleDeadline } from './station-search';

const allDay = { week: Array<string>(7).fill('00:00-24:00'), exceptions: {} };
const station = (fields: Partial<StationSummary> & Pick<StationSummary, 'id' | 'name' | 'city'>): StationSummary => ({
  slug: fields.id.toLowerCase(),
  address: 'Katu 1',
  postalCode: '00100',
  country: 'FI',
  lat: 60,
  lng: 25,
  services: ['95', 'diesel'],
  express: false,
  hours: allDay,
  ...fields,
});

const stations = [
  station({
    id: 'FI-1',
    name: 'St1 Hämeenlinna Turuntie',
    city: 'Hämeenlinna',
    lat: 61,
    lng: 24.46,
    services: ['95', 'carwash'],
  }),
  station({
    id: 'NO-1',
    name: 'St1 Tromsø Sjøgata',
    city: 'Tromsø',
    country: 'NO',
    lat: 69.65,
    lng: 18.95,
    address: 'Sjøgata 4',
  }),
  station({ id: 'NO-2', name: 'St1 Bærum Ringveien', city: 'Sandvika', country: 'NO', lat: 59.89, lng: 10.52 }),
  station({
    id: 'SE-1',
    name: 'St1 Express Åre Åvägen',
    city: 'Åre',
    country: 'SE',
    express: true,
    postalCode: '830 13',
    lat: 63.4,
    lng: 13.08,
  }),
  station({
    id: 'FI-2',
    name: 'St1 Oulu Ouluntie',
    city: 'Oulu',
    hours: null,
    lat: 65,
    lng: 25.47,
    services: ['evCharging'],
  }),
];
const index = indexStations(stations);
const base = {
  q: '',
  services: [] as ServiceFilter[],
  openNow: false,
  sort: 'name' as const,
  position: null,
  now: new Date('2026-11-22T10:00:00Z'),
};
const ids = (q: string, extra: Partial<typeof base> = {}) =>
  searchStations(index, { ...base, ...extra, q }).map((result) => result.station.id);

describe('diacritic-insensitive search', () => {
  it('ä/a, å/a, ö/o, ø/o, æ/ae, any case', () => {
    expect(ids('hameenlinna')).toEqual(['FI-1']);
    expect(ids('HÄMEENLINNA')).toEqual(['FI-1']);
    expect(ids('are')).toContain('SE-1');
    expect(ids('tromso')).toEqual(['NO-1']);
    expect(ids('baerum')).toEqual(['NO-2']);
    expect(ids('sjogata')).toEqual(['NO-1']);
  });

  it('each letter in each field: ö/o (Jönköping), ä/a and ö/o (Växjö), å/a, ø/o, æ/ae', () => {
    const nordic = indexStations([
      station({
        id: 'SE-10',
        name: 'St1 Jönköping Östra Storgatan',
        city: 'Jönköping',
        country: 'SE',
        address: 'Östra Storgatan 12',
        postalCode: '553 21',
      }),
      station({ id: 'SE-11', name: 'St1 Växjö Norra vägen', city: 'Växjö', country: 'SE', address: 'Norra vägen 2' }),
      station({ id: 'SE-12', name: 'St1 Umeå Ålidhem', city: 'Umeå', country: 'SE', address: 'Ålidbacken 1' }),
      station({ id: 'NO-10', name: 'St1 Førde Sentrum', city: 'Førde', country: 'NO', address: 'Storehagen 3' }),
      station({ id: 'NO-11', name: 'St1 Lærdal', city: 'Lærdal', country: 'NO', address: 'Øyraplassen 5' }),
      station({ id: 'FI-10', name: 'St1 Jonkeri', city: 'Kuhmo', address: 'Jonkerintie 1' }),
    ]);
    const found = (q: string) => searchStations(nordic, { ...base, q }).map((result) => result.station.id);
    // ö/o: city, name and street, typed plain or with the letters, any case.
    expect(found('jonkoping')).toEqual(['SE-10']);
    expect(found('JONKOPING')).toEqual(['SE-10']);
    expect(found('Jönköping')).toEqual(['SE-10']);
    expect(found('ostra storgatan')).toEqual(['SE-10']);
    // ä/a and ö/o in one word.
    expect(found('vaxjo')).toEqual(['SE-11']);
    expect(found('norra vagen')).toEqual(['SE-11']);
    // å/a at the end of a word and at the start of a street.
    expect(found('umea')).toEqual(['SE-12']);
    expect(found('alidbacken')).toEqual(['SE-12']);
    // ø/o and æ/ae, also in the street.
    expect(found('forde')).toEqual(['NO-10']);
    expect(found('laerdal')).toEqual(['NO-11']);
    expect(found('oyraplassen')).toEqual(['NO-11']);
    // Folding does not make unrelated words match: "ae" is not "a" ("lardal" finds Lærdal only
    // as a town name one edit away, src/shared/search/station-query.ts).
    expect(found('lardals')).toEqual([]);
    expect(found('jonk')).toEqual(expect.arrayContaining(['SE-10', 'FI-10']));
  });

  it('folds the Nordic letters as the locator needs (src/shared/search-text.ts)', () => {
    expect(foldText('Å Ä Ö Ø Æ å ä ö ø æ')).toBe('a a o o ae a a o o ae');
    expect(searchTerms('  Jönköping,  ÖSTRA ')).toEqual(['jonkoping', 'ostra']);
  });

  it('by name, city, street or postal code (with or without its space); all words must match', () => {
    expect(ids('sandvika')).toEqual(['NO-2']);
    expect(ids('83013')).toEqual(['SE-1']);
    expect(ids('830 13')).toEqual(['SE-1']);
    expect(ids('turuntie hameen')).toEqual(['FI-1']);
    expect(ids('turuntie oulu')).toEqual([]);
  });

  it('lists by city then name when not sorted by distance', () => {
    expect(ids('')).toEqual(['FI-1', 'FI-2', 'NO-2', 'NO-1', 'SE-1']);
  });
});

describe("town search (the town before other towns' streets named after it)", () => {
  // Hämeenlinna and Akaa sort before Tampere, and both have a street named after it.
  const towns = indexStations([
    station({ id: 'FI-10', name: 'St1 Tampere Hervannan valtaväylä', city: 'Tampere' }),
    station({ id: 'FI-11', name: 'St1 Hämeenlinna Tampereentie', city: 'Hämeenlinna', address: 'Tampereentie 3' }),
    station({ id: 'FI-12', name: 'St1 Tampere Sammonkatu', city: 'Tampere' }),
    station({ id: 'FI-13', name: 'St1 Akaa Tampereentie', city: 'Akaa', address: 'Tampereentie 80' }),
  ]);
  const townIds = (q: string, extra: Partial<typeof base> = {}) =>
    searchStations(towns, { ...base, ...extra, q }).map((result) => result.station.id);

  it("lists the named town's own stations, not other towns' streets named after it", () => {
    expect(townIds('tampere')).toEqual(['FI-10', 'FI-12']);
    expect(townIds('TAMPERE')).toEqual(['FI-10', 'FI-12']);
    expect(townIds('Tampereella')).toEqual(['FI-10', 'FI-12']);
  });

  it('lists a part of a word typed so far wherever it occurs, the town first', () => {
    expect(townIds('tamper')).toEqual(['FI-10', 'FI-12', 'FI-13', 'FI-11']);
  });

  it('reads a grade, service or charger word as its filter ("diesel Tampere")', () => {
    const graded = indexStations([
      station({ id: 'FI-30', name: 'St1 Tampere A', city: 'Tampere', services: ['95', 'diesel'] }),
      station({ id: 'FI-31', name: 'St1 Tampere B', city: 'Tampere', services: ['95', 'carwash'] }),
      station({ id: 'FI-32', name: 'St1 Akaa Tampereentie', city: 'Akaa', services: ['diesel', 'carwash'] }),
    ]);
    const found = (q: string) => searchStations(graded, { ...base, q }).map((result) => result.station.id);
    expect(found('diesel Tampere')).toEqual(['FI-30']);
    expect(found('pesu tampereella')).toEqual(['FI-31']);
    expect(found('car wash')).toEqual(['FI-32', 'FI-31']);
  });

  it('ranks by the words that name the town, each group in town-then-name order', () => {
    expect(townIds('tampereentie')).toEqual(['FI-13', 'FI-11']);
    expect(townIds('hameenlinna tampere')).toEqual(['FI-11']);
  });

  it('leaves the order to distance when the visitor asked for "near me"', () => {
    const nearAkaa = { lat: 61.17, lng: 23.87 };
    const results = searchStations(
      indexStations([
        station({ id: 'FI-20', name: 'St1 Tampere Sammonkatu', city: 'Tampere', lat: 61.5, lng: 23.8 }),
        station({ id: 'FI-21', name: 'St1 Akaa Tampereentie', city: 'Akaa', lat: 61.17, lng: 23.87 }),
      ]),
      { ...base, q: 'tamper', sort: 'distance', position: nearAkaa },
    );
    expect(results.map((result) => result.station.id)).toEqual(['FI-21', 'FI-20']);
  });
});

describe('filters and sort', () => {
  it('service filters all have to match; MAIN leaves out express stations', () => {
    expect(ids('', { services: ['carwash'] })).toEqual(['FI-1']);
    expect(ids('', { services: ['ev'] })).toEqual(['FI-2']);
    expect(ids('', { services: ['MAIN'] })).not.toContain('SE-1');
    expect(ids('', { services: ['carwash', 'ev'] })).toEqual([]);
  });

  it('open now leaves out closed and unknown hours', () => {
    expect(ids('', { openNow: true })).not.toContain('FI-2');
    expect(ids('', { openNow: true })).toHaveLength(4);
  });

  it('sorts by distance from the position and reports it', () => {
    const results = searchStations(index, { ...base, sort: 'distance', position: { lat: 60.17, lng: 24.94 } });
    expect(results.map((result) => result.station.id)).toEqual(['FI-1', 'FI-2', 'SE-1', 'NO-2', 'NO-1']);
    const distances = results.map((result) => result.distanceKm!);
    expect([...distances].sort((a, b) => a - b)).toEqual(distances);
  });
});

describe('locator query string', () => {
  it('round-trips and drops unknown values', () => {
    const query = parseLocatorQuery('q=oulu&service=carwash,bogus&service=MAIN&open=1&sort=distance&country=se');
    expect(query).toEqual({
      q: 'oulu',
      services: ['MAIN', 'carwash'],
      openNow: true,
      sort: 'distance',
      grade: null,
      fastCharger: false,
      country: 'SE',
      view: 'list',
    });
    expect(locatorSearch(query)).toBe('q=oulu&service=MAIN%2Ccarwash&open=1&sort=distance&country=SE');
    expect(parseLocatorQuery('?service=MAIN').services).toEqual(['MAIN']);
    expect(parseLocatorQuery('country=XX&sort=up').country).toBeNull();
  });

  it('keeps the map view of a phone in the address (view=map); the list is the default and not written', () => {
    const map = parseLocatorQuery('q=tampere&view=map');
    expect(map.view).toBe('map');
    expect(locatorSearch(map)).toBe('q=tampere&view=map');
    expect(parseLocatorQuery('view=list').view).toBe('list');
    expect(parseLocatorQuery('view=globe').view).toBe('list');
    expect(locatorSearch({ ...map, view: 'list' })).toBe('q=tampere');
  });
});

describe('fuel prices and chargers', () => {
  const now = new Date('2026-11-25T12:00:00Z');
  const price = (grade: '95' | 'diesel', value: number) => ({ grade, price: value, setAt: '2026-11-25T08:00:00Z' });
  const charger = (kw: number, status: 'AVAILABLE' | 'CHARGING', minutesAgo: number) => ({
    uid: `${kw}-${status}-${minutesAgo}`,
    status,
    statusAt: new Date(now.getTime() - minutesAgo * 60_000).toISOString(),
    connectors: [{ standard: 'IEC_62196_T2_COMBO' as const, kw }],
  });
  const priced = indexStations([
    station({ id: 'A', name: 'A', city: 'Espoo', lat: 60.2, lng: 24.66, prices: [price('95', 1.899)] }),
    station({ id: 'B', name: 'B', city: 'Helsinki', lat: 60.17, lng: 24.94, prices: [price('95', 1.849)] }),
    station({ id: 'C', name: 'C', city: 'Vantaa', lat: 60.29, lng: 25.04, prices: [price('95', 1.849)] }),
    station({
      id: 'D',
      name: 'D',
      city: 'Oulu',
      lat: 65,
      lng: 25.47,
      prices: [price('95', 1.799), price('diesel', 1.7)],
    }),
    station({ id: 'E', name: 'E', city: 'Turku', lat: 60.45, lng: 22.27 }),
  ]);
  const search = (extra: Partial<Parameters<typeof searchStations>[1]>) =>
    searchStations(priced, { ...base, now, ...extra }).map((result) => result.station.id);

  it('a grade leaves out stations without its price; the price order puts the cheapest first', () => {
    expect(search({ grade: 'diesel' })).toEqual(['D']);
    expect(search({ grade: '95' })).toEqual(['A', 'B', 'D', 'C']);
    expect(search({ grade: '95', sort: 'price' })).toEqual(['D', 'B', 'C', 'A']);
  });

  it('cheapest near me: within 30 km of the position, equal prices nearer first', () => {
    const helsinki = { lat: 60.17, lng: 24.94 };
    expect(search({ grade: '95', sort: 'price', position: helsinki })).toEqual(['B', 'C', 'A']);
  });

  it('fast charger available now: 100 kW or more, AVAILABLE, reported in the last 15 minutes', () => {
    const chargers = indexStations([
      station({ id: 'fast', name: 'fast', city: 'a', chargePoints: [charger(150, 'AVAILABLE', 3)] }),
      station({ id: 'busy', name: 'busy', city: 'b', chargePoints: [charger(150, 'CHARGING', 3)] }),
      station({ id: 'slow', name: 'slow', city: 'c', chargePoints: [charger(50, 'AVAILABLE', 3)] }),
      station({ id: 'stale', name: 'stale', city: 'd', chargePoints: [charger(150, 'AVAILABLE', 16)] }),
      station({ id: 'none', name: 'none', city: 'e' }),
    ]);
    const found = searchStations(chargers, { ...base, now, fastCharger: true }).map((result) => result.station.id);
    expect(found).toEqual(['fast']);
    // With every stored status too old to trust, the filter offers the stations with a fast charger.
    const anyway = searchStations(chargers, { ...base, now, fastCharger: true, chargerStatusesStale: true });
    expect(anyway.map((result) => result.station.id)).toEqual(['fast', 'busy', 'stale']);
  });

  it('reads grade, price order and charger filter from the query string', () => {
    const query = parseLocatorQuery('grade=95&sort=price&charger=fast');
    expect(query).toMatchObject({ grade: '95', sort: 'price', fastCharger: true });
    expect(locatorSearch(query)).toBe('grade=95&sort=price&charger=fast');
    // A price order without a (known) grade is no order at all.
    expect(parseLocatorQuery('sort=price').sort).toBe('name');
    expect(parseLocatorQuery('grade=99&sort=price')).toMatchObject({ grade: null, sort: 'name' });
  });
});

describe('the search made ready when it is needed', () => {
  /** Stations whose street address counts its reads: only the search text reads it. */
  function counted(count: number) {
    const reads = { address: 0 };
    const list = Array.from({ length: count }, (_, at) => {
      const made = station({ id: `FI-${at}`, name: `St1 Asema ${at}`, city: at % 2 ? 'Turku' : 'Oulu' });
      return Object.defineProperty(made, 'address', {
        get: () => {
          reads.address += 1;
          return `Katu ${at}`;
        },
      });
    });
    return { reads, list };
  }

  it("the list with nothing typed folds no station's text; the first word does", () => {
    const { reads, list } = counted(4);
    const indexed = indexStations(list);
    expect(searchStations(indexed, { ...base, q: '  ' })).toHaveLength(4);
    expect(reads.address).toBe(0);
    expect(searchStations(indexed, { ...base, q: 'katu 3' }).map((result) => result.station.id)).toEqual(['FI-3']);
    // Each text is folded once, however many searches follow.
    const afterFirst = reads.address;
    expect(afterFirst).toBe(4);
    searchStations(indexed, { ...base, q: 'katu 2' });
    expect(reads.address).toBe(afterFirst);
  });

  /** Idle moments with room for `perMoment` stations each (the budget is asked once a station, and once before the towns). */
  function idleMoments(perMoment: number) {
    const pending: Array<(deadline: IdleDeadline) => void> = [];
    /** The requests withdrawn, by number (the first request is 0). */
    const withdrawn: number[] = [];
    let requests = 0;
    const requestIdle = (work: (deadline: IdleDeadline) => void) => {
      const request = requests++;
      pending.push(work);
      return () => void withdrawn.push(request);
    };
    const runNext = () => {
      let left = perMoment;
      pending.shift()!({ timeRemaining: () => (left-- > 0 ? 10 : 0) });
    };
    return { pending, withdrawn, requestIdle, runNext };
  }

  it('folds every text over idle moments, a few at a time, then the towns, before a key is typed', () => {
    const { reads, list } = counted(6);
    const indexed = indexStations(list);
    const idle = idleMoments(3);
    prepareSearch(indexed, idle.requestIdle);
    expect(reads.address).toBe(0);
    idle.runNext();
    expect(reads.address).toBe(3);
    idle.runNext();
    expect(reads.address).toBe(6);
    // The last texts took the moment's budget: the towns wait for one more.
    expect(idle.pending).toHaveLength(1);
    idle.runNext();
    expect(idle.pending).toHaveLength(0);
    expect(searchStations(indexed, { ...base, q: 'turku katu 5' }).map((result) => result.station.id)).toEqual([
      'FI-5',
    ]);
    expect(reads.address).toBe(6);
  });

  it('stops when the list it readies is replaced', () => {
    const { reads, list } = counted(7);
    const idle = idleMoments(3);
    const stop = prepareSearch(indexStations(list), idle.requestIdle);
    idle.runNext();
    stop();
    expect(idle.withdrawn).toEqual([1]);
    expect(reads.address).toBe(3);
  });
});

describe('searchStationsOnce', () => {
  it('answers the same options of the same index with the same results, without searching again', () => {
    const first = searchStationsOnce(index, { ...base, q: 'hame' });
    expect(first.map((result) => result.station.id)).toEqual(['FI-1']);
    // A render React threw away and ran again asks again: the same array, not a new search.
    expect(searchStationsOnce(index, { ...base, q: 'hame' })).toBe(first);
    // A few other keys in between still find it.
    for (const q of ['h', 'ha', 'ham']) searchStationsOnce(index, { ...base, q });
    expect(searchStationsOnce(index, { ...base, q: 'hame' })).toBe(first);
  });

  it('searches again when anything that decides the results differs', () => {
    const first = searchStationsOnce(index, { ...base, q: 'hame' });
    const changes: Array<Partial<Parameters<typeof searchStationsOnce>[1]>> = [
      { q: 'hamee' },
      { openNow: true },
      { services: ['carwash'] },
      { now: new Date(base.now.getTime() + 60_000) },
      { position: { lat: 61, lng: 24.46 } },
      { sort: 'distance' },
      { fastCharger: true },
      { chargerStatusesStale: true },
    ];
    for (const change of changes) expect(searchStationsOnce(index, { ...base, q: 'hame', ...change })).not.toBe(first);
    // Another list (a sync arrived) is never answered from the last one's searches.
    const other = indexStations(stations);
    expect(searchStationsOnce(other, { ...base, q: 'hame' })).not.toBe(first);
  });
});
