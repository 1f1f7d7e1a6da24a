/**
 * The public base URL (scheme://host[:port]) that absolute links are built on: links in
 * account e-mails, and the canonical, og:url, hreflang, sitemap and JSON-LD URLs of pages
 * (site-urls.ts). The host always comes from the
 * configuration, never from a request's Host header, so a request with a forged Host
 * cannot make the product mail or print a link to someone else's site (docs/security.md).
 *
 * - A request to a locale domain (LOCALE_DOMAINS) gets the domain of its locale.
 * - Otherwise PUBLIC_URL when set, else the SITE_HOSTS entry the request named, else the
 *   first SITE_HOSTS entry, else the locale's domain.
 * - With none of these configured (development), a loopback Host keeps its port, and any
 *   other Host gets http://localhost:PORT.
 * The scheme is the request's own (the connection's, or a trusted proxy's X-Forwarded-Proto).
 */
import type { FastifyRequest } from 'fastify';
import type { Locale } from '#shared/locales';
import type { SiteConfig } from './config';

export interface PublicBase {
  /** e.g. 'https://www.st1.fi', no trailing slash. */
  origin: string;
  /** Whether the locales live on their own domains (no locale prefix in paths). */
  domainMode: boolean;
}

export type UrlConfig = Pick<SiteConfig, 'port' | 'publicUrl' | 'localeDomains' | 'domainOfLocale' | 'siteHosts'>;

/** What of a request the base depends on: its scheme, and its Host only to recognise a configured one. */
export type RequestView = Pick<FastifyRequest, 'protocol' | 'hostname' | 'host'>;

const LOOPBACK_HOST = /^(localhost|127\.0\.0\.1|\[::1\])(?::(\d{1,5}))?$/i;

/** Whether anything names the site's public host; without it this is a development copy. */
function hasPublicHost(config: UrlConfig): boolean {
  return config.publicUrl !== undefined || config.siteHosts.size > 0 || config.domainOfLocale.size > 0;
}

export function publicBase(config: UrlConfig, request: RequestView, locale: Locale): PublicBase {
  const scheme = request.protocol === 'https' ? 'https' : 'http';
  const hostname = request.hostname.toLowerCase();
  const domainOfLocale = config.domainOfLocale.get(locale);
  if (config.localeDomains.has(hostname) && domainOfLocale)
    return { origin: `${scheme}://${domainOfLocale}`, domainMode: true };
  if (config.publicUrl) return { origin: config.publicUrl, domainMode: false };
  if (config.siteHosts.has(hostname)) return { origin: `${scheme}://${hostname}`, domainMode: false };
  const [firstSiteHost] = config.siteHosts;
  if (firstSiteHost) return { origin: `${scheme}://${firstSiteHost}`, domainMode: false };
  if (domainOfLocale) return { origin: `${scheme}://${domainOfLocale}`, domainMode: true };
  // LOCALE_DOMAINS without this locale, nor PUBLIC_URL: the first domain, locale-prefixed paths.
  const [firstDomain] = config.domainOfLocale.values();
  if (firstDomain) return { origin: `${scheme}://${firstDomain}`, domainMode: false };
  const loopback = hasPublicHost(config) ? null : LOOPBACK_HOST.exec(request.host);
  if (loopback && (loopback[2] === undefined || Number(loopback[2]) <= 65535))
    return { origin: `${scheme}://${loopback[0].toLowerCase()}`, domainMode: false };
  return { origin: `http://localhost:${config.port}`, domainMode: false };
}

/**
 * Every origin (scheme://host) that `publicBase` can answer for this configuration, for the
 * origin's SITE_URLS check of the link base it is sent. Empty without a public host: the
 * origin then takes loopback link bases only.
 */
export function configuredPublicOrigins(config: UrlConfig): string[] {
  const hosts = [...config.domainOfLocale.values(), ...config.siteHosts];
  const origins = hosts.flatMap((host) => [`https://${host}`, `http://${host}`]);
  if (config.publicUrl) origins.unshift(config.publicUrl);
  return [...new Set(origins)];
}
