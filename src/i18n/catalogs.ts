/**
 * Message catalogs are compiled from .po files at build time and bundled with the app,
 * never fetched from an API (spec §7: "bundled inline"). Each locale is its own chunk so
 * that a page loads only its own language.
 *
 * `locales/{locale}/messages.po` holds what every page needs (layout, errors, header).
 * Features with many texts (stations, shop, account, forms, app) keep them in a feature
 * catalog `locales/{locale}/{feature}.po`, loaded together with the feature's chunk, so
 * that the landing page does not carry them (docs/performance.md, landing budget).
 */
import { setupI18n, type I18n, type Messages } from '@lingui/core';
import { LOCALES, type Locale } from '#shared/locales';

type CatalogModule = { messages: Messages };

const core: Record<Locale, () => Promise<CatalogModule>> = {
  'fi-FI': () => import('../../locales/fi-FI/messages.po'),
  'en-EU': () => import('../../locales/en-EU/messages.po'),
  'sv-SE': () => import('../../locales/sv-SE/messages.po'),
  'no-NO': () => import('../../locales/no-NO/messages.po'),
};

const FEATURE_CATALOGS = ['stations', 'shop', 'account', 'forms', 'app'] as const;
export type FeatureCatalog = (typeof FEATURE_CATALOGS)[number];

// Every .po file of every locale; the core catalog is imported above by name. A feature
// catalog listed in FEATURE_CATALOGS must also be listed in lingui.config.ts. The origin's
// server.po is not the browser's (docs/i18n.md): left out so that it is never bundled.
const featureFiles = import.meta.glob<CatalogModule>([
  '../../locales/*/*.po',
  '!../../locales/*/messages.po',
  '!../../locales/*/server.po',
]);

function featureLoader(locale: Locale, feature: FeatureCatalog): (() => Promise<CatalogModule>) | undefined {
  return featureFiles[`../../locales/${locale}/${feature}.po`];
}

/** A fresh i18n instance for one locale with the core catalog (the browser's first page). */
export async function createI18n(locale: Locale): Promise<I18n> {
  const { messages } = await core[locale]();
  return setupI18n({ locale, messages: { [locale]: messages } });
}

// The browser has one i18n instance; feature chunks add their catalogs to it. Chunks may
// start loading before it exists (in parallel with the core catalog), hence the promise.
let resolveBrowserI18n: (i18n: I18n) => void = () => {};
const browserI18n = new Promise<I18n>((resolve) => {
  resolveBrowserI18n = resolve;
});
const loadedFeatures = new Map<FeatureCatalog, Promise<void>>();

export function setBrowserI18n(i18n: I18n): void {
  resolveBrowserI18n(i18n);
}

/**
 * Adds a feature catalog to the browser's i18n instance (once). On the server every
 * catalog is loaded up front by preloadCatalogs, so there is nothing to do.
 */
export function loadFeatureMessages(feature: FeatureCatalog): Promise<void> {
  if (typeof window === 'undefined') return Promise.resolve();
  let loading = loadedFeatures.get(feature);
  if (!loading) {
    loading = browserI18n.then(async (i18n) => {
      const locale = i18n.locale as Locale;
      const loader = featureLoader(locale, feature);
      if (!loader) throw new Error(`No "${feature}" message catalog for ${locale}`);
      i18n.load(locale, (await loader()).messages);
    });
    // A failed load (network) may be retried by the next navigation.
    loading.catch(() => loadedFeatures.delete(feature));
    loadedFeatures.set(feature, loading);
  }
  return loading;
}

/** Every locale's i18n instance with every catalog, loaded once (the server renders all). */
export async function preloadCatalogs(): Promise<Record<Locale, I18n>> {
  const entries = await Promise.all(
    LOCALES.map(async (locale) => {
      const modules = await Promise.all([
        core[locale](),
        ...FEATURE_CATALOGS.map((feature) => featureLoader(locale, feature)?.() ?? Promise.resolve({ messages: {} })),
      ]);
      const messages = Object.assign({}, ...modules.map((module) => module.messages)) as Messages;
      return [locale, setupI18n({ locale, messages: { [locale]: messages } })] as const;
    }),
  );
  return Object.fromEntries(entries) as Record<Locale, I18n>;
}
