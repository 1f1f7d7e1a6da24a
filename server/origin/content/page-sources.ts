/**
 * Pages and page parts that another domain serves through the cms-view endpoints: the
 * stations plugin registers the station pages, the station locator's server list, their
 * sitemap entries and the station hits of the site search here (docs/stations.md). The
 * content domain asks every registered source and imports none of them.
 */
import type { PageContent, SearchResult } from '#shared/content-schema';
import type { Locale } from '#shared/locales';

interface SourcedPage {
  localizedPagePaths: Partial<Record<Locale, string>>;
  content: PageContent;
}

interface SitemapEntry {
  path: string;
  lastModified: string;
  alternates: Partial<Record<Locale, string>>;
}

export interface PageSource {
  /** The source's own page at a locale-relative path, or undefined when the path is not one of its pages. */
  findPage?(locale: Locale, path: string): Promise<SourcedPage | undefined>;
  /** Fills the blocks of a CMS page that this source answers for. */
  fillBlocks?(content: PageContent, locale: Locale): Promise<PageContent>;
  /** The sitemap entries of the source's pages in a locale. */
  sitemap?(locale: Locale): Promise<SitemapEntry[]>;
  /** The parts of a site search's answer beside the page hits that this source adds. */
  searchResults?(locale: Locale, query: string): Promise<Omit<Partial<SearchResult>, 'query' | 'hits'>>;
}

/** The registered sources, asked in the order they were added. */
export function createPageSources() {
  const sources: PageSource[] = [];
  return {
    add(source: PageSource): void {
      sources.push(source);
    },
    async findPage(locale: Locale, path: string): Promise<SourcedPage | undefined> {
      for (const source of sources) {
        const page = await source.findPage?.(locale, path);
        if (page) return page;
      }
      return undefined;
    },
    async fillBlocks(content: PageContent, locale: Locale): Promise<PageContent> {
      let filled = content;
      for (const source of sources) if (source.fillBlocks) filled = await source.fillBlocks(filled, locale);
      return filled;
    },
    async sitemap(locale: Locale): Promise<SitemapEntry[]> {
      const lists = await Promise.all(sources.map((source) => source.sitemap?.(locale) ?? []));
      return lists.flat();
    },
    async searchResults(locale: Locale, query: string): Promise<Omit<Partial<SearchResult>, 'query' | 'hits'>> {
      const parts = await Promise.all(sources.map((source) => source.searchResults?.(locale, query) ?? {}));
      return Object.assign({}, ...parts) as Omit<Partial<SearchResult>, 'query' | 'hits'>;
    },
  };
}

export type PageSources = ReturnType<typeof createPageSources>;
