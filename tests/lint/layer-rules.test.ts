/**
 * The layer rules of eslint-layers.js fail each forbidden import and pass the allowed
 * ones. Each probe is linted as if it were a file at `file` (the file need not exist; the
 * module it imports does, since the rule resolves imports to files).
 */
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

const RULE = 'import-x/no-restricted-paths';
let eslint: ESLint;

beforeAll(() => {
  eslint = new ESLint({ cwd: process.cwd() });
});

/** The messages of the layer rule for `code` linted as `file`. */
async function layerErrors(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: file });
  return (result?.messages ?? []).filter((message) => message.ruleId === RULE).map((message) => message.message);
}

const FORBIDDEN: Array<[rule: string, file: string, code: string]> = [
  ['shared imports ui', 'src/shared/probe.ts', "export { session } from '../ui/session-store';"],
  ['shared imports a feature', 'src/shared/probe.ts', "export * from '../features/shop';"],
  ['shared imports server code', 'src/shared/probe.test.ts', "import '../../server/origin/db';"],
  ['i18n imports ui', 'src/i18n/probe.ts', "import '../ui/modal-store';"],
  ['ui imports a feature', 'src/ui/probe.tsx', "import '../features/shop';"],
  ['ui imports the app shell', 'src/ui/probe.tsx', "import '../app/lazy-blocks';"],
  ['a feature imports another feature', 'src/features/account/probe.ts', "import { x } from '../shop';"],
  [
    'a feature imports another feature lazily',
    'src/features/account/probe.ts',
    "export const page = () => import('../stations/components/station-page');",
  ],
  [
    "a feature's test imports another feature",
    'src/features/search/probe.test.ts',
    "import '../shop/cart/cart-store';",
  ],
  [
    'a feature imports another feature through the @/ alias',
    'src/features/account/probe.ts',
    "import '@/features/shop';",
  ],
  ['ui imports a feature through the @/ alias', 'src/ui/probe.tsx', "import '@/features/shop';"],
  ['a feature imports the app shell', 'src/features/shop/probe.ts', "import '../../app/lazy-blocks';"],
  ['a feature imports server code', 'src/features/shop/probe.ts', "import '../../../server/site/config';"],
  ['the service worker imports a feature', 'sw/probe.ts', "import '../src/features/shop';"],
  ['the service worker imports ui', 'sw/probe.ts', "import '../src/ui/modal-store';"],
  ['the site server imports the origin', 'server/site/probe.ts', "import '../origin/db';"],
  ['the origin imports the site server', 'server/origin/probe.ts', "import '../site/config';"],
  ['shared server code imports the origin', 'server/common/probe.ts', "import '../origin/db';"],
  ['shared server code imports the site server', 'server/common/probe.ts', "import '../site/config';"],
  [
    'an origin route imports another route',
    'server/origin/content/probe-routes.ts',
    "import '../stations/station-routes';",
  ],
  ['an origin domain imports the origin composition', 'server/origin/shop/probe.ts', "import '../app';"],
  ['an origin domain imports the whole schema', 'server/origin/shop/probe.ts', "import type { Db } from '../db';"],
  [
    "an origin domain imports the composition's unit of work",
    'server/origin/accounts/probe.ts',
    "import { createOriginUnitOfWork } from '../origin-unit-of-work';",
  ],
  [
    'the accounts domain imports the shop',
    'server/origin/accounts/probe.ts',
    "import '../shop/order-history-repository';",
  ],
  ['the shop imports the accounts domain', 'server/origin/shop/probe.ts', "import '../accounts/customers-repository';"],
  [
    'the forms domain imports the accounts domain',
    'server/origin/forms/probe.ts',
    "import '../accounts/account-emails';",
  ],
  [
    'the content domain imports the stations domain',
    'server/origin/content/probe.ts',
    "import '../stations/station-pages';",
  ],
  [
    'the stations domain imports the images domain (a type only)',
    'server/origin/stations/probe.ts',
    "import type { AssetsRepository } from '../images/assets-repository';\nexport type A = AssetsRepository;",
  ],
  [
    "an origin domain's test imports a sibling domain",
    'server/origin/shop/probe.test.ts',
    "import '../forms/form-routes';",
  ],
  ['auth imports an origin domain', 'server/origin/auth/probe.ts', "import '../accounts/customers-repository';"],
  ['the outbox imports an origin domain', 'server/origin/outbox/probe.ts', "import '../shop/orders-repository';"],
  ['the outbox imports auth', 'server/origin/outbox/probe.ts', "import '../auth/secrets';"],
  ['a site route imports another route', 'server/site/routes/probe.ts', "import './account';"],
  ['server code imports a feature', 'server/site/probe.ts', "import '../../src/features/shop';"],
];

const ALLOWED: Array<[rule: string, file: string, code: string]> = [
  [
    'a feature imports shared and ui',
    'src/features/shop/probe.ts',
    "import '../../shared/locales';\nimport '../../ui/modal-store';",
  ],
  ['a feature imports itself deeply', 'src/features/shop/components/probe.ts', "import '../cart/cart-store';"],
  ['the app shell imports a feature', 'src/app/probe.ts', "import '../features/shop';"],
  ['server code imports shared', 'server/site/probe.ts', "import '../../src/shared/locales';"],
  [
    'both servers import server/common',
    'server/origin/probe.ts',
    "import '../common/http-error';\nimport '../common/error-handler';",
  ],
  ['the site server imports server/common', 'server/site/routes/probe.ts', "import '../../common/http-error';"],
  [
    'an origin route imports a module that is not a route',
    'server/origin/accounts/probe-routes.ts',
    "import '../auth/customer-auth';\nimport '../errors';",
  ],
  [
    'an origin domain imports auth and the outbox',
    'server/origin/forms/probe.ts',
    "import '../auth/auth-plugin';\nimport '../outbox/outbox-repository';",
  ],
  [
    'an origin domain imports itself and the origin infrastructure',
    'server/origin/stations/probe.ts',
    "import './station-pages';\nimport '../unit-of-work';\nimport '../errors';\nimport '../search-language';",
  ],
  [
    'the origin composition imports every domain',
    'server/origin/probe.ts',
    "import './shop/shop-plugin';\nimport './accounts/accounts-plugin';\nimport './content/content-plugin';",
  ],
  [
    'integration tests start both servers',
    'tests/integration/probe.test.ts',
    "import '../../server/origin/db';\nimport '../../server/site/config';",
  ],
];

describe('layer rules (eslint-layers.js)', () => {
  it.each(FORBIDDEN)('fails when %s', async (_rule, file, code) => {
    expect(await layerErrors(file, code)).not.toEqual([]);
  });

  it.each(ALLOWED)('passes when %s', async (_rule, file, code) => {
    expect(await layerErrors(file, code)).toEqual([]);
  });
});
