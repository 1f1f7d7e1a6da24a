/**
 * A feature does not import another feature (STYLE.md rule 2, DESIGN.md §5): what two
 * features need lives in src/shared or src/ui, and src/app composes features (the lazy
 * block registry, src/app/block-registry.ts, is where the content feature meets the
 * others). Static imports, re-exports, side-effect imports (CSS), dynamic `import()` and
 * vitest's module mocks all count.
 */
import { describe, expect, it } from 'vitest';

// The source text of every module under src/features, keyed './<feature>/…'.
const sources = import.meta.glob<string>(['./**/*.{ts,tsx}', '!./feature-boundaries.test.ts'], {
  query: '?raw',
  import: 'default',
  eager: true,
});

const SPECIFIER = String.raw`\s*(['"\x60])([^'"\x60$]+)\1`;
const IMPORT_PATTERNS = [
  // import … from '…', export … from '…' (also across lines and with `type`)
  new RegExp(String.raw`\b(?:import|export)\b[^;'"\x60]*?\bfrom` + SPECIFIER, 'g'),
  // import '…' (side effects, CSS)
  new RegExp(String.raw`\bimport` + SPECIFIER, 'g'),
  // import('…'), vi.mock('…'), vi.importActual('…'), …
  new RegExp(String.raw`(?:\bimport|\bvi\.(?:mock|doMock|unmock|importActual|importMock))\s*\(` + SPECIFIER, 'g'),
];

/** The module specifiers a source text imports. */
function importedSpecifiers(source: string): string[] {
  return IMPORT_PATTERNS.flatMap((pattern) => [...source.matchAll(pattern)].map((match) => match[2]!));
}

/** './a/../b/c' → 'b/c'; undefined when the path leaves the root. */
function normalize(path: string): string | undefined {
  const parts: string[] = [];
  for (const part of path.split('/')) {
    if (part === '' || part === '.') continue;
    if (part === '..') {
      if (parts.length === 0) return undefined;
      parts.pop();
    } else parts.push(part);
  }
  return parts.join('/');
}

/**
 * The feature folder a specifier in `file` points into, relative to src/features
 * (undefined for packages and for modules outside src/features).
 */
function targetFeature(file: string, specifier: string): string | undefined {
  let target: string | undefined;
  if (specifier.startsWith('.')) target = normalize(`${file.slice(0, file.lastIndexOf('/'))}/${specifier}`);
  else if (specifier.startsWith('/src/features/')) target = specifier.slice('/src/features/'.length);
  else if (specifier.startsWith('src/features/')) target = specifier.slice('src/features/'.length);
  return target?.split('/')[0];
}

/** 'file → specifier' for every import of `file` (its path relative to src/features) into another feature. */
function crossings(file: string, source: string): string[] {
  const [feature, ...rest] = normalize(file)!.split('/');
  if (rest.length === 0) return []; // a module beside the feature folders, like this test
  return [...new Set(importedSpecifiers(source))]
    .filter((specifier) => {
      const target = targetFeature(normalize(file)!, specifier);
      return target !== undefined && target !== feature;
    })
    .map((specifier) => `src/features/${normalize(file)} → ${specifier}`);
}

/** 'file → specifier' for every import of `file` into the app shell (src/app), which composes features. */
function appImports(file: string, source: string): string[] {
  const directory = `features/${normalize(file)!}`.split('/').slice(0, -1).join('/');
  return [...new Set(importedSpecifiers(source))]
    .filter((specifier) => {
      const target = specifier.startsWith('.')
        ? normalize(`${directory}/${specifier}`)
        : specifier.replace(/^\/?src\//, '');
      return target !== undefined && (target === 'app' || target.startsWith('app/'));
    })
    .map((specifier) => `src/features/${normalize(file)} → ${specifier}`);
}

describe('feature boundaries', () => {
  it('finds every kind of import', () => {
    const source = [
      "import { a } from '../../session/session-store';",
      "import type {\n  B,\n  C,\n} from '../../cart';",
      "export { D } from '../../checkout/x';",
      "import '../../cart/components/cart.css';",
      "const e = () => import(\n  '../../stations/components/station-page'\n);",
      "vi.mock('../../search/api/search-api', () => ({}));",
      "import { own } from './own';",
      "import { shared } from '../../../shared/locales';",
      "import { proxy } from 'valtio';",
    ].join('\n');
    expect(crossings('account/components/view.tsx', source)).toEqual([
      'src/features/account/components/view.tsx → ../../session/session-store',
      'src/features/account/components/view.tsx → ../../cart',
      'src/features/account/components/view.tsx → ../../checkout/x',
      'src/features/account/components/view.tsx → ../../cart/components/cart.css',
      'src/features/account/components/view.tsx → ../../stations/components/station-page',
      'src/features/account/components/view.tsx → ../../search/api/search-api',
    ]);
    // Within one feature, however deep, is fine.
    expect(
      crossings('cart/checkout/components/block.tsx', "import { cart } from '../../components/cart-totals';"),
    ).toEqual([]);
  });

  it('reads the modules of every feature', () => {
    const features = new Set(Object.keys(sources).map((file) => normalize(file)!.split('/')[0]));
    expect(Object.keys(sources).length).toBeGreaterThan(100);
    expect([...features]).toEqual(expect.arrayContaining(['account', 'cart', 'content', 'stations']));
  });

  it('has no module that imports from another feature', () => {
    const found = Object.entries(sources).flatMap(([file, source]) => crossings(file, source));
    expect(found).toEqual([]);
  });

  it('finds an import into the app shell', () => {
    expect(appImports('./stations/maps/x.ts', "import { a } from '../../../app/boot-data';")).toEqual([
      'src/features/stations/maps/x.ts → ../../../app/boot-data',
    ]);
    expect(appImports('./cart/x.ts', "import { a } from '../../ui/site-context';")).toEqual([]);
  });

  it('has no module that imports the app shell (imports flow app → features → shared)', () => {
    const found = Object.entries(sources).flatMap(([file, source]) => appImports(file, source));
    expect(found).toEqual([]);
  });
});
