import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import { importX } from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { builtinRules } from 'eslint/use-at-your-own-risk';
import eslintComments from '@eslint-community/eslint-plugin-eslint-comments';
import { layerZones } from './eslint-layers.js';

/**
 * The hard ceiling on a function's length (100 lines, docs/design.md "Function size"), under
 * a name of its own: a disable comment for `max-lines-per-function` (the house limit of 80,
 * which a reason may lift) does not reach it, and eslint-comments' no-restricted-disable
 * refuses any comment that would (one naming it, one naming no rule, or one turning off
 * that refusal itself); tests/lint/function-length.test.ts checks both stay configured.
 */
const house = { rules: { 'function-ceiling': builtinRules.get('max-lines-per-function') } };

/** One spelling of the shared folder everywhere (decision 006 "Import aliases"). */
const SHARED_ONE_SPELLING = {
  group: ['@/shared/*'],
  message: 'Import src/shared as #shared/… (package.json imports).',
};

export default tseslint.config(
  { ignores: ['dist/', 'dist-*/', 'data/', 'node_modules/', 'test-results/', 'playwright-report/', '.tmp/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    // `import { type A }` keeps a side-effect import of the module in the build: a cart
    // page loaded zod and the shop's schemas for two types that way (issue 31).
    rules: { '@typescript-eslint/no-import-type-side-effects': 'error' },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // Browser code takes zod from src/shared/zod.ts, which turns off zod's eval-based JIT.
      'no-restricted-imports': [
        'error',
        {
          paths: [
            { name: 'zod', message: 'Import { z } from src/shared/zod.ts (jitless in the browser: CSP).' },
            {
              name: 'react-router',
              importNames: ['Link', 'NavLink'],
              message: 'Import Link and NavLink from @/ui/link (light links in the server render).',
            },
          ],
          patterns: [SHARED_ONE_SPELLING],
        },
      ],
    },
  },
  {
    // The one module that wraps react-router's links, and the test that compares them.
    files: ['src/ui/link.tsx', 'src/ui/link.test.tsx'],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    // The browser-safe shared folder may import neither the DOM app nor Node built-ins.
    files: ['src/shared/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'zod', message: 'Import { z } from src/shared/zod.ts (jitless in the browser: CSP).' }],
          patterns: [{ group: ['node:*', 'react', 'react-dom', '../features/*', '../app/*'] }, SHARED_ONE_SPELLING],
        },
      ],
    },
  },
  {
    // Code outside src names the shared folder one way at any depth: package.json "imports"
    // maps #shared/* to src/shared/*.ts for Node/tsx, Vite, Vitest, TypeScript and this resolver.
    files: ['server/**/*.ts', 'tests/**/*.ts', 'scripts/**/*.ts', 'sw/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: '^(\\.\\.?/)+(src/)?shared/', message: 'Import src/shared as #shared/… (package.json imports).' },
          ],
        },
      ],
    },
  },
  {
    // Layer rules for every file, tests and scripts included (eslint-layers.js).
    files: ['**/*.{js,ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: ['tsconfig.app.json', 'tsconfig.server.json', 'tsconfig.browser-driven.json', 'tsconfig.sw.json'],
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: layerZones }],
    },
  },
  {
    // No cast of an API answer (docs/design.md "The contract table"): an answer is read
    // through its contract's schema or a guard that re-states it, never asserted to a type.
    // Request bodies (`request.body`) are parsed by their route schemas and stay allowed;
    // `as unknown` claims nothing. tests/lint/answer-casts.test.ts shows what is caught.
    files: ['src/**/*.{ts,tsx}', 'server/**/*.ts', 'sw/**/*.ts'],
    ignores: ['**/*.test.{ts,tsx}', '**/*-test-support.{ts,tsx}', 'server/**/test-support/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...[
          "[expression.type='CallExpression'][expression.callee.property.name='json']",
          "[expression.type='AwaitExpression'][expression.argument.callee.property.name='json']",
          "[expression.type='MemberExpression'][expression.property.name='body']:not([expression.object.name='request'])",
          "[expression.type='Identifier'][expression.name=/^(body|answer|response|json)$/]",
        ].map((answer) => ({
          selector: `TSAsExpression${answer}:not([typeAnnotation.type='TSUnknownKeyword'])`,
          message: "No cast of an API answer: parse it with its contract's schema or check it with a guard.",
        })),
      ],
    },
  },
  {
    // No production function over 80 lines (blank lines and comments not counted) unless a
    // disable comment on it says why: `// eslint-disable-next-line max-lines-per-function -- why`.
    files: ['src/**/*.{ts,tsx}', 'server/**/*.ts', 'sw/**/*.ts'],
    ignores: ['**/*.test.{ts,tsx}', '**/*-test-support.{ts,tsx}', 'server/**/test-support/**'],
    plugins: { house, '@eslint-community/eslint-comments': eslintComments },
    rules: {
      'max-lines-per-function': ['error', { max: 80, skipBlankLines: true, skipComments: true }],
      'house/function-ceiling': ['error', { max: 100, skipBlankLines: true, skipComments: true }],
      // Reports a comment naming a listed rule, and one naming no rule (which silences all).
      '@eslint-community/eslint-comments/no-restricted-disable': [
        'error',
        'house/function-ceiling',
        '@eslint-community/eslint-comments/*',
      ],
    },
  },
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
);
