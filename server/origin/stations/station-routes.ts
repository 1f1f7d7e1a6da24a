/**
 * The station channels (DESIGN §4, docs/stations.md "Two channels"): a country's station
 * facts and its live data, each a full list or the changes since its own version, compact
 * (src/shared/station-wire.ts), with an ETag that names what the browser holds after the
 * answer; and the keyed list of before them (facts and live data in every entry), kept for
 * apps installed before. The station page and locator parts of the page endpoint are in
 * station-pages.ts.
 */
import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { zodRoutes } from '../../common/zod-routes';
import { LRUCache } from 'lru-cache';
import { zonedNow } from '#shared/station-calendar';
import { COUNTRY_TIME_ZONE, LOCALE_COUNTRY } from '#shared/station-constants';
import type { StationCountry, StationList } from '#shared/stations';
import { encodeFacts, encodeLive } from '#shared/station-wire';
import { stationsApi } from '#shared/api/stations';
import { requestSchema } from '#shared/api/endpoint';
import { requestLocale } from '../locale-header';
import type { StationLiveData } from './station-live-data';
import type { StationsRepository } from './stations-repository';
import type { StationsRepositories } from './stations-repositories';
import { toSummaries } from './stations-views';

/**
 * Full answers kept ready, by ETag: every first install of a country gets the same bytes,
 * which at 13,000 stations took the origin a quarter of a second to build
 * (docs/performance.md). Per channel: three countries, today's and yesterday's day.
 */
const FULL_LISTS_KEPT = 6;

interface ChannelQuery {
  country?: StationCountry | undefined;
  since: number;
  dataset?: string | undefined;
}

const etagOf = (...parts: Array<string | number>) =>
  `"${createHash('sha1').update(parts.join('|')).digest('base64url').slice(0, 20)}"`;

/**
 * A channel's answer: 304 while the browser holds the answer's ETag, else the full list
 * (kept by ETag) or the delta. A version of another database history, or newer than the
 * channel's when the app does not say which history, gets the full list.
 */
async function answerChannel(
  request: FastifyRequest<{ Querystring: ChannelQuery }>,
  reply: FastifyReply,
  channel: {
    current: (country: StationCountry) => Promise<number>;
    dataset: () => Promise<string>;
    /** What besides history, country and version names the answer (the day, the channel). */
    etagParts: (country: StationCountry) => string[];
    cache: LRUCache<string, string>;
    build: Build;
  },
) {
  const country = request.query.country ?? LOCALE_COUNTRY[requestLocale(request)];
  const { since } = request.query;
  const [current, dataset] = await Promise.all([channel.current(country), channel.dataset()]);
  const full =
    since === 0 || since > current || (request.query.dataset !== undefined && request.query.dataset !== dataset);
  // The ETag names the list a browser holds after this answer, not the request: a browser
  // that has just applied version v asks `since=v` with it and gets a 304.
  const etag = etagOf(dataset, country, current, ...channel.etagParts(country));
  reply.header('etag', etag).header('cache-control', 'no-cache');
  if (request.headers['if-none-match'] === etag) return reply.status(304).send();
  const cached = full ? channel.cache.get(etag) : undefined;
  if (cached) return reply.type('application/json; charset=utf-8').send(cached);
  const { json, version } = await channel.build(country, full ? 0 : since, full, dataset);
  // Only a list of the version the ETag names (a change may land between the two reads).
  if (full && version === current) channel.cache.set(etag, json);
  return reply.type('application/json; charset=utf-8').send(json);
}

interface RouteDeps {
  stations: StationsRepository;
  live: StationLiveData;
  liveChannel: StationsRepositories['live'];
  now?: () => Date;
}

type Build = (
  country: StationCountry,
  since: number,
  full: boolean,
  dataset: string,
) => Promise<{ json: string; version: number }>;

/** The keyed list of before: facts and live data in every entry. */
function buildKeyedList(deps: RouteDeps, now: () => Date): Build {
  return async (country, since, full, dataset) => {
    const [changes, live] = await Promise.all([
      deps.stations.changesSince(country, since),
      deps.live.forChanges(country, since),
    ]);
    const body: StationList = {
      country,
      version: changes.version,
      dataset,
      full,
      stations: toSummaries(changes.changed, now(), live),
      removed: full ? [] : changes.removed,
    };
    return { json: JSON.stringify(body), version: changes.version };
  };
}

/** The facts channel: the stations with their charge points' static data, compact. */
function buildFacts(deps: RouteDeps, now: () => Date): Build {
  return async (country, since, full, dataset) => {
    const [changes, points] = await Promise.all([
      deps.stations.changesSince(country, since),
      deps.live.chargePointsForChanges(country, since),
    ]);
    const stations = toSummaries(changes.changed, now(), points).map(
      ({ chargePoints, prices: _prices, ...station }) => ({
        ...station,
        // Static data only: prices, statuses and tariffs travel in the live channel.
        ...(chargePoints
          ? {
              chargePoints: chargePoints.map(({ uid, evseId, connectors, tariffId }) => ({
                uid,
                ...(evseId !== undefined ? { evseId } : {}),
                connectors,
                ...(tariffId !== undefined ? { tariffId } : {}),
              })),
            }
          : {}),
      }),
    );
    const wire = encodeFacts({
      country,
      version: changes.version,
      dataset,
      full,
      stations,
      removed: full ? [] : changes.removed,
    });
    return { json: JSON.stringify(wire), version: changes.version };
  };
}

/** The live channel: prices, statuses and tariffs changed after `since`, compact. */
function buildLive(deps: RouteDeps, now: () => Date): Build {
  return async (country, since, full, dataset) => {
    const changes = await deps.liveChannel.changesSince(country, since);
    const wire = encodeLive({ country, dataset, full, ...changes }, Math.floor(now().getTime() / 1000));
    return { json: JSON.stringify(wire), version: changes.version };
  };
}

export function stationRoutes(app: FastifyInstance, deps: RouteDeps) {
  const now = deps.now ?? (() => new Date());
  // Past holiday exceptions drop out of a list at midnight: the day is part of its identity.
  const today = (country: StationCountry) => zonedNow(now(), COUNTRY_TIME_ZONE[country]).date;
  const dataset = () => deps.stations.dataset();
  const stationVersion = (country: StationCountry) => deps.stations.version(country);
  // Full answers kept by ETag; the versions in the keys are read from the database on every
  // request, so a change made by another process is never hidden by these caches.
  const kept = () => new LRUCache<string, string>({ max: FULL_LISTS_KEPT });
  const caches = { list: kept(), facts: kept(), live: kept() };
  const api = zodRoutes(app);

  api.get('/cms-view/v1/stations', { schema: requestSchema(stationsApi.list) }, async (request, reply) => {
    // This list carries live data as well: the live version is part of what it names.
    const liveVersion = await deps.liveChannel.version();
    return answerChannel(request, reply, {
      current: stationVersion,
      dataset,
      etagParts: (country) => [today(country), String(liveVersion)],
      cache: caches.list,
      build: buildKeyedList(deps, now),
    });
  });

  api.get('/cms-view/v1/station-facts', { schema: requestSchema(stationsApi.facts) }, async (request, reply) =>
    answerChannel(request, reply, {
      current: stationVersion,
      dataset,
      etagParts: (country) => [today(country), 'facts'],
      cache: caches.facts,
      build: buildFacts(deps, now),
    }),
  );

  api.get('/cms-view/v1/station-live', { schema: requestSchema(stationsApi.live) }, async (request, reply) =>
    answerChannel(request, reply, {
      current: () => deps.liveChannel.version(),
      dataset,
      etagParts: () => ['live'],
      cache: caches.live,
      build: buildLive(deps, now),
    }),
  );
}
