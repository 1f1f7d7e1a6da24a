/**
 * cms-view/v1/stations: the compact station list of a country with a version (ETag) and
 * deltas since a version (issue 5, DESIGN §4), plus the station page and locator parts of
 * the page endpoint (content.ts calls them through StationPages).
 */
import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { LRUCache } from 'lru-cache';
import { z } from 'zod';
import type { PageContent } from '../../../src/shared/content-schema';
import type { Locale } from '../../../src/shared/locales';
import { zonedNow } from '../../../src/shared/station-calendar';
import { COUNTRY_TIME_ZONE, LOCALE_COUNTRY, STATION_COUNTRIES, type StationList } from '../../../src/shared/stations';
import { badRequest } from '../errors';
import { requestLocale } from '../locale-header';
import type { AssetsRepository } from '../images/assets-repository';
import type { StationsRepository } from './stations-repository';
import { stationPage, stationPagePath, stationSlugOfPath, toSummaries } from './stations-views';

/**
 * Full lists kept ready, by ETag (country, version, day): every first install of a country
 * gets the same answer, which at 13,000 stations took the origin a quarter of a second to
 * build (docs/performance.md). Three countries, today's and yesterday's day: six.
 */
const FULL_LISTS_KEPT = 6;

/** Stations the locator's server render lists (links the crawler follows: keep it short). */
const SERVER_LIST_LENGTH = 8;

const listQuery = z.object({
  country: z.enum(STATION_COUNTRIES).optional(),
  since: z.coerce.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER).default(0),
  /** The database history `since` belongs to (an app of before issue 12 sends none). */
  dataset: z
    .string()
    .regex(/^[\w-]{1,64}$/)
    .optional(),
});

export interface StationPages {
  /** The station page of a locale-relative path, undefined when the path is no station page. */
  find(
    locale: Locale,
    path: string,
  ): Promise<{ localizedPagePaths: Partial<Record<Locale, string>>; content: PageContent } | undefined>;
  /** Fills stationLocator blocks with the short server-render list. */
  fillLocator(content: PageContent, locale: Locale): Promise<PageContent>;
  /** Sitemap entries of every station page in a locale (docs/stations.md: they are listed). */
  sitemap(
    locale: Locale,
  ): Promise<Array<{ path: string; lastModified: string; alternates: Partial<Record<Locale, string>> }>>;
}

export function createStationPages(deps: {
  stations: StationsRepository;
  assets: AssetsRepository;
  now?: () => Date;
}): StationPages {
  const now = deps.now ?? (() => new Date());
  return {
    async find(locale, path) {
      const slug = stationSlugOfPath(locale, path);
      if (!slug) return undefined;
      const record = await deps.stations.findBySlug(slug);
      if (!record) return undefined;
      const image = (await deps.assets.findMeta('hero-stations'))?.asset;
      return stationPage(record, locale, now(), image);
    },

    async fillLocator(content, locale) {
      if (!content.body.some((block) => block.type === 'stationLocator')) return content;
      const { stations, total } = await deps.stations.firstOfCountry(LOCALE_COUNTRY[locale], SERVER_LIST_LENGTH);
      const initial = toSummaries(stations, now());
      return {
        ...content,
        body: content.body.map((block) => (block.type === 'stationLocator' ? { ...block, initial, total } : block)),
      };
    },

    async sitemap(locale) {
      const rows = await deps.stations.listForSitemap();
      return rows.map((row) => ({
        path: stationPagePath(locale, row.slug),
        lastModified: row.updatedAt,
        alternates: {
          'fi-FI': stationPagePath('fi-FI', row.slug),
          'en-EU': stationPagePath('en-EU', row.slug),
          'sv-SE': stationPagePath('sv-SE', row.slug),
          'no-NO': stationPagePath('no-NO', row.slug),
        },
      }));
    },
  };
}

export function stationRoutes(app: FastifyInstance, deps: { stations: StationsRepository; now?: () => Date }) {
  const now = deps.now ?? (() => new Date());
  // The version in the key is read from the database on every request, so a change made by
  // another process is never hidden by this cache.
  const fullLists = new LRUCache<string, string>({ max: FULL_LISTS_KEPT });

  app.get('/cms-view/v1/stations', async (request, reply) => {
    const locale = requestLocale(request);
    const parsed = listQuery.safeParse(request.query);
    if (!parsed.success) {
      throw badRequest(
        'Query: country must be FI, SE or NO; since must be a non-negative integer version; dataset an id of letters, digits, _ and -',
      );
    }
    const country = parsed.data.country ?? LOCALE_COUNTRY[locale];
    const since = parsed.data.since;
    const [current, dataset] = await Promise.all([deps.stations.version(country), deps.stations.dataset()]);
    // A version of another database history (restored, made anew), or newer than ours
    // when the app does not say which history: start over with the full list.
    const full =
      since === 0 || since > current || (parsed.data.dataset !== undefined && parsed.data.dataset !== dataset);
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
    const changes = await deps.stations.changesSince(country, full ? 0 : since);
    const body: StationList = {
      country,
      version: changes.version,
      dataset,
      full,
      stations: toSummaries(changes.changed, now()),
      removed: full ? [] : changes.removed,
    };
    const json = JSON.stringify(body);
    // Only a list of the version the ETag names (a change may land between the two reads).
    if (full && changes.version === current) fullLists.set(etag, json);
    return reply.type('application/json; charset=utf-8').send(json);
  });
}
