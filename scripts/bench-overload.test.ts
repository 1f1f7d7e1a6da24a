/**
 * The overload benchmark still runs: its smoke mode (one second, a few connections,
 * nothing written) against the production build, so that a change that breaks the script
 * fails here rather than on the next measuring day.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { requireProductionBuild } from '../tests/integration/support/site-with-origin';

requireProductionBuild('scripts/bench-overload.test.ts');

describe('scripts/bench-overload.ts --smoke', () => {
  it('measures both runs and writes nothing', { timeout: 240_000 }, async () => {
    const { stdout } = await promisify(execFile)('tsx', ['scripts/bench-overload.ts', '--smoke'], {
      env: { ...process.env, BENCH_OVERLOAD_PORT: process.env.BENCH_OVERLOAD_PORT ?? '3213' },
      timeout: 230_000,
    });
    expect(stdout).toMatch(/\| shedding off \([^)]*\) \| [1-9]\d* \|/);
    expect(stdout).toMatch(/\| shedding on \(default\) \| [1-9]\d* \|/);
    expect(stdout).toContain('Smoke run: nothing written.');
  });
});
