/**
 * The web app manifest of a locale, so that the app installs in the visitor's language: names and shortcuts in the
 * locale's language, start URL and scope with the locale prefix (none in domain mode, where
 * the host is the locale's), icons of 192 and 512 px plus maskable ones (public/icons,
 * made by scripts/generate-pwa-icons.ts), screenshots of the station locator narrow and
 * wide for the richer install sheet (public/screenshots, made by
 * scripts/generate-manifest-screenshots.ts), and the brand colours of index.html.
 */
import { getHref, LOCALE_INFO, LOCALIZED_PATHS, type Locale } from '#shared/locales';
import { SHOP_PATHS } from '#shared/shop/shop-paths';
import { MY_STATIONS_ANCHOR } from '#shared/station-constants';

const THEME_COLOR = '#c8102e';
const BACKGROUND_COLOR = '#ffffff';

export type Translate = (locale: Locale, id: string) => string;

/** Where a locale's manifest is served (server/site/routes/manifest.ts). */
export function manifestHref(locale: Locale): string {
  return `/manifests/${locale}.webmanifest`;
}

export interface WebAppManifest {
  id: string;
  name: string;
  short_name: string;
  description: string;
  lang: string;
  dir: 'ltr';
  start_url: string;
  scope: string;
  display: 'standalone';
  theme_color: string;
  background_color: string;
  categories: string[];
  icons: Array<{ src: string; sizes: string; type: string; purpose: 'any' | 'maskable' }>;
  shortcuts: Array<{ name: string; url: string; icons: Array<{ src: string; sizes: string; type: string }> }>;
  screenshots: Array<{ src: string; sizes: string; type: string; form_factor: 'narrow' | 'wide'; label: string }>;
}

/**
 * The screenshots of each locale: its station locator on a 390 px phone and a 1280 px
 * screen (Chromium shows "narrow" ones on phones and "wide" ones on desktops).
 */
export const MANIFEST_SCREENSHOTS = [
  { formFactor: 'narrow', width: 390, height: 844 },
  { formFactor: 'wide', width: 1280, height: 800 },
].map((shot) => ({
  ...(shot as { formFactor: 'narrow' | 'wide'; width: number; height: number }),
  /** The page shown, as the locale's visitor reaches it. */
  path: (locale: Locale) => getHref(locale, LOCALIZED_PATHS.stationLocator[locale]),
}));

/** The file of a screenshot under public/ (served from the site root). */
export function screenshotFile(locale: Locale, formFactor: 'narrow' | 'wide'): string {
  return `screenshots/${locale}-${formFactor}.webp`;
}

const ICONS: WebAppManifest['icons'] = [
  { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
  { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
  { src: '/icons/icon-maskable-192.png', sizes: '192x192', type: 'image/png', purpose: 'maskable' },
  { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
];
const SHORTCUT_ICONS = [{ src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' }];

export function webAppManifest(locale: Locale, options: { domainMode: boolean }, translate: Translate): WebAppManifest {
  const href = (path: string) => getHref(locale, path, { domainMode: options.domainMode });
  const start = href('/');
  const shortcuts: WebAppManifest['shortcuts'] = [
    {
      name: translate(locale, /*i18n*/ 'app.manifest.shortcut.stationLocator'),
      url: href(LOCALIZED_PATHS.stationLocator[locale]),
      icons: SHORTCUT_ICONS,
    },
    {
      // The favourites, first in the locator (docs/pwa.md "Favourite stations").
      name: translate(locale, /*i18n*/ 'app.manifest.shortcut.myStations'),
      url: `${href(LOCALIZED_PATHS.stationLocator[locale])}#${MY_STATIONS_ANCHOR}`,
      icons: SHORTCUT_ICONS,
    },
    {
      name: translate(locale, /*i18n*/ 'app.manifest.shortcut.cart'),
      url: href(SHOP_PATHS.cart[locale]),
      icons: SHORTCUT_ICONS,
    },
  ];
  return {
    // One app per locale: each has its own start URL, names and language.
    id: start,
    name: translate(locale, /*i18n*/ 'app.manifest.name'),
    short_name: translate(locale, /*i18n*/ 'app.manifest.shortName'),
    description: translate(locale, /*i18n*/ 'app.manifest.description'),
    lang: LOCALE_INFO[locale].htmlLang,
    dir: 'ltr',
    start_url: start,
    // "/en-EU" (not "/en-EU/"): the start URL "/en-EU" must be inside the scope.
    scope: start,
    display: 'standalone',
    theme_color: THEME_COLOR,
    background_color: BACKGROUND_COLOR,
    categories: ['shopping', 'travel', 'lifestyle'],
    icons: ICONS,
    shortcuts,
    screenshots: MANIFEST_SCREENSHOTS.map((shot) => ({
      src: `/${screenshotFile(locale, shot.formFactor)}`,
      sizes: `${shot.width}x${shot.height}`,
      type: 'image/webp',
      form_factor: shot.formFactor,
      label: translate(locale, /*i18n*/ 'app.manifest.screenshot'),
    })),
  };
}
