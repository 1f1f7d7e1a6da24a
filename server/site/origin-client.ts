/**
 * The site server's client for the origin (DESIGN §3): JSON over HTTP only, so an
 * external origin can replace the embedded one. Answers are checked against the schemas.
 */
import ky, { HTTPError, type KyInstance } from 'ky';
import { z } from 'zod';
import {
  layoutSchema,
  pageSchema,
  searchResultSchema,
  type Layout,
  type Page,
  type SearchResult,
} from '#shared/content-schema';
import type { Locale } from '#shared/locales';

export class OriginError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

const sitemapSchema = z.array(
  z.object({ path: z.string(), lastModified: z.string(), alternates: z.partialRecord(z.string(), z.string()) }),
);
export type SitemapEntries = z.infer<typeof sitemapSchema>;

export function createOriginClient(baseUrl: string, options: { timeoutMs?: number } = {}) {
  const http: KyInstance = ky.create({
    prefix: `${baseUrl}/`,
    timeout: options.timeoutMs ?? 8000,
    retry: { limit: 1, methods: ['get'], statusCodes: [502, 503, 504] },
  });

  async function getJson<T>(
    path: string,
    schema: z.ZodType<T>,
    headers: Record<string, string>,
    searchParams?: Record<string, string>,
  ): Promise<T> {
    try {
      const data = await http.get(path, { headers, ...(searchParams ? { searchParams } : {}) }).json();
      const parsed = schema.safeParse(data);
      if (!parsed.success)
        throw new OriginError(
          502,
          `Origin answered ${path} with an unexpected shape: ${parsed.error.message.slice(0, 300)}`,
        );
      return parsed.data;
    } catch (error) {
      if (error instanceof OriginError) throw error;
      if (error instanceof HTTPError)
        throw new OriginError(error.response.status, `Origin answered ${path} with ${error.response.status}`);
      throw new OriginError(503, `Origin unreachable for ${path}: ${(error as Error).message}`);
    }
  }

  return {
    layout(locale: Locale): Promise<Layout> {
      return getJson('cms-view/v1/content/layout', layoutSchema, { 'x-st1-locale': locale });
    },
    page(locale: Locale, path: string, preview: boolean): Promise<Page> {
      const headers: Record<string, string> = { 'x-st1-locale': locale };
      if (preview) headers['x-st1-preview'] = 'true';
      return getJson('cms-view/v1/content/page', pageSchema, headers, { path });
    },
    search(locale: Locale, query: string): Promise<SearchResult> {
      return getJson('cms-view/v1/search', searchResultSchema, { 'x-st1-locale': locale }, { q: query });
    },
    sitemap(locale: Locale): Promise<SitemapEntries> {
      return getJson('cms-view/v1/sitemap', sitemapSchema, { 'x-st1-locale': locale });
    },
    async healthy(): Promise<boolean> {
      try {
        await http.get('healthz', { timeout: 2000, retry: { limit: 0 } });
        return true;
      } catch {
        return false;
      }
    },
  };
}

export type OriginClient = ReturnType<typeof createOriginClient>;
