import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';

export default tseslint.config(
  { ignores: ['dist/', 'dist-*/', 'data/', 'node_modules/', 'test-results/', 'playwright-report/', '.tmp/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // Browser code takes zod from src/shared/zod.ts, which turns off zod's eval-based JIT.
      'no-restricted-imports': [
        'error',
        { paths: [{ name: 'zod', message: 'Import { z } from src/shared/zod.ts (jitless in the browser: CSP).' }] },
      ],
    },
  },
  {
    // The browser-safe shared folder may import neither the DOM app nor Node built-ins.
    files: ['src/shared/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'zod', message: 'Import { z } from src/shared/zod.ts (jitless in the browser: CSP).' }],
          patterns: ['node:*', 'react', 'react-dom', '../features/*', '../app/*'],
        },
      ],
    },
  },
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
);
