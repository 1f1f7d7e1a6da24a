/** /sitemap.xml per locale, with hreflang alternates and without noIndex pages (spec §2). */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { SitemapStream, streamToPromise } from 'sitemap';
import { DEFAULT_LOCALE, LOCALE_INFO, isLocale, type Locale } from '#shared/locales';
import type { OriginClient } from './origin-client';
import type { SiteUrls } from './site-urls';
import { SITE_KEY, sitemapKey } from '#shared/surrogate-keys';
import { sendPublic, weakEtag } from './edge-cache';

/**
 * The hreflang alternates of a sitemap entry, and x-default for visitors whose language
 * no locale serves: the fi-FI version, the default locale, as in the page head
 * (server/site/payload-service.ts).
 */
function alternateLinks(alternates: Partial<Record<string, string>>, urls: SiteUrls) {
  const links = Object.entries(alternates).flatMap(([code, path]) =>
    isLocale(code) && path
      ? [{ lang: LOCALE_INFO[code].htmlLang, hreflang: LOCALE_INFO[code].htmlLang, url: urls.absolute(code, path) }]
      : [],
  );
  const fallback = alternates[DEFAULT_LOCALE];
  if (fallback) links.push({ lang: 'x-default', hreflang: 'x-default', url: urls.absolute(DEFAULT_LOCALE, fallback) });
  return links;
}

export async function sendSitemap(
  request: FastifyRequest,
  reply: FastifyReply,
  origin: OriginClient,
  locale: Locale,
  urls: SiteUrls,
) {
  const entries = await origin.sitemap(locale);
  const stream = new SitemapStream({ xmlns: { news: false, video: false, image: false, xhtml: true } });
  for (const entry of entries) {
    stream.write({
      url: urls.absolute(locale, entry.path),
      lastmod: entry.lastModified,
      links: alternateLinks(entry.alternates, urls),
    });
  }
  stream.end();
  const xml = (await streamToPromise(stream)).toString();
  reply.header('content-type', 'application/xml; charset=utf-8');
  if (sendPublic(request, reply, { etag: weakEtag(xml), keys: [SITE_KEY, sitemapKey(locale)] })) return reply;
  return reply.send(xml);
}
