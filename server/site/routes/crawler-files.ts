/**
 * Files that crawlers and security researchers ask for by a fixed name:
 * - GET /robots.txt: what crawlers may fetch, and the sitemaps of the host
 *   (https://www.rfc-editor.org/rfc/rfc9309): every locale's /sitemap.xml on a shared
 *   host, the host's own on a locale domain.
 * - GET /.well-known/security.txt (https://www.rfc-editor.org/rfc/rfc9116): where to
 *   report a vulnerability. Expires is the build time plus 180 days, so a release left
 *   unchanged for half a year says its contact details need a review (docs/behaviour.md).
 * /favicon.ico is a static file (public/favicon.ico).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { LOCALES, LOCALIZED_PATHS } from '#shared/locales';
import { publicBase, type UrlConfig } from '../public-urls';
import { createSiteUrls } from '../site-urls';

export interface CrawlerFileOptions {
  /** Where absolute URLs point (public-urls.ts): never the request's own Host. */
  config: UrlConfig;
  /** Build time in milliseconds since the epoch (dist/build.json). */
  buildTimestamp: number;
}

const SECURITY_TXT_LIFETIME_MS = 180 * 24 * 60 * 60 * 1000;

/** Addresses that are not pages: API calls, payment hand-offs, drafts and payloads. */
const DISALLOWED = ['/api/', '/proxy/', '/payment-gateway/', '/preview', '/*/_payload.json', '/_payload.json'];

export async function crawlerFileRoutes(app: FastifyInstance, options: CrawlerFileOptions) {
  function siteOf(request: FastifyRequest) {
    const hostLocale = options.config.localeDomains.get(request.hostname.toLowerCase());
    return { hostLocale, urls: createSiteUrls(options.config, request) };
  }

  app.get('/robots.txt', async (request, reply) => {
    const { hostLocale, urls } = siteOf(request);
    const locales = hostLocale ? [hostLocale] : LOCALES;
    const lines = [
      'User-agent: *',
      ...DISALLOWED.map((path) => `Disallow: ${path}`),
      '',
      ...locales.map((locale) => `Sitemap: ${urls.absolute(locale, '/sitemap.xml')}`),
      '',
    ];
    return reply
      .header('content-type', 'text/plain; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(lines.join('\n'));
  });

  app.get('/.well-known/security.txt', async (request, reply) => {
    const { hostLocale, urls } = siteOf(request);
    const locale = hostLocale ?? 'fi-FI';
    const expires = new Date(options.buildTimestamp + SECURITY_TXT_LIFETIME_MS).toISOString().replace(/\.\d{3}Z$/, 'Z');
    const lines = [
      // The customer-service contact form reaches the company in every locale (spec §2).
      `Contact: ${urls.absolute(locale, LOCALIZED_PATHS.contact[locale])}`,
      `Expires: ${expires}`,
      'Preferred-Languages: fi, sv, no, en',
      `Canonical: ${publicBase(options.config, request, locale).origin}/.well-known/security.txt`,
      '',
    ];
    return reply
      .header('content-type', 'text/plain; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(lines.join('\n'));
  });
}
