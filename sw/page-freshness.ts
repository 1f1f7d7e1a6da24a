/**
 * How fresh a page must be when the network is slow or lying (pure, unit-tested):
 * - `saved-first`: the start page and the station locator of every locale. The installed
 *   app opens on them, and a saved copy is good enough to start with: it is shown at once
 *   and refreshed behind it for the next start (stale-while-revalidate).
 * - `fresh-required`: the cart, the checkout and the account pages, where an old copy can
 *   mislead (a price, an order, a session). The network is asked first; a saved copy shown
 *   instead says that it is one (./saved-copy-notice.ts).
 * - `network-first`: every other page: the network first, the saved copy after a short wait.
 */
import { ACCOUNT_PATHS } from '#shared/account-paths';
import { getHref, LOCALES, LOCALIZED_PATHS, type Locale } from '#shared/locales';
import { SHOP_PATHS } from '#shared/shop/shop-paths';

export type PageFreshness = 'saved-first' | 'fresh-required' | 'network-first';

const FRESH_REQUIRED_PATHS: ReadonlyArray<Record<Locale, string>> = [
  SHOP_PATHS.cart,
  SHOP_PATHS.checkout,
  ...Object.values(ACCOUNT_PATHS),
];

function hrefsOf(paths: ReadonlyArray<Record<Locale, string>>, hostLocale: Locale | undefined): Set<string> {
  const domainMode = hostLocale !== undefined;
  const locales = hostLocale ? [hostLocale] : LOCALES;
  return new Set(locales.flatMap((locale) => paths.map((path) => getHref(locale, path[locale], { domainMode }))));
}

/** The classifier for a worker serving `hostLocale`'s host (domain mode) or every locale's paths. */
export function pageFreshness(hostLocale: Locale | undefined): (url: URL) => PageFreshness {
  const savedFirst = hrefsOf([LOCALIZED_PATHS.landing, LOCALIZED_PATHS.stationLocator], hostLocale);
  const freshRequired = hrefsOf(FRESH_REQUIRED_PATHS, hostLocale);
  return (url) => {
    // The site has no trailing slashes; "/en-EU/" is the same page as "/en-EU".
    const path = url.pathname.length > 1 ? url.pathname.replace(/\/+$/, '') : url.pathname;
    if (savedFirst.has(path)) return 'saved-first';
    // Pages below a fresh-required one (the checkout's confirmation) must be fresh too.
    for (const fresh of freshRequired) if (path === fresh || path.startsWith(`${fresh}/`)) return 'fresh-required';
    return 'network-first';
  };
}
