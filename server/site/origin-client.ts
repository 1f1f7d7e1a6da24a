/**
 * The site server's client for the origin (DESIGN §3): JSON over HTTP only, so an
 * external origin can replace the embedded one. Answers are checked against the schemas.
 * Requests go over keep-alive node:http connections (origin-transport.ts).
 */
import type { z } from 'zod';
import { fetchJson, requestJson, type Transport } from '#shared/api/client';
import { contentApi, type SitemapEntries } from '#shared/api/content';
import { stationsApi } from '#shared/api/stations';
import type { StationCountry } from '#shared/station-constants';
import { originProbesApi } from '#shared/api/probes';
import type { Endpoint, ResponseOf } from '#shared/api/endpoint';
import { ApiError } from '#shared/api/errors';
import type { Layout, Page, PageView, SearchResult } from '#shared/content-schema';
import type { Locale } from '#shared/locales';
import { createOriginTransport } from './origin-transport';
import { requestIdHeader } from './request-scope';
import type { SiteMetrics } from './site-metrics';
import { observeOriginCall } from './origin-forwarding';

export type { SitemapEntries };
export type PageChanges = ResponseOf<typeof contentApi.pageChanges>;

interface LiveHeld {
  since: number;
  dataset?: string | undefined;
  etag?: string | undefined;
}

type LiveRead = { body: ResponseOf<typeof stationsApi.live>; etag: string | undefined };

/**
 * The live channel's answer checked with the contract and passed on as it is, or
 * undefined when unchanged (304).
 */
async function readStationLive(
  origin: { baseUrl: string; timeoutMs: number; transport: Transport },
  country: StationCountry,
  held: LiveHeld,
): Promise<LiveRead | undefined> {
  const contract = stationsApi.live;
  const answer = await requestJson({
    url: `${origin.baseUrl}/${contract.path}`,
    name: `Origin ${contract.path}`,
    headers: { ...requestIdHeader(), ...(held.etag ? { 'if-none-match': held.etag } : {}) },
    query: { country, since: held.since, ...(held.dataset ? { dataset: held.dataset } : {}) },
    acceptStatuses: [304],
    timeoutMs: origin.timeoutMs,
    transport: origin.transport,
  });
  if (answer.status === 304) return undefined;
  const parsed = contract.response.safeParse(answer.body);
  if (!parsed.success)
    throw new ApiError(502, 'BAD_ANSWER', `Origin ${contract.path} answered an unexpected shape`, {
      failure: 'bad-answer',
      cause: parsed.error,
    });
  return { body: parsed.data, etag: answer.headers.get('etag') ?? undefined };
}

export function createOriginClient(baseUrl: string, options: { timeoutMs?: number; metrics?: SiteMetrics } = {}) {
  const timeoutMs = options.timeoutMs ?? 8000;
  const { transport, close } = createOriginTransport();
  const { metrics } = options;

  /** A GET of a content endpoint, its answer parsed with the contract's schema. */
  function getJson<E extends Endpoint>(
    contract: E,
    headers: Record<string, string>,
    query?: Record<string, string>,
  ): Promise<ResponseOf<E>> {
    return observeOriginCall(metrics, contract.path, () =>
      fetchJson(
        {
          url: `${baseUrl}/${contract.path}`,
          name: `Origin ${contract.path}`,
          headers: { ...headers, ...requestIdHeader() },
          ...(query ? { query } : {}),
          timeoutMs,
          retryOnce: true,
          transport,
        },
        (body) => (contract.response as z.ZodType<ResponseOf<E>>).parse(body),
      ),
    );
  }

  return {
    layout(locale: Locale): Promise<Layout> {
      return getJson(contentApi.layout, { 'x-st1-locale': locale });
    },
    page(locale: Locale, path: string, preview: boolean): Promise<Page> {
      const headers: Record<string, string> = { 'x-st1-locale': locale };
      if (preview) headers['x-st1-preview'] = 'true';
      return getJson(contentApi.page, headers, { path });
    },
    /**
     * A page render's one request: the page at `path` (none asked for when null) and the
     * layout, sent only when `layoutVersion` is not the current one.
     */
    view(locale: Locale, path: string | null, preview: boolean, layoutVersion: string | undefined): Promise<PageView> {
      const headers: Record<string, string> = { 'x-st1-locale': locale };
      if (preview) headers['x-st1-preview'] = 'true';
      const searchParams: Record<string, string> = {};
      if (path !== null) searchParams.path = path;
      if (layoutVersion) searchParams.layoutVersion = layoutVersion;
      return getJson(contentApi.view, headers, searchParams);
    },
    search(locale: Locale, query: string): Promise<SearchResult> {
      return getJson(contentApi.search, { 'x-st1-locale': locale }, { q: query });
    },
    sitemap(locale: Locale): Promise<SitemapEntries> {
      return getJson(contentApi.sitemap, { 'x-st1-locale': locale });
    },
    /** The surrogate keys of the pages changed after change number `after` (render-cache.ts). */
    pageChanges(after: number): Promise<PageChanges> {
      return getJson(contentApi.pageChanges, {}, { after: String(after) });
    },
    /**
     * A country's live data changed after `since` (the live streams' one read per change,
     * live-stream/live-hub.ts), conditionally on the ETag of the version held.
     */
    stationLive(country: StationCountry, held: LiveHeld): Promise<LiveRead | undefined> {
      return observeOriginCall(metrics, stationsApi.live.path, () =>
        readStationLive({ baseUrl, timeoutMs, transport }, country, held),
      );
    },
    async healthy(checkTimeoutMs = 2000): Promise<boolean> {
      try {
        await observeOriginCall(metrics, 'healthz', () =>
          fetchJson(
            {
              url: `${baseUrl}/${originProbesApi.health.path}`,
              headers: requestIdHeader(),
              timeoutMs: checkTimeoutMs,
              transport,
            },
            (body) => originProbesApi.health.response.parse(body),
          ),
        );
        return true;
      } catch {
        return false;
      }
    },
    /** Ends the idle connections to the origin (the site server's shutdown). */
    close,
  };
}

export type OriginClient = ReturnType<typeof createOriginClient>;
