/**
 * cms-view/v1/stations: the compact station list of a country with a version (ETag) and
 * deltas since a version (DESIGN §4). The station page and locator parts of the
 * page endpoint are in station-pages.ts.
 */
import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { zodRoutes } from '../../common/zod-routes';
import { LRUCache } from 'lru-cache';
import { zonedNow } from '#shared/station-calendar';
import { COUNTRY_TIME_ZONE, LOCALE_COUNTRY } from '#shared/station-constants';
import type { StationList } from '#shared/stations';
import { stationsApi } from '#shared/api/stations';
import { requestSchema } from '#shared/api/endpoint';
import { requestLocale } from '../locale-header';
import type { StationLiveData } from './station-live-data';
import type { StationsRepository } from './stations-repository';
import { toSummaries } from './stations-views';

/**
 * Full lists kept ready, by ETag (country, version, day): every first install of a country
 * gets the same answer, which at 13,000 stations took the origin a quarter of a second to
 * build (docs/performance.md). Three countries, today's and yesterday's day: six.
 */
const FULL_LISTS_KEPT = 6;

export function stationRoutes(
  app: FastifyInstance,
  deps: { stations: StationsRepository; live: StationLiveData; now?: () => Date },
) {
  const now = deps.now ?? (() => new Date());
  // The version in the key is read from the database on every request, so a change made by
  // another process is never hidden by this cache.
  const fullLists = new LRUCache<string, string>({ max: FULL_LISTS_KEPT });

  const api = zodRoutes(app);
  api.get('/cms-view/v1/stations', { schema: requestSchema(stationsApi.list) }, async (request, reply) => {
    const locale = requestLocale(request);
    const { query } = request;
    const country = query.country ?? LOCALE_COUNTRY[locale];
    const since = query.since;
    const [current, dataset] = await Promise.all([deps.stations.version(country), deps.stations.dataset()]);
    // A version of another database history (restored, made anew), or newer than ours
    // when the app does not say which history: start over with the full list.
    const full = since === 0 || since > current || (query.dataset !== undefined && query.dataset !== dataset);
    // The ETag names the list a browser holds after this answer (history, country, version, day),
    // not the request: a browser that has just applied version v asks `since=v` with it and
    // gets a 304, without an empty delta first. Past holiday exceptions drop out at
    // midnight, so the day is part of the list's identity.
    const day = zonedNow(now(), COUNTRY_TIME_ZONE[country]).date;
    const etag = `"${createHash('sha1').update(`${dataset}|${country}|${current}|${day}`).digest('base64url').slice(0, 20)}"`;
    reply.header('etag', etag).header('cache-control', 'no-cache');
    if (request.headers['if-none-match'] === etag) return reply.status(304).send();

    const cached = full ? fullLists.get(etag) : undefined;
    if (cached) return reply.type('application/json; charset=utf-8').send(cached);
    const [changes, live] = await Promise.all([
      deps.stations.changesSince(country, full ? 0 : since),
      deps.live.forChanges(country, full ? 0 : since),
    ]);
    const body: StationList = {
      country,
      version: changes.version,
      dataset,
      full,
      stations: toSummaries(changes.changed, now(), live),
      removed: full ? [] : changes.removed,
    };
    const json = JSON.stringify(body);
    // Only a list of the version the ETag names (a change may land between the two reads).
    if (full && changes.version === current) fullLists.set(etag, json);
    return reply.type('application/json; charset=utf-8').send(json);
  });
}
