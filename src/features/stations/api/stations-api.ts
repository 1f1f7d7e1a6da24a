/**
 * The origin's station channels (through the site's /proxy): a country's station facts
 * and its live data, each the full list or the changes since a stored version,
 * conditionally on its ETag, decoded from their compact wire form (src/shared/station-wire.ts).
 */
import { ApiError } from '#shared/api/errors';
import { STATIONS_API_PATHS } from '#shared/api/paths';
import type { Locale } from '#shared/locales';
import type { StationCountry } from '#shared/stations';
import { decodeFacts, decodeLive, type FactsList, type LiveList } from '#shared/station-wire';

interface ChannelRequest {
  /** The stored version: the answer holds the changes since it (0: the full list). */
  since?: number;
  /** The history the stored version belongs to (another one answers in full). */
  dataset?: string;
  /** The stored answer's ETag: an unchanged channel answers 304. */
  etag?: string | null;
  fetch?: typeof fetch;
  signal?: AbortSignal;
}

type ChannelAnswer<L> = { unchanged: true } | { unchanged: false; list: L; etag: string | null };

async function fetchChannel<L>(
  path: string,
  name: string,
  decode: (body: unknown, country: StationCountry) => L,
  country: StationCountry,
  locale: Locale,
  request: ChannelRequest,
): Promise<ChannelAnswer<L>> {
  // The HTTP client (ky) loads with the first sync, after hydration: evaluated with the
  // locator's other modules, it lengthened the task before the page became interactive.
  const { requestJson } = await import('#shared/api/client');
  const answer = await requestJson({
    url: `/proxy/${path}`,
    name,
    query: { country, since: request.since, dataset: request.dataset || undefined },
    headers: { 'x-st1-locale': locale, 'if-none-match': request.etag || undefined },
    acceptStatuses: [304],
    ...(request.signal ? { signal: request.signal } : {}),
    ...(request.fetch ? { fetch: request.fetch } : {}),
  });
  if (answer.status === 304) return { unchanged: true };
  let list: L;
  try {
    list = decode(answer.body, country);
  } catch (error) {
    throw new ApiError(502, 'BAD_ANSWER', (error as Error).message, { failure: 'bad-answer', cause: error });
  }
  return { unchanged: false, list, etag: answer.headers.get('etag') };
}

/** The station facts of a country (name, address, hours, services, charge points' static data). */
export function fetchStationFacts(
  country: StationCountry,
  locale: Locale,
  request: ChannelRequest = {},
): Promise<ChannelAnswer<FactsList>> {
  return fetchChannel(STATIONS_API_PATHS.facts, 'The station list', decodeFacts, country, locale, request);
}

/** The live data of a country (prices, charger statuses, tariffs). */
export function fetchStationLive(
  country: StationCountry,
  locale: Locale,
  request: ChannelRequest = {},
): Promise<ChannelAnswer<LiveList>> {
  return fetchChannel(STATIONS_API_PATHS.live, 'The station live data', decodeLive, country, locale, request);
}
