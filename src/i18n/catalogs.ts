/**
 * Message catalogs are compiled from locales/{locale}/messages.po at build time and
 * bundled with the app, never fetched from an API (spec §7: "bundled inline").
 * Each locale is its own chunk so that a page loads only its own language.
 */
import { setupI18n, type I18n, type Messages } from '@lingui/core';
import { LOCALES, type Locale } from '../shared/locales';

const loaders: Record<Locale, () => Promise<{ messages: Messages }>> = {
  'fi-FI': () => import('../../locales/fi-FI/messages.po'),
  'en-EU': () => import('../../locales/en-EU/messages.po'),
  'sv-SE': () => import('../../locales/sv-SE/messages.po'),
  'no-NO': () => import('../../locales/no-NO/messages.po'),
};

/** A fresh i18n instance for one locale (one per server request, one in the browser). */
export async function createI18n(locale: Locale): Promise<I18n> {
  const { messages } = await loaders[locale]();
  return setupI18n({ locale, messages: { [locale]: messages } });
}

/** Every locale's i18n instance, loaded once (the server renders all four). */
export async function preloadCatalogs(): Promise<Record<Locale, I18n>> {
  const entries = await Promise.all(LOCALES.map(async (locale) => [locale, await createI18n(locale)] as const));
  return Object.fromEntries(entries) as Record<Locale, I18n>;
}
