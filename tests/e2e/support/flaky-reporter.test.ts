import type { TestCase, TestResult } from '@playwright/test/reporter';
import { afterEach, describe, expect, it, vi } from 'vitest';
import FlakyReporter, { flakyReport } from './flaky-reporter';

function testCase(title: string, outcome: ReturnType<TestCase['outcome']>): TestCase {
  return {
    location: { file: '/repo/tests/e2e/pwa-updates.spec.ts', line: 1, column: 1 },
    titlePath: () => ['', '', 'pwa-updates.spec.ts', 'service worker updates', title],
    outcome: () => outcome,
  } as unknown as TestCase;
}

const result = (status: TestResult['status'], message?: string) =>
  ({ status, error: message ? { message } : undefined }) as TestResult;

describe('flaky reporter', () => {
  afterEach(() => vi.restoreAllMocks());

  it('says so when no test needed a retry', () => {
    expect(flakyReport([])).toEqual(['No test needed a retry.']);
  });

  it('names a test that passed on its retry, with why the first attempt failed, and counts them', () => {
    const log = vi.spyOn(console, 'log').mockImplementation(() => undefined);
    const reporter = new FlakyReporter();
    const flaky = testCase('a new worker waits', 'flaky');
    const steady = testCase('the offline page', 'expected');
    reporter.onTestEnd(flaky, result('timedOut', '\u001b[31mTest timeout of 30000ms exceeded.\u001b[39m\n  at x'));
    reporter.onTestEnd(flaky, result('passed'));
    reporter.onTestEnd(steady, result('passed'));
    reporter.onEnd({ status: 'passed' } as never);
    expect(log.mock.calls.map(([line]) => line)).toEqual([
      'flaky: pwa-updates.spec.ts › service worker updates › a new worker waits',
      '  attempt 1: timedOut: Test timeout of 30000ms exceeded.',
      '1 test needed a retry (flaky): find the race, do not raise a timeout.',
    ]);
  });

  it('leaves out a test that failed on every attempt (the run fails for it anyway)', () => {
    const log = vi.spyOn(console, 'log').mockImplementation(() => undefined);
    const reporter = new FlakyReporter();
    const broken = testCase('broken', 'unexpected');
    reporter.onTestEnd(broken, result('failed', 'boom'));
    reporter.onTestEnd(broken, result('failed', 'boom'));
    reporter.onEnd({ status: 'failed' } as never);
    expect(log.mock.calls.map(([line]) => line)).toEqual(['No test needed a retry.']);
  });
});
