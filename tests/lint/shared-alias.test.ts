/**
 * Every folder names src/shared as `#shared/…` (package.json "imports"): ESLint's
 * resolver finds those modules; a relative climb into src/shared from outside src, and
 * `@/shared/…` anywhere, are lint errors.
 * Probes are linted as if they were files at the given path (the file need not exist).
 */
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

let eslint: ESLint;

beforeAll(() => {
  // no-unresolved is not part of the lint (TypeScript checks imports); turned on here to
  // prove that the layer rules see through the alias to the files.
  eslint = new ESLint({ cwd: process.cwd(), overrideConfig: { rules: { 'import-x/no-unresolved': 'error' } } });
});

async function ruleIds(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: file });
  return (result?.messages ?? []).map((message) => message.ruleId ?? message.message);
}

describe('the #shared import alias', () => {
  it.each([
    ['server/site/probe.ts', "import '#shared/locales';"],
    ['server/origin/shop/probe.ts', "import '#shared/shop/money';"],
    ['tests/e2e/probe.spec.ts', "import '#shared/locales';"],
    ['sw/probe.ts', "import '#shared/service-worker-protocol';"],
    ['src/features/shop/probe.ts', "import '#shared/shop/money';"],
    ['src/shared/api/probe.ts', "import '#shared/locales';"],
  ])('resolves in %s', async (file, code) => {
    expect(await ruleIds(file, code)).toEqual([]);
  });

  it('reports a module that does not exist', async () => {
    expect(await ruleIds('server/site/probe.ts', "import '#shared/no-such-module';")).toContain(
      'import-x/no-unresolved',
    );
  });

  it.each([
    ['server/site/probe.ts', "import '../../src/shared/locales';"],
    ['sw/probe.ts', "import '../src/shared/locales';"],
    ['tests/integration/probe.test.ts', "import { LOCALES } from '../../src/shared/locales';"],
  ])('fails a relative climb into src/shared in %s', async (file, code) => {
    expect(await ruleIds(file, code)).toContain('no-restricted-imports');
  });

  // One spelling everywhere (issue 32): the browser's old `@/shared/…` is refused too.
  it.each([
    ['src/features/shop/probe.ts', "import { formatPrice } from '@/shared/shop/money';"],
    ['src/shared/api/probe.ts', "import '@/shared/locales';"],
  ])('fails the other spelling @/shared in %s', async (file, code) => {
    expect(await ruleIds(file, code)).toContain('no-restricted-imports');
  });
});
