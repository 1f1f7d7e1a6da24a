import { defineConfig } from '@lingui/cli';
import { formatter } from '@lingui/format-po';

export default defineConfig({
  sourceLocale: 'en-EU',
  locales: ['fi-FI', 'en-EU', 'sv-SE', 'no-NO'],
  // The core catalog, then one catalog per feature (src/i18n/catalogs.ts explains why).
  catalogs: [
    { path: '<rootDir>/locales/{locale}/messages', include: ['<rootDir>/src'] },
    // catalog name → the feature folder whose messages it holds
    ...Object.entries({ stations: 'stations', shop: 'shop', account: 'account', forms: 'forms', app: 'pwa' }).map(
      ([catalog, feature]) => ({
        path: `<rootDir>/locales/{locale}/${catalog}`,
        include: [`<rootDir>/src/features/${feature}`],
      }),
    ),
    // The origin's texts (e-mails, receipts, station pages, test payment page), loaded at
    // runtime by server/origin/server-texts.ts and never bundled for the browser
    // (docs/i18n.md). Their ids are literals marked with an i18n comment, so extract keeps them.
    { path: '<rootDir>/locales/{locale}/server', include: ['<rootDir>/server/origin'] },
  ],
  format: formatter({ lineNumbers: false }),
});
