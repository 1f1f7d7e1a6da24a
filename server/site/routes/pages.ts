/**
 * Every page request: routing decisions (redirects, bad input), then the payload and
 * either the server-rendered document or `_payload.json`.
 */
import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { isbot } from 'isbot';
import Negotiator from 'negotiator';
import { isLocale, type Locale } from '#shared/locales';
import { LOCALE_COOKIE, LOCALE_COOKIE_MAX_AGE_S } from '#shared/locale-detection';
import { PAYLOAD_LOCATION_HEADER, type PagePayload } from '#shared/payload';
import type { RedirectTable } from '#shared/redirects';
import type { SiteConfig } from '../config';
import type { OriginClient } from '../origin-client';
import type { PageDocuments, RenderedPage } from '../page-documents';
import { sendEncoded } from '../encoded-bodies';
import { createRenderCache } from '../render-cache';
import type { PayloadService } from '../payload-service';
import { createPreviewAccess } from '../preview-access';
import { publicBase } from '../public-urls';
import { routeRequest, type RoutingDecision } from '../request-routing';
import { sendSitemap } from '../sitemap';
import type { SiteMetrics } from '../site-metrics';
import { PRIVATE_NO_STORE, sendPublic, weakEtag } from '../edge-cache';
import { isShareablePage, pageSurrogateKeys } from '../page-cache';

export interface PagesOptions {
  config: SiteConfig;
  redirectTables: ReadonlyMap<Locale, RedirectTable>;
  payloads: PayloadService;
  origin: OriginClient;
  documents: PageDocuments;
  /** Counts the render cache's hits and misses (site-metrics.ts). */
  metrics?: SiteMetrics;
}

type PageDecision = Extract<RoutingDecision, { kind: 'page' }>;

/** The answer depends on the cookie and Accept-Language (first-visit locale detection). */
const VARY_LANGUAGE = 'Cookie, Accept-Language, Sec-Fetch-Site';

/**
 * A link followed on this site: the browser says same-origin and the Referer is a page of
 * this host. Both, because a service worker's own fetch of a typed-in address is
 * same-origin too, but keeps the original (empty) referrer.
 */
function followedOnSite(request: FastifyRequest): boolean {
  if (request.headers['sec-fetch-site'] !== 'same-origin') return false;
  try {
    return new URL(String(request.headers.referer ?? '')).host === request.host;
  } catch {
    return false;
  }
}

/** Secure when the request came over https, directly or through a trusted proxy (TRUST_PROXY). */
function setLocaleCookie(request: FastifyRequest, reply: FastifyReply, locale: Locale | undefined): void {
  if (!locale) return;
  reply.setCookie(LOCALE_COOKIE, locale, {
    path: '/',
    maxAge: LOCALE_COOKIE_MAX_AGE_S,
    sameSite: 'lax',
    secure: request.protocol === 'https',
  });
}

function decide(request: FastifyRequest, options: PagesOptions): RoutingDecision {
  const { config } = options;
  const userAgent = request.headers['user-agent'];
  const acceptLanguage = String(request.headers['accept-language'] ?? '').slice(0, 512);
  return routeRequest(
    {
      rawUrl: request.url,
      host: request.host,
      protocol: request.protocol === 'https' ? 'https' : 'http',
      localeCookie: request.cookies[LOCALE_COOKIE],
      isBot: userAgent ? isbot(userAgent) : false,
      sameOrigin: followedOnSite(request),
      preferredTags: new Negotiator({ headers: { 'accept-language': acceptLanguage } }).languages(),
    },
    {
      localeDomains: config.localeDomains,
      siteHosts: config.siteHosts,
      rootRedirects: config.rootRedirects,
      redirectTables: options.redirectTables,
    },
  );
}

/** The query string with its '?', or '' without one. */
function queryStringOf(url: string): string {
  const start = url.indexOf('?');
  return start === -1 ? '' : url.slice(start);
}

/**
 * The render-cache key of a page, or none when the page may not share a render. A query
 * string can change what the page shows (?q= on the search page, filters on the station
 * locator), so only documents without one share the cache; a preview never does. The key
 * names everything the render depends on: the absolute base its links are built on (scheme
 * included: an https render must never answer an http request) and the basename its
 * relative links carry (a locale domain's or a prefix).
 */
function renderCacheKey(request: FastifyRequest, decision: PageDecision, config: SiteConfig): string | undefined {
  if (decision.preview || (queryStringOf(request.url) && !decision.payloadJson)) return undefined;
  const base = publicBase(config, request, decision.locale).origin;
  return [base, decision.basename, decision.locale, decision.localPath].join('|');
}

/** Whether the request's Cache-Control says `no-cache` (RFC 9111 §5.2.1.4): no stored answer without the origin. */
function asksForFreshCopy(request: FastifyRequest): boolean {
  const header = request.headers['cache-control'];
  return typeof header === 'string' && /(^|,)\s*no-cache\s*(,|$)/i.test(header);
}

/**
 * A search page opened with ?q= gets its results in the document, so that search works
 * without JavaScript. A failed search renders the error state rather than failing the page.
 */
async function searchForDocument(request: FastifyRequest, origin: OriginClient, payload: PagePayload, locale: Locale) {
  const q = (request.query as Record<string, unknown> | undefined)?.q;
  if (typeof q !== 'string' || q.trim() === '') return undefined;
  if (!payload.page?.content.body.some((block) => block.type === 'siteSearch')) return undefined;
  const text = q.trim().slice(0, 200);
  try {
    return { query: text, result: await origin.search(locale, text) };
  } catch (error) {
    request.log.warn({ err: error }, 'site search for a server render failed');
    return { query: text, result: null };
  }
}

/**
 * The render cache of anonymous, non-preview pages (render-cache.ts), none at
 * RENDER_CACHE_TTL_MS=0: repeated requests for a page skip the origin round trips and the
 * React render until the page changes.
 */
function openRenderCache(app: FastifyInstance, config: SiteConfig, origin: OriginClient) {
  if (config.renderCacheTtlMs <= 0) return undefined;
  const cache = createRenderCache({
    ttlMs: config.renderCacheTtlMs,
    readChanges: (after) => origin.pageChanges(after),
    log: app.log,
  });
  app.addHook('onClose', async () => cache.close());
  return cache;
}

export const pageRoutes: FastifyPluginAsync<PagesOptions> = async (app, options) => {
  const { config, payloads, origin, documents } = options;
  const previewAccess = createPreviewAccess(config.previewToken, {
    secureCookie: (request) => request.protocol === 'https',
  });
  const cache = openRenderCache(app, config, origin);

  /**
   * The payload of the page, from the render cache or built from the origin. A request that
   * asks for the page as it is now (`Cache-Control: no-cache`: a shared cache filling or
   * refreshing its copy, deploy/varnish/default.vcl, or a browser's hard reload) is built
   * afresh and replaces the entry: a shared cache that was just purged must not get a
   * render from before the change and keep it for s-maxage.
   */
  async function loadPage(request: FastifyRequest, decision: PageDecision, cacheKey: string | undefined) {
    const refresh = asksForFreshCopy(request);
    const cached = cacheKey && !refresh ? cache?.get(cacheKey) : undefined;
    // Only pages that may share a render count: a miss is a render the cache could have saved.
    if (cache && cacheKey) options.metrics?.renderCache(refresh ? 'refresh' : cached ? 'hit' : 'miss');
    if (cached) return cached;
    const begun = cache?.begin() ?? 0;
    const built = await payloads.build({
      locale: decision.locale,
      preview: decision.preview,
      localPath: decision.localPath,
      displayPath: decision.displayPath,
      urls: documents.urlsFor(request),
    });
    const page: RenderedPage = { status: built.status, payload: built.payload };
    if (cacheKey && built.status < 500)
      cache?.set(cacheKey, page, pageSurrogateKeys(decision.locale, decision.localPath, built.payload), begun);
    return page;
  }

  async function sendPage(request: FastifyRequest, reply: FastifyReply, decision: PageDecision) {
    setLocaleCookie(request, reply, decision.setLocaleCookie);
    // The root of a shared host detects a first visit's locale (by Accept-Language, the
    // cookie, whether a bot asks): only a returning visitor's answer, by the cookie, is shared.
    const detects = !decision.domainMode && decision.displayPath === '/' && !decision.payloadJson && !decision.preview;
    if (decision.variesByLanguage || detects) reply.header('vary', VARY_LANGUAGE);
    if (decision.preview) {
      const access = previewAccess.check(request, reply);
      if (access.kind === 'redirect') {
        return reply.header('cache-control', PRIVATE_NO_STORE).redirect(access.location, 303);
      }
      if (access.kind === 'refused') return documents.sendPreviewRefused(request, reply, decision);
    }
    const cacheKey = renderCacheKey(request, decision, config);
    const page = await loadPage(request, decision, cacheKey);
    // Only what the render cache may share, a shared cache may keep (docs/operations.md "A cache in front").
    const shareable =
      cacheKey !== undefined &&
      !queryStringOf(request.url) &&
      (!detects || isLocale(request.cookies[LOCALE_COOKIE])) &&
      isShareablePage(page.status, page.payload);
    const keys = shareable ? pageSurrogateKeys(decision.locale, decision.localPath, page.payload) : undefined;
    if (decision.payloadJson) {
      if (decision.legacyLocation) reply.header(PAYLOAD_LOCATION_HEADER, decision.legacyLocation);
      const json = (page.json ??= JSON.stringify(page.payload));
      reply.status(page.status).type('application/json; charset=utf-8');
      if (keys) {
        page.jsonEtag ??= weakEtag(json);
        if (sendPublic(request, reply, { etag: page.jsonEtag, keys })) return reply;
      } else reply.header('cache-control', decision.preview ? PRIVATE_NO_STORE : 'no-cache');
      return sendEncoded(request, reply, (page.jsonBytes ??= Buffer.from(json)), (page.encodedJson ??= {}));
    }
    const search = await searchForDocument(request, origin, page.payload, decision.locale);
    // Search results make another document: it is rendered apart from the cached page.
    const rendered = search ? { status: page.status, payload: { ...page.payload, search } } : page;
    return documents.sendDocument(request, reply, rendered, {
      basename: decision.basename,
      renderPath: `${request.url.split('?')[0]}${queryStringOf(request.url)}`,
      ...(keys && !search ? { shareKeys: keys } : {}),
    });
  }

  app.get('/*', async (request, reply) => {
    const decision = decide(request, options);
    switch (decision.kind) {
      case 'badRequest':
        return documents.sendBadRequest(request, reply, decision.status, decision.locale);
      case 'redirect':
        setLocaleCookie(request, reply, decision.setLocaleCookie);
        return reply.header('cache-control', 'no-cache').header('vary', VARY_LANGUAGE).redirect(decision.location, 307);
      case 'sitemap':
        return sendSitemap(request, reply, origin, decision.locale, documents.urlsFor(request));
      case 'page':
        return sendPage(request, reply, decision);
    }
  });
};
