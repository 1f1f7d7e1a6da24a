/**
 * The offline page's texts, from the `app` feature catalogs (locales/{locale}/app.po),
 * compiled into the worker at build time by the Lingui Vite plugin (vite.config.ts).
 */
import { setupI18n } from '@lingui/core';
import { messages as enEU } from '../locales/en-EU/app.po';
import { messages as fiFI } from '../locales/fi-FI/app.po';
import { messages as noNO } from '../locales/no-NO/app.po';
import { messages as svSE } from '../locales/sv-SE/app.po';
import type { Locale } from '#shared/locales';
import type { OfflineTexts } from './offline-page';

const i18n = setupI18n({
  locale: 'fi-FI',
  messages: { 'fi-FI': fiFI, 'en-EU': enEU, 'sv-SE': svSE, 'no-NO': noNO },
});

export function offlineTexts(locale: Locale): OfflineTexts {
  i18n.activate(locale);
  return {
    documentTitle: i18n._('app.offline.documentTitle'),
    heading: i18n._('app.offline.heading'),
    text: i18n._('app.offline.text'),
    retry: i18n._('app.offline.retry'),
    home: i18n._('app.offline.home'),
    stationLocator: i18n._('app.offline.stationLocator'),
    cart: i18n._('app.offline.cart'),
  };
}

/** What a page that must be fresh says when the worker shows its saved copy instead. */
export function savedCopyTexts(locale: Locale): { notice: string; retry: string } {
  i18n.activate(locale);
  return { notice: i18n._('app.offline.savedCopy'), retry: i18n._('app.offline.retry') };
}
