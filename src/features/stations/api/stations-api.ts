/**
 * The origin's station list (through the site's /proxy): the full list of a country, or
 * the changes since a stored version, conditionally on its ETag.
 */
import { ApiError } from '#shared/api/errors';
import { STATIONS_API_PATHS } from '#shared/api/paths';
import type { Locale } from '#shared/locales';
import { isStationSummary } from '#shared/station-guards';
import type { StationCountry, StationList, StationSummary, StationSummaryInput, WeeklyHours } from '#shared/stations';

const STATIONS_ENDPOINT = `/proxy/${STATIONS_API_PATHS.list}`;

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/** Hours as the schema reads them: absent exceptions are none. */
const withExceptions = <H extends { exceptions?: WeeklyHours['exceptions'] | undefined }>(hours: H) => ({
  ...hours,
  exceptions: hours.exceptions ?? {},
});

/** A list entry that passed its guard, with the defaults stationSummarySchema gives. */
function summaryOf(station: StationSummaryInput): StationSummary {
  const { hours, kitchenHours, lunchHours, ...rest } = station;
  return {
    ...rest,
    hours: hours ? withExceptions(hours) : null,
    ...(kitchenHours ? { kitchenHours: withExceptions(kitchenHours) } : {}),
    ...(lunchHours ? { lunchHours: withExceptions(lunchHours) } : {}),
  };
}

/**
 * The answer's check without zod (the browser bundle carries none): the envelope must be
 * right; a station that does not pass its guard (isStationSummary, which re-states the
 * schema) is left out.
 */
function readStationList(value: unknown, country: StationCountry): StationList {
  if (
    !isObject(value) ||
    value.country !== country ||
    typeof value.version !== 'number' ||
    typeof value.full !== 'boolean' ||
    !Array.isArray(value.stations) ||
    !Array.isArray(value.removed)
  ) {
    throw new Error('The station list answer has an unexpected shape');
  }
  return {
    country,
    version: value.version,
    ...(typeof value.dataset === 'string' && value.dataset ? { dataset: value.dataset } : {}),
    full: value.full,
    stations: value.stations.filter(isStationSummary).map(summaryOf),
    removed: value.removed.filter((id): id is string => typeof id === 'string'),
  };
}

export interface StationListRequest {
  /** The stored version: the answer holds the changes since it (0: the full list). */
  since?: number;
  /** The history the stored version belongs to (another one answers in full). */
  dataset?: string;
  /** The stored list's ETag: an unchanged list answers 304. */
  etag?: string;
  fetch?: typeof fetch;
  signal?: AbortSignal;
}

export type StationListAnswer = { unchanged: true } | { unchanged: false; list: StationList; etag: string | null };

export async function fetchStationList(
  country: StationCountry,
  locale: Locale,
  request: StationListRequest = {},
): Promise<StationListAnswer> {
  // The HTTP client (ky) loads with the first sync, after hydration: evaluated with the
  // locator's other modules, it lengthened the task before the page became interactive.
  const { requestJson } = await import('#shared/api/client');
  const answer = await requestJson({
    url: STATIONS_ENDPOINT,
    name: 'The station list',
    query: { country, since: request.since, dataset: request.dataset || undefined },
    headers: { 'x-st1-locale': locale, 'if-none-match': request.etag || undefined },
    acceptStatuses: [304],
    ...(request.signal ? { signal: request.signal } : {}),
    ...(request.fetch ? { fetch: request.fetch } : {}),
  });
  if (answer.status === 304) return { unchanged: true };
  let list: StationList;
  try {
    list = readStationList(answer.body, country);
  } catch (error) {
    throw new ApiError(502, 'BAD_ANSWER', (error as Error).message, { failure: 'bad-answer', cause: error });
  }
  return { unchanged: false, list, etag: answer.headers.get('etag') };
}
