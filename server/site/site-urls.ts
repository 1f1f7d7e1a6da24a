/** Absolute URLs of pages, for canonical links, hreflang alternates and the sitemap. */
import { getHref, type Locale } from '../../src/shared/locales';

export interface SiteUrls {
  /** Absolute URL of a locale-relative path in a locale. */
  absolute(locale: Locale, localPath: string): string;
}

/**
 * On a locale domain (domain mode) every locale lives on its own host; on a shared host
 * (localhost) locales are path prefixes of the request's own origin.
 */
export function createSiteUrls(options: {
  requestOrigin: string;
  protocol: 'http' | 'https';
  domainMode: boolean;
  domainOfLocale: ReadonlyMap<Locale, string>;
}): SiteUrls {
  return {
    absolute(locale, localPath) {
      const domain = options.domainMode ? options.domainOfLocale.get(locale) : undefined;
      if (domain) return `${options.protocol}://${domain}${getHref(locale, localPath, { domainMode: true })}`;
      return `${options.requestOrigin}${getHref(locale, localPath)}`;
    },
  };
}
