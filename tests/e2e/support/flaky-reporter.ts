/**
 * Names every test that passed only on a retry ("flaky" in Playwright's terms), at the end
 * of the run, so that `retries` (playwright.config.ts) can absorb a busy machine's noise
 * without hiding a race: a test that needed a retry is a bug to find (issue 31). It does
 * not fail the run: the retry already proved the behaviour works, and the lead decides
 * from the list (README.md "Test it").
 */
import type { FullResult, Reporter, TestCase, TestResult } from '@playwright/test/reporter';

/** What one flaky test looked like: its title path and why each failed attempt failed. */
export interface FlakyTest {
  title: string;
  failures: string[];
}

/** The lines printed for a run's flaky tests (a summary line even when there are none). */
export function flakyReport(flaky: FlakyTest[]): string[] {
  if (flaky.length === 0) return ['No test needed a retry.'];
  return [
    ...flaky.flatMap((test) => [
      `flaky: ${test.title}`,
      ...test.failures.map((failure, attempt) => `  attempt ${attempt + 1}: ${failure}`),
    ]),
    `${flaky.length} ${flaky.length === 1 ? 'test' : 'tests'} needed a retry (flaky): find the race, do not raise a timeout.`,
  ];
}

/** The first line of an error message, without colour codes: enough to tell failures apart. */
function firstLine(message: string | undefined): string {
  // eslint-disable-next-line no-control-regex -- Playwright's messages carry ANSI colour codes
  const plain = (message ?? 'no message').replace(/\u001b\[[0-9;]*m/g, '');
  return plain.split('\n').find((line) => line.trim() !== '') ?? plain;
}

export default class FlakyReporter implements Reporter {
  private readonly failures = new Map<TestCase, string[]>();
  private readonly tests = new Set<TestCase>();

  onTestEnd(test: TestCase, result: TestResult): void {
    this.tests.add(test);
    if (result.status === 'failed' || result.status === 'timedOut') {
      const failures = this.failures.get(test) ?? [];
      failures.push(`${result.status}: ${firstLine(result.error?.message)}`);
      this.failures.set(test, failures);
    }
  }

  onEnd(_result: FullResult): void {
    const flaky = [...this.tests]
      .filter((test) => test.outcome() === 'flaky')
      .map((test) => ({
        title: `${test.location.file.split('/tests/e2e/').pop()} › ${test.titlePath().slice(3).join(' › ')}`,
        failures: this.failures.get(test) ?? [],
      }));
    for (const line of flakyReport(flaky)) console.log(line);
  }

  printsToStdio(): boolean {
    // The list reporter prints the run; this one only adds its summary lines.
    return false;
  }
}
