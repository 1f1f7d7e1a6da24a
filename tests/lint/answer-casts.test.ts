/**
 * No cast of an API answer in production code (eslint.config.js, `no-restricted-syntax`):
 * probes linted as if they were files of the servers and the browser.
 */
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

let eslint: ESLint;

beforeAll(() => {
  eslint = new ESLint({ cwd: process.cwd() });
});

async function castReports(file: string, code: string): Promise<number> {
  const [result] = await eslint.lintText(code, { filePath: file });
  return (result?.messages ?? []).filter(
    (message) => message.ruleId === 'no-restricted-syntax' && message.message.startsWith('No cast of an API answer'),
  ).length;
}

describe('casts of API answers', () => {
  it.each([
    ['server/site/probe.ts', 'export const read = async (r: Response) => (await r.json()) as { token: string };'],
    ['src/features/probe.ts', 'export const read = (r: Response) => r.json() as Promise<string[]>;'],
    ['server/site/probe.ts', 'export const read = (answer: { body: unknown }) => answer.body as { token: string };'],
    ['src/features/probe.ts', 'export const read = (body: unknown) => body as string[];'],
    ['sw/probe.ts', 'export const read = (response: unknown) => response as { id: string };'],
  ])('are refused in %s: %s', async (file, code) => {
    expect(await castReports(file, code)).toBe(1);
  });

  it.each([
    // Request bodies are parsed by their route schemas.
    ['server/site/probe.ts', 'export const read = (request: { body: unknown }) => request.body as { form: string };'],
    // `as unknown` claims nothing.
    ['src/features/probe.ts', 'export const read = async (r: Response) => (await r.json()) as unknown;'],
    // Tests may shape what they assert on.
    ['server/site/probe.test.ts', 'export const read = (body: unknown) => body as string[];'],
  ])('are allowed in %s: %s', async (file, code) => {
    expect(await castReports(file, code)).toBe(0);
  });
});
