/**
 * No production function over 100 lines (issue 32's target; docs/design.md "Function size").
 * The house rule in eslint.config.js is 80 lines with a disable comment that says why; this
 * test ignores every disable comment (inline config off) and holds the hard ceiling of 100,
 * blank lines and comments not counted, over the same files: server/, src/ and sw/ without
 * their tests and test support.
 */
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';

const MAX_LINES = 100;
/**
 * One ESLint pass over ~500 files: it took 11 to 24 s while other suites shared the 2
 * cores, too near the default 20 s of a test.
 */
const LINT_TIMEOUT_MS = 90_000;

/**
 * Only the length rule, on a parser that reads TS and TSX: the project's other rules (and
 * the disables they need) have nothing to say about length, and their import resolver
 * would make this test slow.
 */
function lengthLinter(): ESLint {
  return new ESLint({
    cwd: process.cwd(),
    overrideConfigFile: true,
    allowInlineConfig: false,
    overrideConfig: [
      {
        files: ['src/**/*.{ts,tsx}', 'server/**/*.ts', 'sw/**/*.ts'],
        ignores: ['**/*.test.{ts,tsx}', '**/*-test-support.{ts,tsx}', 'server/**/test-support/**'],
        languageOptions: { parser: tseslint.parser, parserOptions: { ecmaFeatures: { jsx: true } } },
        rules: {
          'max-lines-per-function': ['error', { max: MAX_LINES, skipBlankLines: true, skipComments: true }],
        },
      },
    ],
  });
}

describe('function length', () => {
  it(
    `finds no production function over ${MAX_LINES} lines, disable comments or not`,
    async () => {
      const results = await lengthLinter().lintFiles(['server', 'src', 'sw']);
      // Lints real files: an empty selection would pass without checking anything.
      expect(results.filter((result) => /\/server\/.+\.ts$/.test(result.filePath)).length).toBeGreaterThan(50);
      expect(results.filter((result) => /\/src\/.+\.tsx$/.test(result.filePath)).length).toBeGreaterThan(50);
      expect(results.filter((result) => /\/sw\/.+\.ts$/.test(result.filePath)).length).toBeGreaterThan(0);
      expect(results.some((result) => /\.test\.tsx?$/.test(result.filePath))).toBe(false);

      const tooLong = results.flatMap((result) =>
        result.messages.map(
          (message) => `${result.filePath.slice(process.cwd().length + 1)}:${message.line} ${message.message}`,
        ),
      );
      expect(tooLong).toEqual([]);
    },
    LINT_TIMEOUT_MS,
  );
});
