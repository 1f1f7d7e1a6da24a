/**
 * The station page and locator parts of the cms-view page endpoint (docs/stations.md):
 * registered as a page source of the content plugin (stations-plugin.ts), which asks it for
 * a station page by path, for the server-render list of a stationLocator block, and for
 * the sitemap entries of station pages.
 */
import type { Asset, PageContent } from '#shared/content-schema';
import type { Locale } from '#shared/locales';
import { LOCALE_COUNTRY } from '#shared/station-constants';
import type { StationLiveData } from './station-live-data';
import type { StationsRepository } from './stations-repository';
import { stationPage, stationPagePath, stationSlugOfPath, toSummaries } from './stations-views';

/** Stations the locator's server render lists (links the crawler follows: keep it short). */
const SERVER_LIST_LENGTH = 8;

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
  live: StationLiveData;
  /** The images plugin's assets (`app.images.assets`): the station pages' hero image. */
  assets: { findMeta(id: string): Promise<{ asset: Asset } | undefined> };
  now?: () => Date;
}): StationPages {
  const now = deps.now ?? (() => new Date());
  return {
    async find(locale, path) {
      const slug = stationSlugOfPath(locale, path);
      if (!slug) return undefined;
      const record = await deps.stations.findBySlug(slug);
      if (!record) return undefined;
      const [image, live] = await Promise.all([
        deps.assets.findMeta('hero-stations').then((meta) => meta?.asset),
        deps.live.forStations([record.id]),
      ]);
      return stationPage(record, locale, now(), image, live);
    },

    async fillLocator(content, locale) {
      if (!content.body.some((block) => block.type === 'stationLocator')) return content;
      const { stations, total } = await deps.stations.firstOfCountry(LOCALE_COUNTRY[locale], SERVER_LIST_LENGTH);
      const live = await deps.live.forStations(stations.map((station) => station.id));
      const initial = toSummaries(stations, now(), live);
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
