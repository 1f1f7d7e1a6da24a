import { defineConfig } from '@lingui/cli';
import { formatter } from '@lingui/format-po';

// catalog name → the feature folder whose messages it holds (src/i18n/catalogs.ts explains why)
const FEATURE_CATALOGS = { stations: 'stations', shop: 'shop', account: 'account', forms: 'forms', app: 'pwa' };

export default defineConfig({
  sourceLocale: 'en-EU',
  locales: ['fi-FI', 'en-EU', 'sv-SE', 'no-NO'],
  catalogs: [
    // The core catalog: everything in src outside the features that have their own.
    {
      path: '<rootDir>/locales/{locale}/messages',
      include: ['<rootDir>/src'],
      exclude: Object.values(FEATURE_CATALOGS).map((feature) => `<rootDir>/src/features/${feature}`),
    },
    ...Object.entries(FEATURE_CATALOGS).map(([catalog, feature]) => ({
      path: `<rootDir>/locales/{locale}/${catalog}`,
      // The service worker's offline page takes its texts from the app catalog (sw/offline-texts.ts).
      include: [`<rootDir>/src/features/${feature}`, ...(catalog === 'app' ? ['<rootDir>/sw'] : [])],
    })),
    // The origin's texts (e-mails, receipts, station pages, test payment page), loaded at
    // runtime by server/origin/server-texts.ts and never bundled for the browser
    // (docs/i18n.md). Their ids are literals marked with an i18n comment, so extract keeps them.
    { path: '<rootDir>/locales/{locale}/server', include: ['<rootDir>/server/origin'] },
  ],
  // By id, not by where the code is: moving a file never reorders a catalog.
  orderBy: 'messageId',
  // No source references either, for the same reason (ids say where a text is used).
  format: formatter({ lineNumbers: false, origins: false }),
});
