/**
 * No production function over 100 lines (issue 32's target; docs/design.md "Function size").
 * `npm run lint` holds the ceiling: the rule `house/function-ceiling` (eslint.config.js,
 * ESLint's `max-lines-per-function` under a name of its own, at 100) runs in the same pass
 * as the house limit of 80. A reason may lift the 80 with a disable comment; nothing may
 * lift the 100. This test keeps it that way without a second ESLint pass over ~500 files
 * (which took 11–48 s of the suite):
 *
 * - the ceiling is configured, at 100, for the production files of each part;
 * - no production file has a disable comment that could reach it: one that names it, or one
 *   that names no rule at all (which silences every rule).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const CEILING = 100;
const ROOTS = ['src', 'server', 'sw'];
const TEST_FILE = /\.test\.tsx?$|-test-support\.tsx?$|\/test-support\//;

function productionFiles(): string[] {
  return ROOTS.flatMap((root) =>
    readdirSync(root, { recursive: true, encoding: 'utf8' })
      .map((name) => join(root, name))
      .filter((path) => /\.tsx?$/.test(path) && !path.endsWith('.d.ts') && !TEST_FILE.test(path)),
  );
}

/**
 * An `eslint-disable…` directive in a comment, with the rules it lists (empty: every rule).
 * ESLint's grammar: the directive, then rule names separated by commas, then `--` and a reason.
 */
function directives(source: string): Array<{ line: number; rules: string[] }> {
  const found: Array<{ line: number; rules: string[] }> = [];
  const comment = /\/\/(.*)$|\/\*([\s\S]*?)\*\//gm;
  for (const match of source.matchAll(comment)) {
    const text = (match[1] ?? match[2] ?? '').trim();
    const directive = /^eslint-disable(?:-next-line|-line)?(?=\s|$)(.*)$/s.exec(text);
    if (!directive) continue;
    const list = directive[1]!.split(/\s--\s|\s--$/)[0]!.trim();
    const rules = list ? list.split(',').map((rule) => rule.trim()) : [];
    found.push({ line: source.slice(0, match.index).split('\n').length, rules });
  }
  return found;
}

describe('function length', () => {
  it(`lint holds every production function to ${CEILING} lines`, async () => {
    const eslint = new ESLint({ cwd: process.cwd() });
    for (const file of ['src/app/app-shell.tsx', 'server/origin/db.ts', 'sw/sw.ts']) {
      const config = (await eslint.calculateConfigForFile(file)) as { rules: Record<string, unknown> };
      expect(config.rules['house/function-ceiling'], file).toEqual([
        2,
        { max: CEILING, skipBlankLines: true, skipComments: true },
      ]);
    }
  });

  it('finds no disable comment that could lift the ceiling', () => {
    const files = productionFiles();
    expect(files.filter((file) => file.startsWith('server/')).length).toBeGreaterThan(50);
    expect(files.filter((file) => file.endsWith('.tsx')).length).toBeGreaterThan(50);
    const reaching = files.flatMap((file) =>
      directives(readFileSync(file, 'utf8'))
        .filter(({ rules }) => rules.length === 0 || rules.includes('house/function-ceiling'))
        .map(({ line, rules }) => `${file}:${line} ${rules.length ? rules.join(', ') : '(every rule)'}`),
    );
    expect(reaching).toEqual([]);
  });

  it('reads disable comments as ESLint does', () => {
    const source = [
      '// eslint-disable-next-line max-lines-per-function -- a repository object',
      'const a = 1; // eslint-disable-line',
      '/* eslint-disable house/function-ceiling, no-console */',
      '// eslint-disabled is no directive',
    ].join('\n');
    expect(directives(source)).toEqual([
      { line: 1, rules: ['max-lines-per-function'] },
      { line: 2, rules: [] },
      { line: 3, rules: ['house/function-ceiling', 'no-console'] },
    ]);
  });
});
