import { readdirSync } from 'node:fs';
import { defineConfig } from '@lingui/cli';
import { formatter } from '@lingui/format-po';

// catalog name → the feature folder whose messages it holds (src/i18n/catalogs.ts explains why)
const FEATURE_CATALOGS = { stations: 'stations', shop: 'shop', account: 'account', forms: 'forms', app: 'pwa' };

/**
 * Files whose texts belong to another catalog than their folder's: the catalog that is
 * loaded wherever the text is shown (docs/i18n.md, "Which catalog holds a text").
 */
const FILE_CATALOGS: Record<string, keyof typeof FEATURE_CATALOGS | 'messages'> = {
  // The header's cart link is on every page, before the shop's chunk and catalog load.
  'src/features/shop/components/cart-link.tsx': 'messages',
  // The cart's notices can come on any page (a background check of a stored cart).
  'src/features/shop/cart/cart-notices.ts': 'messages',
  // The offline page loads the app catalog, as the worker's offline page uses it.
  'src/app/offline-page.tsx': 'app',
  // The web app manifest, translated by the site server, which loads every catalog.
  'server/site/web-app-manifest.ts': 'app',
  // The rule messages of every form, shown beside the forms catalog's fields.
  'src/shared/rules/validation-message-ids.ts': 'forms',
  // The customers API's contract: a field message the origin sends by id, the account shows.
  'src/shared/api/customers.ts': 'account',
};

const filesOf = (catalog: string) =>
  Object.entries(FILE_CATALOGS)
    .filter(([, owner]) => owner === catalog)
    .map(([file]) => `<rootDir>/${file}`);
const assignedFiles = Object.keys(FILE_CATALOGS).map((file) => `<rootDir>/${file}`);

function coreSources(): string[] {
  const featureFolders = new Set(Object.values(FEATURE_CATALOGS));
  return [
    ...readdirSync('src')
      .filter((name) => name !== 'features')
      .map((name) => `<rootDir>/src/${name}`),
    ...readdirSync('src/features')
      .filter((name) => !featureFolders.has(name))
      .map((name) => `<rootDir>/src/features/${name}`),
  ];
}

export default defineConfig({
  sourceLocale: 'en-EU',
  locales: ['fi-FI', 'en-EU', 'sv-SE', 'no-NO'],
  catalogs: [
    // The core catalog: everything in src outside the features that have their own, listed
    // folder by folder (an excluded folder would also exclude the files assigned to it).
    {
      path: '<rootDir>/locales/{locale}/messages',
      include: [...coreSources(), ...filesOf('messages')],
      exclude: assignedFiles.filter((file) => !filesOf('messages').includes(file)),
    },
    ...Object.entries(FEATURE_CATALOGS).map(([catalog, feature]) => ({
      path: `<rootDir>/locales/{locale}/${catalog}`,
      // The service worker's offline page takes its texts from the app catalog (sw/offline-texts.ts).
      include: [
        `<rootDir>/src/features/${feature}`,
        ...(catalog === 'app' ? ['<rootDir>/sw'] : []),
        ...filesOf(catalog),
      ],
      exclude: assignedFiles.filter((file) => !filesOf(catalog).includes(file)),
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
