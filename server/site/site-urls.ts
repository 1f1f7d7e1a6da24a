/**
 * Absolute URLs of pages, for canonical links, og:url, hreflang alternates, JSON-LD and
 * the sitemap. Every one is built on the configured public base of its locale
 * (public-urls.ts), so a forged Host header never appears in a page (docs/security.md).
 */
import { getHref, type Locale } from '#shared/locales';
import { publicBase, type RequestView, type UrlConfig } from './public-urls';

export interface SiteUrls {
  /** Absolute URL of a locale-relative path in a locale. */
  absolute(locale: Locale, localPath: string): string;
}

/**
 * On a locale domain each locale lives on its own host without a prefix; on the shared
 * host (PUBLIC_URL, SITE_HOSTS, or loopback in development) locales are path prefixes.
 */
export function createSiteUrls(config: UrlConfig, request: RequestView): SiteUrls {
  return {
    absolute(locale, localPath) {
      const base = publicBase(config, request, locale);
      return `${base.origin}${getHref(locale, localPath, { domainMode: base.domainMode })}`;
    },
  };
}
