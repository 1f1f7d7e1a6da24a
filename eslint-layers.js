/**
 * The import rules between layers (docs/design.md §5, docs/style.md rule 2, decision 007), enforced
 * by eslint-plugin-import-x's no-restricted-paths on every file, tests and scripts
 * included. Imports flow one way: app → features → ui → i18n → shared; the service worker
 * and both servers take only src/shared from the browser code; the site server and the
 * origin never import each other (they talk over HTTP, DESIGN §1).
 * tests/lint/layer-rules.test.ts proves that each rule fails a forbidden import.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';

const features = readdirSync(join(import.meta.dirname, 'src/features'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

const originDomains = readdirSync(join(import.meta.dirname, 'server/origin'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && entry.name !== 'migrations')
  .map((entry) => entry.name);

/** The origin's composition: the modules that know every domain (or the whole schema). */
const ORIGIN_COMPOSITION = [
  'app',
  'seed',
  'start',
  'cli',
  'db',
  'database-schema',
  'migrate',
  'origin-unit-of-work',
  'content-sync',
];

/** The origin folders every domain may import: they import no domain themselves. */
const ORIGIN_SHARED_DOMAINS = ['auth', 'outbox'];

const browserLayersAbove = (layer) => {
  const order = ['./src/shared', './src/i18n', './src/ui', './src/features', './src/app'];
  return order.slice(order.indexOf(layer) + 1);
};
const entries = ['./src/entry-client.tsx', './src/entry-server.tsx'];

/** @type {Array<{ target: string | string[], from: string | string[], except?: string[], message: string }>} */
export const layerZones = [
  {
    target: './src/shared',
    from: [...browserLayersAbove('./src/shared'), ...entries, './server', './sw'],
    message: 'src/shared is the bottom layer: it imports nothing above it (move the code down, or pass it in).',
  },
  {
    target: './src/i18n',
    from: [...browserLayersAbove('./src/i18n'), ...entries, './server', './sw'],
    message: 'src/i18n may import only src/shared.',
  },
  {
    target: './src/ui',
    from: [...browserLayersAbove('./src/ui'), ...entries, './server', './sw'],
    message: 'src/ui (shared browser state and components) imports no feature and not the app shell.',
  },
  ...features.map((feature) => ({
    target: `./src/features/${feature}`,
    from: './src/features',
    except: [`./${feature}`],
    message: `A feature does not import another feature: put what both need in src/shared or src/ui, and compose features in src/app.`,
  })),
  {
    target: './src/features',
    from: ['./src/app', ...entries, './server', './sw'],
    message: 'Features import neither the app shell (it composes them) nor server or service-worker code.',
  },
  {
    target: './src/app',
    from: ['./server', './sw'],
    message: 'The app shell is browser code: no server or service-worker imports.',
  },
  {
    target: './sw',
    from: ['./src/features', './src/ui', './src/app', './src/i18n', ...entries],
    message: 'The service worker takes only src/shared from the browser code.',
  },
  {
    target: './server',
    from: ['./src/features', './src/ui', './src/app', './src/i18n', ...entries, './sw'],
    message: 'Server code takes only src/shared from the browser code.',
  },
  {
    target: './server/site',
    from: './server/origin',
    message: 'The site server and the origin never import each other: they talk over HTTP (DESIGN §1).',
  },
  {
    target: './server/origin',
    from: './server/site',
    message: 'The site server and the origin never import each other: they talk over HTTP (DESIGN §1).',
  },
  {
    target: './server/common',
    from: ['./server/site', './server/origin'],
    message: 'server/common is shared by the site server and the origin: it imports neither.',
  },
  {
    target: './server/site/routes',
    from: './server/site/routes',
    message: 'A route module does not import another route module: move what both need out of routes/.',
  },
  {
    target: './server/origin/**/*-routes.ts',
    from: './server/origin/**/*-routes.ts',
    message:
      'A route module does not import another route module: move what both need to a module that is not a route.',
  },
  {
    // The origin reads top-down: its composition (app, seed, start, cli, the database with
    // the whole schema, the migrations, the content sync) wires the domains (content,
    // stations, shop, accounts, forms, images, outbox), which use what lies below them
    // (the unit of work, errors, config); a domain never reaches back up, and sees only its
    // own tables (decision 015). A domain's own test may open the composed database.
    target: originDomains.map((domain) => `./server/origin/${domain}/**/!(*.test).ts`),
    from: ORIGIN_COMPOSITION.map((file) => `./server/origin/${file}.ts`),
    message: `A domain of the origin does not import its composition (${ORIGIN_COMPOSITION.map((file) => `${file}.ts`).join(', ')}).`,
  },
  // The domains are plugins side by side (docs/design.md "The origin's domains"): one uses
  // another only through a decorator its plugin depends on, and imports only the two
  // folders below them all, auth (sessions, the customer of a request, secrets) and the
  // outbox (mail queued in the caller's transaction).
  ...originDomains
    .filter((domain) => !ORIGIN_SHARED_DOMAINS.includes(domain))
    .map((domain) => ({
      target: `./server/origin/${domain}`,
      from: originDomains
        .filter((other) => other !== domain && !ORIGIN_SHARED_DOMAINS.includes(other))
        .map((other) => `./server/origin/${other}`),
      message: `A domain of the origin imports no sibling domain except auth and outbox: use the service another domain's plugin decorates (declare it in the plugin's dependencies), or move what both need below the domains.`,
    })),
  {
    target: ORIGIN_SHARED_DOMAINS.map((domain) => `./server/origin/${domain}`),
    from: originDomains
      .filter((domain) => !ORIGIN_SHARED_DOMAINS.includes(domain))
      .map((domain) => `./server/origin/${domain}`),
    message: 'auth and the outbox lie below the origin domains: they import none of them.',
  },
  {
    target: './server/origin/auth',
    from: './server/origin/outbox',
    message: 'auth and the outbox lie below the origin domains and import neither each other.',
  },
  {
    target: './server/origin/outbox',
    from: './server/origin/auth',
    message: 'auth and the outbox lie below the origin domains and import neither each other.',
  },
];
