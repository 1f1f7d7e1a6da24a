/**
 * No production function over 100 lines (issue 32's target; docs/design.md "Function size").
 * `npm run lint` holds the ceiling: the rule `house/function-ceiling` (eslint.config.js,
 * ESLint's `max-lines-per-function` under a name of its own, at 100) runs in the same pass
 * as the house limit of 80. A reason may lift the 80 with a disable comment; nothing may
 * lift the 100: eslint-comments' `no-restricted-disable` refuses a comment that names the
 * ceiling, one that names no rule (which silences every rule) and one that turns the
 * refusal itself off. This test keeps that configured, and shows ESLint refusing such
 * comments, without a second ESLint pass over ~500 files (which took 11–48 s of the suite).
 */
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const CEILING = 100;
const RESTRICTED = '@eslint-community/eslint-comments/no-restricted-disable';
const PRODUCTION_FILES = ['src/app/app-shell.tsx', 'server/origin/db.ts', 'sw/sw.ts'];

describe('function length', () => {
  const eslint = new ESLint({ cwd: process.cwd() });

  it(`lint holds every production function to ${CEILING} lines, and no disable comment may lift it`, async () => {
    for (const file of PRODUCTION_FILES) {
      const config = (await eslint.calculateConfigForFile(file)) as { rules: Record<string, unknown> };
      expect(config.rules['house/function-ceiling'], file).toEqual([
        2,
        { max: CEILING, skipBlankLines: true, skipComments: true },
      ]);
      expect(config.rules[RESTRICTED], file).toEqual([
        2,
        'house/function-ceiling',
        '@eslint-community/eslint-comments/*',
      ]);
    }
  });

  it('refuses the comments that could lift the ceiling, and lets a reason lift the house limit of 80', async () => {
    const source = [
      '// eslint-disable-next-line max-lines-per-function -- a repository object',
      'export const a = 1;',
      'export const b = 2; // eslint-disable-line',
      '/* eslint-disable house/function-ceiling */',
      `// eslint-disable-next-line ${RESTRICTED}, house/function-ceiling`,
      'export const c = 3;',
    ].join('\n');
    const [result] = await eslint.lintText(source, { filePath: 'server/origin/function-length-probe.ts' });
    const refused = result!.messages.filter((message) => message.ruleId === RESTRICTED).map((message) => message.line);
    expect(refused).toEqual([3, 4, 5, 5]);
  });
});
