/**
 * Every page request: routing decisions (redirects, bad input), then the payload and
 * either the server-rendered document or `_payload.json`.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import { isbot } from 'isbot';
import Negotiator from 'negotiator';
import { LOCALE_INFO, type Locale } from '#shared/locales';
import { LOCALE_COOKIE, LOCALE_COOKIE_MAX_AGE_S } from '#shared/locale-detection';
import type { PagePayload, PayloadError } from '#shared/payload';
import type { SiteConfig } from '../config';
import type { PayloadService } from '../payload-service';
import type { Renderer } from '../renderer';
import type { RedirectTable } from '#shared/redirects';
import { routeRequest, type RoutingDecision } from '../request-routing';
import { publicBase } from '../public-urls';
import { createSiteUrls } from '../site-urls';
import { sendSitemap } from '../sitemap';
import { createPreviewAccess } from '../preview-access';
import type { OriginClient } from '../origin-client';

export interface PagesDeps {
  config: SiteConfig;
  redirectTables: ReadonlyMap<Locale, RedirectTable>;
  payloads: PayloadService;
  renderer: Renderer;
  origin: OriginClient;
}

interface CachedRender {
  status: number;
  payload: PagePayload;
  html?: string;
}

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
function setLocaleCookie(request: FastifyRequest, reply: FastifyReply, locale: Locale): void {
  reply.setCookie(LOCALE_COOKIE, locale, {
    path: '/',
    maxAge: LOCALE_COOKIE_MAX_AGE_S,
    sameSite: 'lax',
    secure: request.protocol === 'https',
  });
}

export function pageRoutes(app: FastifyInstance, deps: PagesDeps) {
  const { config, payloads, renderer } = deps;
  const previewAccess = createPreviewAccess(config.previewToken, {
    secureCookie: (request) => request.protocol === 'https',
  });
  // A short-lived render cache for anonymous, non-preview pages: repeated requests for
  // the same page within the TTL skip the origin round trips and the React render.
  const cache =
    config.renderCacheTtlMs > 0
      ? new LRUCache<string, CachedRender>({ max: 500, ttl: config.renderCacheTtlMs })
      : undefined;

  // Absolute URLs in pages come from the configuration, never from the Host header.
  const urlsFor = (request: FastifyRequest) => createSiteUrls(config, request);

  async function sendDocument(
    request: FastifyRequest,
    reply: FastifyReply,
    status: number,
    payload: PagePayload,
    basename: string,
    options: { cached?: CachedRender | undefined; renderPath?: string } = {},
  ) {
    const { cached } = options;
    const html =
      cached?.html ??
      (await renderer.renderDocument({
        // The router reads only the path and query of this URL.
        url: `${publicBase(config, request, payload.locale).origin}${options.renderPath ?? request.url.split('?')[0]}`,
        basename,
        payload,
        publicConfig: config.publicConfig,
      }));
    if (cached && !cached.html) cached.html = html;
    return reply
      .status(status)
      .header('content-type', 'text/html; charset=utf-8')
      .header('cache-control', payload.preview ? 'private, no-store' : 'no-cache')
      .send(html);
  }

  /** A 400/414 answer as a real error page, in the locale the address seems to be in. */
  async function sendBadRequest(request: FastifyRequest, reply: FastifyReply, status: 400 | 414, locale: Locale) {
    const domainMode = config.localeDomains.has(request.hostname.toLowerCase());
    const urls = urlsFor(request);
    const path = request.url.slice(0, 200);
    const error: PayloadError = {
      status,
      statusName: status === 414 ? 'URI_TOO_LONG' : 'BAD_REQUEST',
      path,
      reason: 'badRequest',
    };
    const layout = await deps.origin.layout(locale).catch(() => null);
    const payload = payloads.errorPayload(
      { locale, preview: false, localPath: '/', displayPath: path, urls },
      error,
      layout,
    );
    // The address itself is unusable, so the error page renders at the locale's root.
    const basename = domainMode ? '' : LOCALE_INFO[locale].prefix;
    return sendDocument(request, reply, status, payload, basename, { renderPath: basename || '/' });
  }

  /**
   * A search page opened with ?q= gets its results in the document, so that search works
   * without JavaScript. A failed search renders the error state rather than failing the page.
   */
  async function searchForDocument(payload: PagePayload, locale: Locale, query: unknown) {
    const q = (query as Record<string, unknown> | undefined)?.q;
    if (typeof q !== 'string' || q.trim() === '') return undefined;
    if (!payload.page?.content.body.some((block) => block.type === 'siteSearch')) return undefined;
    const text = q.trim().slice(0, 200);
    try {
      return { query: text, result: await deps.origin.search(locale, text) };
    } catch (error) {
      app.log.warn({ err: error }, 'site search for a server render failed');
      return { query: text, result: null };
    }
  }

  /** A preview without the editors' token: the 404 page, as if the draft did not exist. */
  async function sendPreviewRefused(
    request: FastifyRequest,
    reply: FastifyReply,
    decision: Extract<RoutingDecision, { kind: 'page' }>,
  ) {
    const urls = urlsFor(request);
    const layout = await deps.origin.layout(decision.locale).catch(() => null);
    const error: PayloadError = {
      status: 404,
      statusName: 'NOT_FOUND',
      path: decision.displayPath,
      reason: 'unknownRoute',
    };
    const payload = payloads.errorPayload(
      {
        locale: decision.locale,
        preview: false,
        localPath: decision.localPath,
        displayPath: decision.displayPath,
        urls,
      },
      error,
      layout,
    );
    reply.header('cache-control', 'private, no-store');
    if (decision.payloadJson) {
      return reply.status(404).type('application/json; charset=utf-8').send(JSON.stringify(payload));
    }
    return sendDocument(request, reply, 404, payload, decision.basename);
  }

  async function handle(request: FastifyRequest, reply: FastifyReply) {
    const cookie = request.cookies[LOCALE_COOKIE];
    const decision: RoutingDecision = routeRequest(
      {
        rawUrl: request.url,
        host: request.host,
        protocol: request.protocol === 'https' ? 'https' : 'http',
        localeCookie: cookie,
        isBot: request.headers['user-agent'] ? isbot(request.headers['user-agent']) : false,
        sameOrigin: followedOnSite(request),
        preferredTags: new Negotiator({
          headers: { 'accept-language': String(request.headers['accept-language'] ?? '').slice(0, 512) },
        }).languages(),
      },
      {
        localeDomains: config.localeDomains,
        siteHosts: config.siteHosts,
        rootRedirects: config.rootRedirects,
        redirectTables: deps.redirectTables,
      },
    );

    switch (decision.kind) {
      case 'badRequest':
        return sendBadRequest(request, reply, decision.status, decision.locale);
      case 'redirect':
        if (decision.setLocaleCookie) setLocaleCookie(request, reply, decision.setLocaleCookie);
        return reply
          .header('cache-control', 'no-cache')
          .header('vary', 'Cookie, Accept-Language, Sec-Fetch-Site')
          .redirect(decision.location, 307);
      case 'sitemap':
        return sendSitemap(reply, deps.origin, decision.locale, urlsFor(request));
      case 'page':
        break;
    }

    if (decision.setLocaleCookie) setLocaleCookie(request, reply, decision.setLocaleCookie);
    if (decision.variesByLanguage) reply.header('vary', 'Cookie, Accept-Language, Sec-Fetch-Site');
    if (decision.preview) {
      const access = previewAccess.check(request, reply);
      if (access.kind === 'redirect') {
        return reply.header('cache-control', 'private, no-store').redirect(access.location, 303);
      }
      if (access.kind === 'refused') return sendPreviewRefused(request, reply, decision);
    }
    // A query string can change what the page shows (?q= on the search page, filters on the
    // station locator), so only documents without one share the render cache.
    const queryString = request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : '';
    // The key names everything the render depends on: the absolute base its links are built
    // on (scheme included: an https render must never answer an http request) and the
    // basename its relative links carry (a locale domain's or a prefix).
    const cacheKey =
      decision.preview || (queryString && !decision.payloadJson)
        ? undefined
        : [
            publicBase(config, request, decision.locale).origin,
            decision.basename,
            decision.locale,
            decision.localPath,
          ].join('|');
    let entry = cacheKey ? cache?.get(cacheKey) : undefined;
    if (!entry) {
      const built = await payloads.build({
        locale: decision.locale,
        preview: decision.preview,
        localPath: decision.localPath,
        displayPath: decision.displayPath,
        urls: urlsFor(request),
      });
      entry = { status: built.status, payload: built.payload };
      if (cacheKey && built.status < 500) cache?.set(cacheKey, entry);
    }

    if (decision.payloadJson) {
      return reply
        .status(entry.status)
        .header('cache-control', decision.preview ? 'private, no-store' : 'no-cache')
        .type('application/json; charset=utf-8')
        .send(JSON.stringify(entry.payload));
    }
    const search = await searchForDocument(entry.payload, decision.locale, request.query);
    const payload = search ? { ...entry.payload, search } : entry.payload;
    return sendDocument(request, reply, entry.status, payload, decision.basename, {
      cached: cacheKey ? entry : undefined,
      renderPath: `${request.url.split('?')[0]}${queryString}`,
    });
  }

  app.get('/*', handle);
  return { sendBadRequest };
}
