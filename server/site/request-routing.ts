/**
 * What the site server does with a page request before any rendering (DESIGN §2):
 * reject bad input, canonical forms (www host, slashes, prefix case), first-visit locale
 * detection on the root, the configured root redirect, and the legacy redirect tables.
 * Pure, so that every rule is unit-tested without a server.
 */
import { detectLocale } from '#shared/locale-detection';
import { DEFAULT_LOCALE, LOCALE_INFO, getHref, resolvePath, type Locale } from '#shared/locales';
import { hasDotSegment, MAX_PATH_BYTES } from '#shared/path-rules';
import { PAYLOAD_SUFFIX } from '#shared/payload';
import { isAbsoluteUrl, matchRedirect, withQuery, type RedirectTable } from '#shared/redirects';

export interface RoutingRequest {
  /** The request target as sent: path and query, still percent-encoded. */
  rawUrl: string;
  /** Host header value, possibly with a port. */
  host: string;
  protocol: 'http' | 'https';
  localeCookie: string | undefined;
  /** Accept-Language tags, most preferred first. */
  preferredTags: readonly string[];
  /** Crawlers (by user agent) index the root as it is: no detection redirect, no cookie. */
  isBot?: boolean;
  /**
   * The browser says the request comes from a page of this site (Sec-Fetch-Site:
   * same-origin): a link followed on the site, such as the locale switcher's "Suomi", is
   * not a first visit, so "/" is served as asked and remembered (docs/behaviour.md).
   */
  sameOrigin?: boolean;
}

export interface RoutingSite {
  localeDomains: ReadonlyMap<string, Locale>;
  /** Host names (lower case, no port) of the shared host; with the locale domains, the only ones a www host redirects to. */
  siteHosts: ReadonlySet<string>;
  rootRedirects: ReadonlyMap<Locale, string>;
  redirectTables: ReadonlyMap<Locale, RedirectTable>;
}

export type RoutingDecision =
  | { kind: 'badRequest'; status: 400 | 414; detail: string; locale: Locale }
  | { kind: 'redirect'; location: string; setLocaleCookie?: Locale; reason: string }
  | { kind: 'sitemap'; locale: Locale; domainMode: boolean }
  | {
      kind: 'page';
      locale: Locale;
      preview: boolean;
      /** Path inside the locale, "/" for the root. */
      localPath: string;
      /** The page path as the visitor sees it (with prefix), for messages. */
      displayPath: string;
      basename: string;
      domainMode: boolean;
      payloadJson: boolean;
      setLocaleCookie?: Locale;
      /** The answer depends on the cookie and Accept-Language (first-visit detection). */
      variesByLanguage: boolean;
      /**
       * A payload asked for a path of the legacy redirect table: where its document
       * redirects, for the browser's client navigation to go to (PAYLOAD_LOCATION_HEADER).
       */
      legacyLocation?: string;
    };

// Control characters in a decoded path are never part of a page address.
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/;

/** Encodes a clean path for a Location header (it must be ASCII). */
function encodePath(path: string): string {
  return encodeURI(path);
}

/** Encodes a decoded request path: a '?' or '#' in it stays part of the path. */
function encodeRequestPath(path: string): string {
  return encodeURI(path).replace(/[?#]/g, (char) => encodeURIComponent(char));
}

/** The request target, checked and decoded. */
interface Target {
  /** The path as sent, still percent-encoded. */
  rawPath: string;
  /** The query with its '?', or ''. */
  search: string;
  /** The decoded path. */
  path: string;
}

/** The page address the canonical-form rules leave: what the later rules and the page answer read. */
interface PageAddress {
  locale: Locale;
  preview: boolean;
  localPath: string;
  /** The decoded path without the payload suffix, slashes collapsed. */
  cleanPath: string;
  basename: string;
  domainMode: boolean;
  payloadJson: boolean;
}

type Redirect = Extract<RoutingDecision, { kind: 'redirect' }>;

/**
 * The routing rules in the order they apply (DESIGN §2); each rule is a function below
 * that answers with a decision or lets the request go on to the next one.
 */
export function routeRequest(request: RoutingRequest, site: RoutingSite): RoutingDecision {
  const target = readTarget(request.rawUrl);
  if ('kind' in target) return target;

  const wwwRedirect = redirectWwwHost(request, site, target);
  if (wwwRedirect) return wwwRedirect;

  const address = canonicalAddress(target, site.localeDomains.get(hostnameOf(request.host)));
  if ('kind' in address) return address;
  const { locale, preview, localPath, payloadJson, domainMode } = address;

  if (localPath === '/sitemap.xml' && !preview && !payloadJson) return { kind: 'sitemap', locale, domainMode };

  const root = localPath === '/' && !preview && !payloadJson ? routeRoot(request, site, address, target.search) : {};
  if ('kind' in root) return root;

  const legacyRedirect = localPath !== '/' && !preview && redirectLegacy(site, address, target.search);
  if (legacyRedirect && !payloadJson) return legacyRedirect;

  return {
    kind: 'page',
    locale,
    preview,
    localPath,
    displayPath: address.cleanPath,
    basename: address.basename,
    domainMode,
    payloadJson,
    variesByLanguage: root.variesByLanguage ?? false,
    ...(root.setLocaleCookie ? { setLocaleCookie: root.setLocaleCookie } : {}),
    ...(legacyRedirect ? { legacyLocation: legacyRedirect.location } : {}),
  };
}

/** Bad input is refused first: too long, malformed percent-encoding, characters or segments no page has. */
function readTarget(rawUrl: string): Target | Extract<RoutingDecision, { kind: 'badRequest' }> {
  const guessLocale = resolvePath(rawUrl.split('?')[0]?.slice(0, 64) ?? '/').locale;
  if (Buffer.byteLength(rawUrl) > MAX_PATH_BYTES) {
    return {
      kind: 'badRequest',
      status: 414,
      detail: `The address is longer than ${MAX_PATH_BYTES} bytes`,
      locale: guessLocale,
    };
  }
  const queryIndex = rawUrl.indexOf('?');
  const rawPath = queryIndex === -1 ? rawUrl : rawUrl.slice(0, queryIndex);
  const search = queryIndex === -1 ? '' : rawUrl.slice(queryIndex);

  let path: string;
  try {
    path = decodeURIComponent(rawPath);
  } catch {
    return {
      kind: 'badRequest',
      status: 400,
      detail: 'The address has malformed percent-encoding',
      locale: guessLocale,
    };
  }
  if (!path.startsWith('/') || CONTROL_CHARACTERS.test(path) || path.includes('\\') || hasDotSegment(path)) {
    return {
      kind: 'badRequest',
      status: 400,
      detail: 'The address contains characters or segments that no page has',
      locale: guessLocale,
    };
  }
  return { rawPath, search, path };
}

/** The Host header's name in lower case, without its port. */
function hostnameOf(host: string): string {
  return host.toLowerCase().replace(/:\d+$/, '');
}

/** A www host of this site redirects to the same address on the bare host. */
function redirectWwwHost(request: RoutingRequest, site: RoutingSite, target: Target): Redirect | undefined {
  const hostHeader = request.host.toLowerCase();
  const hostname = hostnameOf(request.host);
  // Only to a configured host: the Host header is the client's to write, and
  // "Host: www.evil.example" must not make this site redirect to evil.example (an open redirect).
  const bareHostname = hostname.slice(4);
  if (hostname.startsWith('www.') && (site.siteHosts.has(bareHostname) || site.localeDomains.has(bareHostname))) {
    return {
      kind: 'redirect',
      location: `${request.protocol}://${hostHeader.slice(4)}${target.rawPath}${target.search}`,
      reason: 'www host',
    };
  }
  return undefined;
}

/**
 * Canonical forms: repeated or trailing slashes and a locale prefix in the wrong letter
 * case redirect to the canonical address (a page payload is read as asked, never
 * redirected); anything else resolves to its locale and path inside it.
 */
function canonicalAddress(target: Target, hostLocale: Locale | undefined): PageAddress | Redirect {
  const { path, search } = target;
  const domainMode = hostLocale !== undefined;
  const payloadJson = path.endsWith(PAYLOAD_SUFFIX);
  const pagePath = payloadJson ? path.slice(0, -PAYLOAD_SUFFIX.length) || '/' : path;
  // Collapse repeated slashes (also keeps "//host" from ever reaching a Location header).
  const cleanPath = pagePath.replace(/\/{2,}/g, '/').replace(/(.)\/+$/, '$1');
  if (!payloadJson && cleanPath !== pagePath) {
    return {
      kind: 'redirect',
      location: `${encodeRequestPath(cleanPath)}${search}`,
      reason: 'trailing or repeated slash',
    };
  }

  const resolved = resolvePath(cleanPath, hostLocale);
  const prefix = domainMode ? '' : LOCALE_INFO[resolved.locale].prefix;
  const basename = `${resolved.preview ? '/preview' : ''}${prefix}`;
  if (resolved.nonCanonicalPrefix && !payloadJson) {
    const canonical = `${basename}${resolved.localPath === '/' ? '' : resolved.localPath}` || '/';
    return {
      kind: 'redirect',
      location: `${encodeRequestPath(canonical)}${search}`,
      reason: 'locale prefix letter case',
    };
  }
  const { locale, preview, localPath } = resolved;
  return { locale, preview, localPath, cleanPath, basename, domainMode, payloadJson };
}

/**
 * A locale's root page (not a preview, not a payload): first-visit locale detection, then
 * the configured root redirect. What it does not answer, the page answer carries on.
 */
function routeRoot(
  request: RoutingRequest,
  site: RoutingSite,
  address: PageAddress,
  search: string,
): Redirect | { setLocaleCookie?: Locale; variesByLanguage?: boolean } {
  const { locale, domainMode } = address;
  const hrefOptions = { domainMode };
  let setLocaleCookie: Locale | undefined;
  let variesByLanguage = false;
  // First-visit detection happens only on the bare root of a shared host (DESIGN §2).
  if (!domainMode && address.cleanPath === '/' && !request.isBot) {
    variesByLanguage = true;
    if (request.sameOrigin) {
      setLocaleCookie = locale;
    } else {
      // Spec §2: the locale cookie first (the visitor's earlier detection or choice in the
      // locale switcher), then the browser's languages; only a detection sets the cookie.
      const detected = detectLocale({ cookie: request.localeCookie, preferredTags: request.preferredTags });
      if (detected.source !== 'cookie') setLocaleCookie = detected.locale;
      if (detected.locale !== DEFAULT_LOCALE) {
        return {
          kind: 'redirect',
          location: withQuery(getHref(detected.locale, '/', hrefOptions), search),
          ...(setLocaleCookie ? { setLocaleCookie } : {}),
          reason: detected.source === 'cookie' ? 'locale cookie' : 'first-visit locale detection',
        };
      }
    }
  }
  const rootTarget = site.rootRedirects.get(locale);
  if (rootTarget) {
    const location = isAbsoluteUrl(rootTarget) ? rootTarget : getHref(locale, rootTarget, hrefOptions);
    return {
      kind: 'redirect',
      location: withQuery(location, search),
      ...(setLocaleCookie ? { setLocaleCookie } : {}),
      reason: 'root redirect',
    };
  }
  return { variesByLanguage, ...(setLocaleCookie ? { setLocaleCookie } : {}) };
}

/** The locale's legacy redirect table, for any page but the root. */
function redirectLegacy(site: RoutingSite, address: PageAddress, search: string): Redirect | undefined {
  const { locale, localPath, domainMode } = address;
  const table = site.redirectTables.get(locale);
  const target = table ? matchRedirect(table, localPath) : undefined;
  if (target === undefined) return undefined;
  // Absolute targets come only from the table, never from the request (no open redirect).
  const location = isAbsoluteUrl(target) ? target : encodePath(getHref(locale, target, { domainMode }));
  return { kind: 'redirect', location: withQuery(location, search), reason: 'legacy redirect' };
}
