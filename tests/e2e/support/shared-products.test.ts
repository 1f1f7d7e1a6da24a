import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { WITHDRAWN_PRODUCT } from './shop';

const E2E_DIR = join(import.meta.dirname, '..');
const WITHDRAWING_SPEC = 'shop-offline-first.spec.ts';

describe('the product one spec withdraws from the shared e2e database', () => {
  it('is named by no other spec or support module', () => {
    const files = [
      ...readdirSync(E2E_DIR)
        .filter((name) => name.endsWith('.spec.ts') && name !== WITHDRAWING_SPEC)
        .map((name) => join(E2E_DIR, name)),
      ...readdirSync(join(E2E_DIR, 'support'))
        .filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts') && name !== 'shop.ts')
        .map((name) => join(E2E_DIR, 'support', name)),
    ];
    const naming = files.filter((file) => readFileSync(file, 'utf8').includes(`'${WITHDRAWN_PRODUCT.code}'`));
    expect(naming).toEqual([]);
  });

  it('is the one the withdrawing spec takes', () => {
    const spec = readFileSync(join(E2E_DIR, WITHDRAWING_SPEC), 'utf8');
    expect(spec).toContain('const WITHDRAWN = WITHDRAWN_PRODUCT.code;');
  });
});
